import { describe, expect, it } from 'vitest';
import { AdminUserViewSchema, pageSchema } from './admin';
import { ProgressStateSchema } from './derived';
import {
  DEFAULT_SYSTEM_SETTINGS,
  QuizQuestionSchema,
  StoredAnswerSchema,
  SystemSettingsSchema,
} from './entities';

describe('the contract', () => {
  it('defaults mean no maintenance (learner §3)', () => {
    expect(SystemSettingsSchema.parse(DEFAULT_SYSTEM_SETTINGS)).toMatchObject({
      maintenance_mode: false,
      system_message: null,
      system_message_type: 'info',
    });
  });
  it('refuses an unknown message type', () => {
    expect(
      SystemSettingsSchema.safeParse({ ...DEFAULT_SYSTEM_SETTINGS, system_message_type: 'fatal' }).success,
    ).toBe(false);
  });
  it('a learner’s question has no answer key', () => {
    expect(Object.keys(QuizQuestionSchema.shape)).not.toContain('correct_answer');
    expect(Object.keys(QuizQuestionSchema.shape)).not.toContain('explanation');
  });
  it('stored answers are letters or objects with selected (learner §3)', () => {
    expect(StoredAnswerSchema.safeParse('C').success).toBe(true);
    expect(StoredAnswerSchema.safeParse({ selected: 'A', correct: 'B', isCorrect: false }).success).toBe(
      true,
    );
    expect(StoredAnswerSchema.safeParse('E').success).toBe(false);
  });
  it('pages carry their total', () => {
    const page = pageSchema(AdminUserViewSchema).parse({ items: [], total: 0, page: 1, pageSize: 25 });
    expect(page.total).toBe(0);
  });
  it('progress state needs a summary', () => {
    expect(ProgressStateSchema.safeParse({ records: [] }).success).toBe(false);
  });
});
