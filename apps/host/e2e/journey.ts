import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
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
