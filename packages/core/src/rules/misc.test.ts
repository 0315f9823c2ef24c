import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { mapAuthError } from './authErrors';
import {
  avatarInitials,
  formatDuration,
  formatIssueDate,
  moduleDurationMinutes,
  sessionNeedsRefresh,
} from './display';
import { contentHash, lessonKey, slugify } from './lessonKey';
import { createRateLimiter, decideRateLimit, RATE_LIMITS } from './rateLimit';

describe('lesson keys (learner §9)', () => {
  it('are module_{id}_{order}_{slug of title}', () => {
    expect(lessonKey(1, 2, 'Data, Information & Metadata')).toBe('module_1_2_data_information_metadata');
    expect(lessonKey(3, 1, '  Café ISO 8000 — Part 1 ')).toBe('module_3_1_cafe_iso_8000_part_1');
  });
  it('fall back to module_{id}_lesson_{order} when the title gives no slug', () => {
    expect(lessonKey(2, 4, '')).toBe('module_2_lesson_4');
    expect(lessonKey(2, 4, '—?!')).toBe('module_2_lesson_4');
    expect(lessonKey(2, 4, null)).toBe('module_2_lesson_4');
  });
  it('keep slugs to 60 characters without a trailing underscore', () => {
    const slug = slugify(`${'a'.repeat(59)} b`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('_')).toBe(false);
  });
});

