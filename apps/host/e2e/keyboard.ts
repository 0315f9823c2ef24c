import type { Locator, Page } from 'playwright-core';

// The keyboard-only journeys' hands: every field and button is reached with Tab, in the page's own
// order, and used with keys alone.

/**
 * Presses Tab until `target` has the focus: the keyboard reaches it, in the page's own order. The
 * focus is read from the target's own root: in a shadow root (the embedded player renders in one)
 * the document's activeElement is the shadow's host.
 */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  for (let press = 0; press < 400; press++) {
    if (await target.evaluate((el) => el === (el.getRootNode() as Document | ShadowRoot).activeElement))
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** Tabs to a field and replaces its text, keys only. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** Tabs to a button and presses Enter. */
export async function pressButton(page: Page, button: Locator): Promise<void> {
  await tabTo(page, button);
  await page.keyboard.press('Enter');
}

/** Waits for the studio's autosave to say Saved. */
export async function saved(page: Page): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved$/ })
    .waitFor();
}
