import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { newContext, screenshotBoth, seriousViolations } from './browser';

/**
 * Runs one journey in a fresh browser context (its own storage, so its own session); on failure
 * the page is screenshotted at desktop and phone widths into apps/host/test-results/.
 */
export async function inBrowser(
  browser: Browser,
  url: string,
  name: string,
  journey: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await newContext(browser, url);
  const page = await context.newPage();
  try {
    await journey(page);
  } catch (error) {
    await screenshotBoth(page, name).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

/** axe-core finds no serious or critical violation on the screen as it is now. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${screen} (${page.url()}): ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

export interface MailboxEntry {
  to: string;
  subject: string;
  links: string[];
}

/** The newest mail to `to` with a link containing `linkPart`, from the API's dev mailbox. */
export async function mailLink(url: string, to: string, linkPart: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const response = await fetch(`${url}/api/dev/mailbox`);
    const { messages } = (await response.json()) as { messages: MailboxEntry[] };
    const link = messages
      .filter((m) => m.to === to)
      .flatMap((m) => m.links)
      .find((l) => l.includes(linkPart));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} with a link to ${linkPart}`);
}

let counter = 0;
/** A new learner's e-mail, unique per run. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}@example.com`;
}

export const LEARNER_PASSWORD = 'Facility-Data-42';

/** Signs up through the form; the API signs the learner in at once (DESIGN decision 8). */
export async function signUp(page: Page, email: string, name = 'Casey Learner'): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Full name (optional)').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(LEARNER_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByText('Account Created').waitFor();
  await page.waitForURL((u) => u.pathname === '/');
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** A signed-in new learner in a browser context of its own (another browser, another session). */
export async function newLearnerPage(
  browser: Browser,
  url: string,
  label: string,
): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await newContext(browser, url);
  const page = await context.newPage();
  await signUp(page, uniqueEmail(label));
  return { page, close: () => context.close() };
}

/**
 * The API as the signed-in learner of `page` (the session the site keeps in localStorage): each
 * call expects success and answers the JSON (undefined for 204).
 */
export async function learnerApi(page: Page, url: string) {
  const raw = await page.evaluate(() => localStorage.getItem('coursekit.session'));
  const token = (JSON.parse(raw ?? '{}') as { access_token?: string }).access_token;
  expect(token).toBeTruthy();
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.ok, `${method} ${path} → ${response.status}`).toBe(true);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
}

/** '' for the default course's paths, `/courses/{slug}` for another course's (site and API alike). */
export const coursePrefix = (slug?: string): string => (slug ? `/courses/${slug}` : '');

/**
 * A course's final quiz key, learned the way a learner could: one throw-away attempt through the
 * API reveals each question's correct letter once it is answered.
 */
export async function learnFinalQuiz(page: Page, url: string, slug?: string) {
  const call = await learnerApi(page, url);
  const prefix = coursePrefix(slug);
  const cards = await call<Array<{ quiz: { id: number; kind: string } }>>('GET', `${prefix}/quizzes`);
  const final = cards.find((card) => card.quiz.kind === 'course');
  if (!final) throw new Error('The course has no final quiz');
  const { questions } = await call<{ questions: Array<{ id: number; question_text: string }> }>(
    'GET',
    `${prefix}/quizzes/${final.quiz.id}`,
  );
  const attempt = await call<{ id: number }>('POST', `${prefix}/quizzes/${final.quiz.id}/attempts`);
  const key = new Map<string, string>();
  for (const question of questions) {
    const result = await call<{ correct_answer: string }>('POST', `/attempts/${attempt.id}/answers`, {
      question_id: question.id,
      answer: 'A',
    });
    key.set(question.question_text, result.correct_answer);
  }
  await call('POST', `/attempts/${attempt.id}/complete`, {});
  return { quizId: final.quiz.id, key };
}

/** Marks each of a module's `lessons` complete on its page, through to the module's Congratulations. */
export async function completeModule(page: Page, moduleId: number, lessons: number, slug?: string) {
  await page.goto(`${coursePrefix(slug)}/module/${moduleId}`);
  const markComplete = page.getByRole('button', { name: 'Mark Complete' });
  const dialog = page.getByRole('dialog');
  for (let lesson = 0; lesson < lessons; lesson++) {
    await markComplete.click();
    if (lesson < lessons - 1) await page.getByText(`${lesson + 1} of ${lessons} lessons completed`).waitFor();
  }
  await dialog.getByText('Congratulations!').waitFor();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.waitFor({ state: 'detached' });
}

let granterToken: Promise<string> | undefined;

/**
 * An admin's access token for a journey's admin API calls: the account the global setup made, signed
 * in once per test file (each file has its own module; a token lives 15 minutes, longer than a file).
 */
export function adminToken(url: string): Promise<string> {
  granterToken ??= (async () => {
    const res = await fetch(`${url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(inject('granter')),
    });
    expect(res.ok, `the journeys' admin could not sign in: ${res.status}`).toBe(true);
    return ((await res.json()) as { access_token: string }).access_token;
  })();
  return granterToken;
}

/** Gives the signed-in user of `page` a role, through the admin API. */
export async function grant(page: Page, url: string, role: 'moderator' | 'admin'): Promise<void> {
  const { user: me } = await (await learnerApi(page, url))<{ user: { id: string } }>('GET', '/auth/user');
  const res = await fetch(`${url}/api/admin/users/${me.id}/roles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(url)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ role }),
  });
  expect(res.status).toBeLessThan(300);
}
