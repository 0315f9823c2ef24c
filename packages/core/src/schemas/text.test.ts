import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { isStorableText, textInput } from './text';

describe('textInput: the rule for every string a client sends', () => {
  it.each([
    ['plain text', 'Ana Silva'],
    ['accents and other scripts', 'José Ñúñez — 東京'],
    ['an emoji (a surrogate pair)', 'Great course 😀'],
    ['the empty string', ''],
  ])('accepts %s', (_what, value) => {
    expect(isStorableText(value)).toBe(true);
    expect(textInput().safeParse(value).success).toBe(true);
  });

  it.each([
    ['NUL', 'a\u0000@example.org'],
    ['a lone high surrogate', 'a\ud83d'],
    ['a lone low surrogate', '\ude00b'],
    ['a pair in the wrong order', '\ude00\ud83d'],
  ])('refuses %s with the field message', (_what, value) => {
    expect(isStorableText(value)).toBe(false);
    const parsed = textInput().safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(messages.textNotStorable);
  });
});
