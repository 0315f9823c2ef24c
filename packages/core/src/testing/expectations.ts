import { expect } from 'vitest';
import type { CourseAdapter } from '../adapter/CourseAdapter';
import { CourseError } from '../errors';

let counter = 0;
/** A fresh, valid e-mail per call, so tests never collide on one backend. */
export function uniqueEmail(prefix = 'learner'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@conformance.example`;
}

/** Lower-case letters only (names take letters), different on every call. */
export function uniqueTag(): string {
  counter += 1;
  const seed = `${Date.now().toString(36)}${counter.toString(36)}`.replace(
    /\d/g,
    (d) => 'qrstuvwxyz'[Number(d)]!,
  );
  return `x${seed.slice(-7)}`;
}

export const CONFORMANCE_PASSWORD = 'Facility-42-Data';

/**
 * The call fails with a CourseError of this code AND this message: a backend that answers the right
 * code with other words has drifted from the other backends, and the widgets would show it.
 */
export async function expectCourseError(
  promise: Promise<unknown>,
  code: string,
  message: string,
): Promise<CourseError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected the call to fail with a CourseError').toBeInstanceOf(CourseError);
  expect({ code: (error as CourseError).code, message: (error as CourseError).message }).toEqual({
    code,
    message,
  });
  return error as CourseError;
}

/** A new learner, signed up and signed in on a harness's backend. */
export async function signedUp(
  harness: {
    makeAdapter: () => Promise<CourseAdapter> | CourseAdapter;
    /** An adapter without accounts of its own, already signed in as a fresh learner (an LMS package). */
    signedInLearner?: () => Promise<CourseAdapter> | CourseAdapter;
  },
  name: string | undefined = 'Ana Silva',
) {
  if (harness.signedInLearner) {
    const adapter = await harness.signedInLearner();
    const session = await adapter.auth.getSession();
    return { adapter, email: '', userId: session?.user.id ?? '' };
  }
  const adapter = await harness.makeAdapter();
  const email = uniqueEmail();
  const result = await adapter.auth.signUp({
    email,
    password: CONFORMANCE_PASSWORD,
    ...(name ? { name } : {}),
  });
  if (!result.session) await adapter.auth.signIn({ email, password: CONFORMANCE_PASSWORD });
  const session = await adapter.auth.getSession();
  return { adapter, email, userId: session!.user.id };
}
