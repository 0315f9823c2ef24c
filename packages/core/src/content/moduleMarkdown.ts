// How a module's markdown becomes lessons: pure text work, so the API's loader, the course zip's
// checks, the studio's lesson outline and repo tooling (the mocks' fixture generator) split a
// module file the same way.

/** Sections this short are headings without a lesson under them. */
export const MIN_SECTION_LENGTH = 100;

/** A module file taken apart: `# title`, the text before the first lesson, and every `## ` section. */
export interface ModuleOutline {
  /** The module's `# ` heading, without the marks ('' when the file has none). */
  title: string;
  /** Whatever stands between the title and the first `## ` section (usually nothing). */
  intro: string;
  /** Every `## ` section in order, short ones included (only longer ones are published as lessons). */
  sections: Array<{ title: string; body: string }>;
}

const SECTION = /^## (.+?)\s*#*\s*$/;
const TITLE = /^#(?:[ \t]+(.*?))?[ \t#]*$/;

/** Splits a module file into its title, intro and every `## ` section (fenced code aware). */
export function splitModuleMarkdown(markdown: string): ModuleOutline {
  let title: string | undefined;
  const intro: string[] = [];
  const sections: ModuleOutline['sections'] = [];
  let current: { title: string; lines: string[] } | undefined;
  let fence = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^(```|~~~)/.test(line)) fence = !fence;
    const heading = !fence && SECTION.exec(line);
    const top = !fence && !current && title === undefined && TITLE.exec(line);
    if (heading) {
      if (current) sections.push({ title: current.title, body: current.lines.join('\n').trim() });
      current = { title: heading[1]!.trim(), lines: [] };
    } else if (top) {
      title = (top[1] ?? '').trim();
    } else if (current) {
      current.lines.push(line);
    } else {
      intro.push(line);
    }
  }
  if (current) sections.push({ title: current.title, body: current.lines.join('\n').trim() });
  return { title: title ?? '', intro: intro.join('\n').trim(), sections };
}

/** The module file for an outline: the inverse of `splitModuleMarkdown` (up to blank lines). */
export function joinModuleMarkdown({ title, intro, sections }: ModuleOutline): string {
  const parts = [`# ${title.trim()}`];
  if (intro.trim()) parts.push(intro.trim());
  for (const section of sections) {
    parts.push(`## ${section.title.trim()}`);
    if (section.body.trim()) parts.push(section.body.trim());
  }
  return `${parts.join('\n\n')}\n`;
}

/** One module file: `# title`, then each `## ` section is one lesson (sections over 100 characters). */
export function parseModuleMarkdown(markdown: string): Array<{ title: string; body: string }> {
  return splitModuleMarkdown(markdown).sections.filter((s) => s.body.length > MIN_SECTION_LENGTH);
}
