import { describe, expect, it } from 'vitest';
import { endpoints, pathOf, SignUpBodySchema } from './endpoints';

describe('the wire protocol', () => {
  it('fills and encodes path parameters', () => {
    expect(pathOf(endpoints.setLessonCompleted.path, { lessonKey: 'module_1_1_a b' })).toBe(
      '/progress/lessons/module_1_1_a%20b',
    );
    expect(() => pathOf(endpoints.lessons.path)).toThrow('Missing path parameter moduleId');
  });
  it('has one method and path per endpoint', () => {
    const keys = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('refuses unknown fields in bodies', () => {
    expect(SignUpBodySchema.safeParse({ email: 'a@b.co', password: 'x', role: 'admin' }).success).toBe(false);
  });
});
