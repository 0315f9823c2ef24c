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
  it('a page carries the total of every match, not of its own items, and checks each item', () => {
    const Users = pageSchema(AdminUserViewSchema);
    const user = {
      id: '7d8c2f0e-0b1a-4a57-9a43-3f3c1f1a2b3c',
      display_name: 'Ada Admin',
      email: 'ada@example.com',
      roles: ['admin'],
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: null,
      last_sign_in_at: null,
      email_confirmed_at: null,
      avatar_url: null,
    };
    const second = { items: [user], total: 26, page: 2, pageSize: 25 };
    expect(Users.parse(second)).toEqual(second);
    const { total: _missing, ...withoutTotal } = second;
    expect(Users.safeParse(withoutTotal).success).toBe(false);
    expect(Users.safeParse({ ...second, items: [{ ...user, roles: ['owner'] }] }).success).toBe(false);
  });
  it('progress state needs a summary', () => {
    expect(ProgressStateSchema.safeParse({ records: [] }).success).toBe(false);
  });
});
