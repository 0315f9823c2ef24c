import { describe, expect, it } from 'vitest';
import { adminMessages } from '../adminMessages';
import { courseUpdate } from './courseStatus';

describe('a course update', () => {
  const defaultCourse = { status: 'published', is_default: true } as const;
  const other = { status: 'published', is_default: false } as const;

  it('archives, drafts or publishes a course that is not the default', () => {
    expect(courseUpdate(other, { status: 'archived' })).toEqual({
      ok: true,
      status: 'archived',
      is_default: false,
    });
    expect(courseUpdate({ status: 'draft', is_default: false }, { status: 'published' })).toMatchObject({
      ok: true,
      status: 'published',
    });
  });

  it('keeps the default course published', () => {
    const refused = courseUpdate(defaultCourse, { status: 'draft' });
    expect(refused).toEqual({ ok: false, refusal: 'defaultStaysPublished' });
    if (!refused.ok) expect(adminMessages[refused.refusal]).toMatch(/^This is the default course/);
  });

  it('makes only a published course the default, or one published in the same change', () => {
    expect(courseUpdate({ status: 'draft', is_default: false }, { is_default: true })).toEqual({
      ok: false,
      refusal: 'defaultMustBePublished',
    });
    expect(
      courseUpdate({ status: 'draft', is_default: false }, { is_default: true, status: 'published' }),
    ).toEqual({ ok: true, status: 'published', is_default: true });
    expect(courseUpdate(defaultCourse, { is_default: true })).toMatchObject({ ok: true, is_default: true });
  });
});
