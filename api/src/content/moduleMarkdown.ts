// How a module's markdown becomes lessons: pure text work with no imports, so the API's loader and
// repo tooling (the mocks' fixture generator) split a course the same way.

/** Sections this short are headings without a lesson under them. */
export const MIN_SECTION_LENGTH = 100;

/** One module file: `# title`, then each `## ` section is one lesson (sections over 100 characters). */
export function parseModuleMarkdown(markdown: string): Array<{ title: string; body: string }> {
  const sections: Array<{ title: string; body: string }> = [];
  let current: { title: string; lines: string[] } | undefined;
  let fence = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^(```|~~~)/.test(line)) fence = !fence;
    const heading = !fence && /^## (.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      if (current) sections.push({ title: current.title, body: current.lines.join('\n').trim() });
      current = { title: heading[1]!.trim(), lines: [] };
    } else if (current) {
      current.lines.push(line);
    }
  }
  if (current) sections.push({ title: current.title, body: current.lines.join('\n').trim() });
  return sections.filter((s) => s.body.length > MIN_SECTION_LENGTH);
}
