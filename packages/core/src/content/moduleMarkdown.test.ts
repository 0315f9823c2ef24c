import { describe, expect, it } from 'vitest';
import { joinModuleMarkdown, parseModuleMarkdown, splitModuleMarkdown } from './moduleMarkdown';

const LONG =
  'A lesson body long enough to be published as a lesson, which takes more than one hundred characters of plain text to say.';

describe('module markdown', () => {
  it('splits a module file into its title, intro and every section, short ones included', () => {
    const outline = splitModuleMarkdown(`# Meters\n\nWhy meters.\n\n## One\n\n${LONG}\n\n## Two\n\nShort.\n`);
    expect(outline).toEqual({
      title: 'Meters',
      intro: 'Why meters.',
      sections: [
        { title: 'One', body: LONG },
        { title: 'Two', body: 'Short.' },
      ],
    });
    expect(parseModuleMarkdown(joinModuleMarkdown(outline))).toEqual([{ title: 'One', body: LONG }]);
  });

  it('keeps a ## inside fenced code in its lesson', () => {
    const text = `# M\n\n## One\n\n\`\`\`\n## not a lesson\n\`\`\`\n\n${LONG}\n`;
    expect(splitModuleMarkdown(text).sections.map((s) => s.title)).toEqual(['One']);
  });

  it('joins an outline back into the same sections', () => {
    const outline = {
      title: 'M',
      intro: '',
      sections: [
        { title: 'B', body: `${LONG}\n\n### Sub\n\nMore.` },
        { title: 'A', body: '' },
      ],
    };
    expect(joinModuleMarkdown(outline)).toBe(`# M\n\n## B\n\n${LONG}\n\n### Sub\n\nMore.\n\n## A\n`);
    expect(splitModuleMarkdown(joinModuleMarkdown(outline))).toEqual(outline);
  });

  it('keeps an emptied module title as the title, not as text', () => {
    const outline = splitModuleMarkdown('# \n\n## One\n\nBody.\n');
    expect(outline.title).toBe('');
    expect(outline.intro).toBe('');
    expect(splitModuleMarkdown(joinModuleMarkdown(outline))).toEqual(outline);
  });
});
