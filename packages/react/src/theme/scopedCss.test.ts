import { describe, expect, it } from 'vitest';
import '../styles';

// Partners embed the widgets in pages they do not control: no rule may select anything by element,
// id or attribute alone. Every selector starts at one of our own classes (or the root's :where()).
function selectorsOf(rules: CSSRuleList, out: string[] = []): string[] {
  for (const rule of Array.from(rules)) {
    if ('selectorText' in rule) out.push(...String(rule.selectorText).split(','));
    else if ('cssRules' in rule && !('name' in rule)) selectorsOf(rule.cssRules as CSSRuleList, out);
  }
  return out;
}

describe('widget CSS stays inside the widget', () => {
  const selectors = Array.from(document.styleSheets).flatMap((sheet) => selectorsOf(sheet.cssRules));

  it('is injected (the check would be empty otherwise)', () => {
    expect(selectors.length).toBeGreaterThan(40);
  });

  it('starts every selector at a CourseKit class', () => {
    const leaking = selectors
      .map((s) => s.trim())
      .filter((s) => !/^(:where\(\.coursekit\)|\.[A-Za-z_][\w-]*)/.test(s));
    expect(leaking).toEqual([]);
  });

  it('sets the root’s own font, colour and line-height so the host’s do not leak in', () => {
    const root = Array.from(document.styleSheets)
      .flatMap((sheet) => Array.from(sheet.cssRules))
      .find(
        (r) =>
          'selectorText' in r && /root/.test(String(r.selectorText)) && !/\s/.test(String(r.selectorText)),
      ) as CSSStyleRule | undefined;
    expect(root?.style.getPropertyValue('font-family')).toContain('var(--ck-font-body)');
    expect(root?.style.getPropertyValue('line-height')).toBe('1.5');
    expect(root?.style.getPropertyValue('color')).toContain('var(--ck-color-text)');
  });
});
