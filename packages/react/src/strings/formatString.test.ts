import { describe, expect, it } from 'vitest';
import { formatString } from './formatString';

describe('formatString', () => {
  it('fills every placeholder, as often as it appears, in the order the language puts them', () => {
    expect(formatString('Module {number}: {name}', { number: 2, name: 'Data Quality' })).toBe(
      'Module 2: Data Quality',
    );
    expect(
      formatString('{total} Fragen, davon {done} beantwortet ({done}/{total})', { done: 3, total: 5 }),
    ).toBe('5 Fragen, davon 3 beantwortet (3/5)');
  });

  it('leaves a placeholder without a value visible rather than dropping it', () => {
    expect(formatString('Weiter in Modul {module}.', {})).toBe('Weiter in Modul {module}.');
  });

  it('keeps a value’s own braces and dollar signs as written', () => {
    expect(formatString('Your answer: {answer}', { answer: 'B. {x} costs $& $1' })).toBe(
      'Your answer: B. {x} costs $& $1',
    );
  });
});
