import { messages } from '../messages';
import { validateEmail } from './email';
import { CREATE_USER_PASSWORD_MIN_LENGTH } from './password';
import { invalid, type Validated, valid } from './result';

export const FORM_INPUT_MAX_LENGTH = 1000;

/**
 * learner §5: sign-in and sign-up text inputs are trimmed, stripped of < > ' " & and cut to
 * 1000 characters. Never apply this to a password.
 */
export function sanitizeFormInput(raw: string): string {
  return raw
    .trim()
    .replace(/[<>'"&]/g, '')
    .slice(0, FORM_INPUT_MAX_LENGTH);
}

/** Trims; a blank value is stored as null (learner §5 display name, admin §5 profile edit). */
export function blankToNull(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim();
  return value === '' ? null : value;
}

/** learner §5 / admin §5: display name is trimmed and an empty one saves as null. */
export const normalizeDisplayName = blankToNull;

/** admin §5: the system message is trimmed; a blank message clears it. */
export const normalizeSystemMessage = blankToNull;

/** learner §5: the account screen's reset dialog needs an e-mail. */
export function validateResetEmailField(raw: string): Validated<string> {
  const email = raw.trim();
  return email === '' ? invalid(messages.emailRequiredDescription) : valid(email);
}

export interface CreateUserForm {
  email: string;
  password: string;
  displayName: string;
  avatarUrl?: string;
}

export type CreateUserErrors = Partial<Record<'email' | 'password' | 'displayName', string>>;

/**
 * admin §5's create-user checks, field by field. The server also applies the sign-up password
 * policy (DESIGN decision 5), so a 6-character password passes here and may be refused there.
 */
export function validateCreateUserForm(form: CreateUserForm): CreateUserErrors {
  const errors: CreateUserErrors = {};
  const email = validateEmail(form.email);
  if (!email.ok)
    errors.email = email.error === messages.emailRequired ? email.error : messages.createUserEmailInvalid;
  if (!form.password) errors.password = messages.passwordRequired;
  else if (form.password.length < CREATE_USER_PASSWORD_MIN_LENGTH)
    errors.password = messages.createUserPasswordTooShort;
  if (!form.displayName.trim()) errors.displayName = messages.createUserDisplayNameRequired;
  return errors;
}

/** admin §4/§5: the five things a user deletion removes; each must be confirmed. */
export const DELETE_USER_PARTS = ['progress', 'quizAttempts', 'roles', 'profile', 'authAccount'] as const;
export type DeleteUserPart = (typeof DELETE_USER_PARTS)[number];
export type DeleteUserConfirmations = Record<DeleteUserPart, boolean>;

export function canDeleteUser(confirmations: Partial<DeleteUserConfirmations>): boolean {
  return DELETE_USER_PARTS.every((part) => confirmations[part] === true);
}
