import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { normalizeEmail, validateEmail } from './email';
import {
  blankToNull,
  canDeleteUser,
  sanitizeFormInput,
  validateCreateUserForm,
  validateResetEmailField,
} from './forms';
import { validateName } from './name';
import { passwordClassCount, validatePassword, validateResetPasswordForm } from './password';

const errorOf = (r: { ok: boolean; error?: string }) => (r.ok ? null : r.error);

describe('e-mail (learner §5)', () => {
  it('is lowercased and trimmed', () => {
    expect(validateEmail('  Ana.Silva@Example.COM ')).toEqual({ ok: true, value: 'ana.silva@example.com' });
    expect(normalizeEmail(' A@B.C ')).toBe('a@b.c');
  });
  it.each([
    ['', messages.emailRequired],
    ['   ', messages.emailRequired],
    [undefined, messages.emailRequired],
    ['no-at-sign', messages.emailInvalidFormat],
    ['a@b', messages.emailInvalidFormat],
    ['a b@c.de', messages.emailInvalidFormat],
    ['a++b@c.de', messages.emailInvalidCharacters],
    ['"ana"@c.de', messages.emailInvalidCharacters],
    ["o'neil@c.de", messages.emailInvalidCharacters],
    ['<script>@c.de', messages.emailInvalidCharacters],
    ['javascript:alert(1)@c.de', messages.emailInvalidCharacters],
  ])('refuses %j with %j', (input, message) => {
    expect(errorOf(validateEmail(input))).toBe(message);
  });
  it('accepts one plus sign', () => {
    expect(validateEmail('ana+fm@c.de').ok).toBe(true);
  });
  it('accepts 320 characters and refuses 321', () => {
    const at320 = `${'a'.repeat(320 - '@example.com'.length)}@example.com`;
    expect(at320).toHaveLength(320);
    expect(validateEmail(at320).ok).toBe(true);
    expect(errorOf(validateEmail(`a${at320}`))).toBe(messages.emailTooLong);
  });
});

describe('sign-up password (learner §5)', () => {
  it.each([
    ['', messages.passwordRequired],
    ['Ab1!xyz', messages.passwordTooShort],
    ['abcdefgh', messages.passwordClasses],
    ['abcdefg1', messages.passwordClasses],
    ['Password1!', messages.passwordCommon],
    ['Xy123456!', messages.passwordCommon],
    ['Qwerty!!9', messages.passwordCommon],
    ['MyAdmin#77', messages.passwordCommon],
    ['LetMeIn99', messages.passwordCommon],
  ])('refuses %j with %j', (input, message) => {
    expect(errorOf(validatePassword(input))).toBe(message);
  });
  it('accepts 8 and 128 characters with three classes, refuses 129', () => {
    expect(validatePassword('Facil1ty').ok).toBe(true);
    const at128 = `Aa1${'x'.repeat(125)}`;
    expect(validatePassword(at128).ok).toBe(true);
    expect(errorOf(validatePassword(`${at128}x`))).toBe(messages.passwordTooLong);
  });
  it('counts the four classes', () => {
    expect(passwordClassCount('abc')).toBe(1);
    expect(passwordClassCount('aB3$')).toBe(4);
    expect(passwordClassCount('chiller-42')).toBe(3);
  });
  it('is never altered', () => {
    expect(validatePassword('  Sp@ce y1  ')).toEqual({ ok: true, value: '  Sp@ce y1  ' });
  });
});

describe('name (learner §5)', () => {
  it('is optional at sign-up and required where asked', () => {
    expect(validateName(undefined)).toEqual({ ok: true, value: undefined });
    expect(validateName('')).toEqual({ ok: true, value: undefined });
    expect(errorOf(validateName('', { required: true }))).toBe(messages.nameRequired);
  });
  it.each([
    ['   ', messages.nameEmpty],
    ['a'.repeat(101), messages.nameTooLong],
    ['<b>Ana</b>', messages.nameDangerous],
    ['Ana onload=alert(1)', messages.nameDangerous],
    ['Ana 2', messages.nameInvalidCharacters],
    ['Ana_Silva', messages.nameInvalidCharacters],
  ])('refuses %j with %j', (input, message) => {
    expect(errorOf(validateName(input))).toBe(message);
  });
  it('accepts letters of any script, spaces, apostrophes and hyphens, 1 to 100 characters', () => {
    expect(validateName(" Siobhán O'Brien-Núñez ")).toEqual({ ok: true, value: "Siobhán O'Brien-Núñez" });
    expect(validateName('a'.repeat(100)).ok).toBe(true);
    expect(validateName('J').ok).toBe(true);
  });
});

describe('form input (learner §5)', () => {
  it('is trimmed, stripped of < > \' " & and cut to 1000 characters', () => {
    expect(sanitizeFormInput('  <Ana> "O\'Neil" & co  ')).toBe('Ana ONeil  co');
    expect(sanitizeFormInput('x'.repeat(1001))).toHaveLength(1000);
  });
});

describe('password reset form (learner §5)', () => {
  it.each([
    ['', '', messages.resetPasswordRequired],
    ['abcde', 'abcde', messages.resetPasswordTooShort],
    ['abcdef', 'abcdeg', messages.resetPasswordMismatch],
  ])('refuses %j / %j with %j', (password, confirm, message) => {
    expect(errorOf(validateResetPasswordForm(password, confirm))).toBe(message);
  });
  it('accepts six matching characters', () => {
    expect(validateResetPasswordForm('abcdef', 'abcdef').ok).toBe(true);
  });
  it('the account dialog needs an e-mail', () => {
    expect(errorOf(validateResetEmailField('  '))).toBe(messages.emailRequiredDescription);
    expect(validateResetEmailField(' a@b.co ')).toEqual({ ok: true, value: 'a@b.co' });
  });
});

describe('display name, profile edit and system message', () => {
  it('are trimmed and stored as null when blank', () => {
    expect(blankToNull('  Ana  ')).toBe('Ana');
    expect(blankToNull('   ')).toBeNull();
    expect(blankToNull(null)).toBeNull();
  });
});

describe('create user (admin §5)', () => {
  it('reports each field with the admin texts', () => {
    expect(validateCreateUserForm({ email: '', password: '', displayName: ' ' })).toEqual({
      email: messages.emailRequired,
      password: messages.passwordRequired,
      displayName: messages.createUserDisplayNameRequired,
    });
    expect(validateCreateUserForm({ email: 'nope', password: '12345', displayName: 'Ana' })).toEqual({
      email: messages.createUserEmailInvalid,
      password: messages.createUserPasswordTooShort,
    });
    expect(validateCreateUserForm({ email: 'a@b.co', password: '123456', displayName: 'Ana' })).toEqual({});
  });
});

describe('delete user (admin §5)', () => {
  it('needs all five confirmations', () => {
    const four = { progress: true, quizAttempts: true, roles: true, profile: true };
    expect(canDeleteUser(four)).toBe(false);
    expect(canDeleteUser({ ...four, authAccount: false })).toBe(false);
    expect(canDeleteUser({ ...four, authAccount: true })).toBe(true);
  });
});
