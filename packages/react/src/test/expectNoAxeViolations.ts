import axe from 'axe-core';
import { expect } from 'vitest';

/** Runs axe on the whole document (dialogs portal into the widget root) and lists any violation. */
export async function expectNoAxeViolations(root: Element = document.body) {
  const results = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false } }, // jsdom has no layout to measure contrast
  });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}