describe('content hash', () => {
  it('is SHA-256 in hex', async () => {
    expect(await contentHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('avatar initials (learner §2)', () => {
  it('take up to two first letters of the display name, else the e-mail, else U', () => {
    expect(avatarInitials('Ana Maria Silva')).toBe('AM');
    expect(avatarInitials('ana')).toBe('A');
    expect(avatarInitials(null, 'jo.bloggs@fm.example')).toBe('JB');
    expect(avatarInitials('  ', 'x@y.z')).toBe('X');
    expect(avatarInitials(null, null)).toBe('U');
    expect(avatarInitials('émile zola')).toBe('ÉZ');
  });
});

describe('durations (learner §9)', () => {
  it('are the module’s own duration_minutes, 30 when it has none, shown as 41m or 2h 32m', () => {
    expect([17, 45, null].map((minutes) => moduleDurationMinutes({ duration_minutes: minutes }))).toEqual([
      17, 45, 30,
    ]);
    expect(moduleDurationMinutes({})).toBe(30);
    expect(formatDuration(41)).toBe('41m');
    expect(formatDuration(152)).toBe('2h 32m');
  });
});

describe('session expiry (learner §4)', () => {
  it('is too close with 60 seconds or less left', () => {
    const now = 1_000_000_000;
    expect(sessionNeedsRefresh(now / 1000 + 61, now)).toBe(false);
    expect(sessionNeedsRefresh(now / 1000 + 60, now)).toBe(true);
    expect(sessionNeedsRefresh(now / 1000 - 1, now)).toBe(true);
  });
});

describe('auth error mapping (learner §8)', () => {
  it.each([
    [{ code: 'otp_expired' }, messages.authExpired],
    [{ code: 'token_expired' }, messages.authExpired],
    [{ code: 'invalid_credentials' }, messages.authInvalidCredentials],
    [{ code: 'invalid_grant' }, messages.authInvalidCredentials],
    [{ code: 'email_not_confirmed' }, messages.authEmailNotConfirmed],
    [{ code: 'signup_disabled' }, messages.authSignupDisabled],
    [{ code: 'weak_password' }, messages.authWeakPassword],
    [{ code: 'rate_limited' }, messages.authRateLimited],
    [{ code: 'over_email_send_rate_limit' }, messages.authRateLimited],
    [{ code: 'user_already_registered' }, messages.authUserAlreadyRegistered],
    [{ code: 'invalid_request', message: 'Token has expired' }, messages.authExpired],
    [{ code: 'invalid_request', message: 'bad' }, messages.authInvalidRequest],
    [{ code: 'network_error' }, messages.authNetworkError],
    [{ code: 'timeout' }, messages.authNetworkError],
    [{ code: 'something_new' }, messages.authUnexpected],
    [{ message: 'Invalid login credentials' }, messages.authInvalidCredentials],
    [{ message: 'Email not confirmed' }, messages.authEmailNotConfirmed],
    [{ message: 'User already registered' }, messages.authUserAlreadyRegistered],
    [{ message: 'Failed to fetch' }, messages.authNetworkError],
    [{ message: 'Email link is invalid or has expired' }, messages.authExpired],
    [{ message: 'Signups not allowed for this instance' }, messages.authSignupDisabled],
    [{ message: 'Password is too weak' }, messages.authWeakPassword],
    [{ message: 'Too many requests' }, messages.authRateLimited],
    [{}, messages.authUnexpected],
    [null, messages.authUnexpected],
  ])('%j → %s', (error, message) => {
    expect(mapAuthError(error).message).toBe(message);
  });
  it('an unconfirmed e-mail is not retryable; the others are', () => {
    expect(mapAuthError({ code: 'email_not_confirmed' }).retryable).toBe(false);
    expect(mapAuthError({ code: 'invalid_credentials' }).retryable).toBe(true);
  });
  it('says whether it recognised the error, so a caller can word the unknown ones itself', () => {
    expect(mapAuthError({ code: 'invalid_credentials' }).known).toBe(true);
    expect(mapAuthError({ message: 'fetch failed' }).known).toBe(true);
    expect(mapAuthError({ code: 'teapot', message: 'short and stout' })).toMatchObject({
      known: false,
      message: 'An unexpected error occurred. Please try again.',
    });
  });
});

describe('rate limits (learner §5/§9)', () => {
  it('allow the 5th action in 60 s and refuse the 6th, then allow again once the window passes', () => {
    let now = 0;
    const limiter = createRateLimiter(RATE_LIMITS.signIn, { now: () => now });
    for (let i = 0; i < 5; i++) {
      now += 1000;
      expect(limiter.attempt('ana@example.com').allowed).toBe(true);
    }
    now += 1000;
    const sixth = limiter.attempt('ana@example.com');
    expect(sixth).toEqual({ allowed: false, retryAfterMs: 55_000 });
    expect(limiter.attempt('bo@example.com').allowed).toBe(true);
    now = 60_999;
    expect(limiter.attempt('ana@example.com').allowed).toBe(false);
    now = 61_000;
    expect(limiter.attempt('ana@example.com').allowed).toBe(true);
  });
  it('resend verification: 3 per 60 s, then blocked for 5 minutes', () => {
    let now = 0;
    const limiter = createRateLimiter(RATE_LIMITS.resendVerification, { now: () => now });
    for (let i = 0; i < 3; i++) expect(limiter.attempt('k').allowed).toBe(true);
    expect(limiter.attempt('k')).toEqual({ allowed: false, retryAfterMs: 300_000 });
    now = 299_999;
    expect(limiter.attempt('k').allowed).toBe(false);
    now = 300_000;
    expect(limiter.attempt('k').allowed).toBe(true);
    // The 60 s window: a fourth resend once the first has left it is allowed, a third within it is not.
    for (now = 0; now < 3000; now += 1000) expect(limiter.attempt('w').allowed).toBe(true);
    now = 60_001;
    expect(limiter.attempt('w').allowed).toBe(true);
    expect(limiter.attempt('w')).toEqual({ allowed: false, retryAfterMs: 300_000 });
  });
  it('reset forgets a key', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 }, { now: () => 0 });
    limiter.attempt('k');
    expect(limiter.attempt('k').allowed).toBe(false);
    limiter.reset('k');
    expect(limiter.attempt('k').allowed).toBe(true);
  });
  it('the decision is pure: the state to store comes back with it', () => {
    const d = decideRateLimit({ hits: [0, 10], blockedUntil: null }, 60_005, { limit: 2, windowMs: 60_000 });
    expect(d.allowed).toBe(true);
    expect(d.next.hits).toEqual([10, 60_005]);
  });
});

describe('the day a certificate was issued', () => {
  it('is the UTC calendar day wherever it is read, in the words of the language asked for', () => {
    // 23:30 UTC on 23 November is already the 24th in Tokyo and still the 23rd in Los Angeles.
    expect(formatIssueDate('2025-11-23T23:30:00Z')).toBe('23 November 2025');
    expect(formatIssueDate('2025-11-24T00:30:00Z')).toBe('24 November 2025');
    expect(formatIssueDate('2025-11-23T23:30:00Z', 'en-US')).toBe('November 23, 2025');
    expect(formatIssueDate('2025-11-23T23:30:00Z', 'de_DE')).toBe('23 November 2025');
  });
});
