import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { CourseError } from '../errors';
import { invalidInput, parseInput } from './invalidInput';

describe('how input refused at the edge is worded', () => {
  it('names each field and why, in the message and in `fields`', () => {
    expect(
      invalidInput('query', { page: 'Expected 1 to 10', sort: 'Not an allowed value' }).toJSON(),
    ).toEqual({
      error: {
        code: 'validation_error',
        message: 'Invalid request query: page: Expected 1 to 10; sort: Not an allowed value',
        fields: { page: 'Expected 1 to 10', sort: 'Not an allowed value' },
      },
    });
  });

  it('reads a schema’s issues: unknown keys, wrong types, enum values, own messages', () => {
    const schema = z.strictObject({
      n: z.number(),
      kind: z.enum(['a', 'b']),
      size: z.optional(z.number().check(z.lte(3, { error: 'At most 3' }))),
    });
    let error: unknown;
    try {
      parseInput(schema, { n: 'x', kind: 'c', size: 4, extra: 1 }, 'body');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CourseError);
    expect((error as CourseError).fields).toEqual({
      n: 'Expected number',
      kind: 'Not an allowed value',
      size: 'At most 3',
      extra: 'Unknown field',
    });
    expect(parseInput(schema, { n: 1, kind: 'a' }, 'body')).toEqual({ n: 1, kind: 'a' });
  });
});
