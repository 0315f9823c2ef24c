import { joinModuleMarkdown, type ModuleOutline, splitModuleMarkdown } from '@coursekit/core';

// What the outline's actions do to the draft's texts: a module's lessons are the `## ` sections of
// its Markdown, the modules' order is course.json's `modules`. Pure, so each action is one edit of
// one text that saves (and meets a conflict) as any typing does.

const withSections = (
  text: string,
  change: (sections: ModuleOutline['sections']) => ModuleOutline['sections'],
) => {
  const outline = splitModuleMarkdown(text);
  return joinModuleMarkdown({ ...outline, sections: change([...outline.sections]) });
};

/** Moves the lesson at `from` to `to`. */
export const moveLesson = (text: string, from: number, to: number) =>
  withSections(text, (sections) => {
    const [moved] = sections.splice(from, 1);
    if (moved) sections.splice(to, 0, moved);
    return sections;
  });

/** A copy of the lesson right after it, titled as a copy. */
export const duplicateLesson = (text: string, index: number) =>
  withSections(text, (sections) => {
    const lesson = sections[index];
    if (lesson) sections.splice(index + 1, 0, { ...lesson, title: `${lesson.title} (copy)` });
    return sections;
  });

export const removeLesson = (text: string, index: number) =>
  withSections(text, (sections) => sections.filter((_, i) => i !== index));

/** A new, empty lesson at the end (a section is a lesson once it has text). */
export const addLesson = (text: string) =>
  withSections(text, (sections) => [...sections, { title: `Lesson ${sections.length + 1}`, body: '' }]);

type Json = Record<string, unknown>;
const toText = (value: Json) => `${JSON.stringify(value, null, 2)}\n`;

/** course.json's text with its `modules` changed; null when it does not parse (the form says why). */
function withModules(text: string, change: (modules: Json[]) => Json[]): string | null {
  try {
    const course = JSON.parse(text) as Json;
    if (!Array.isArray(course.modules)) return null;
    return toText({ ...course, modules: change([...(course.modules as Json[])]) });
  } catch {
    return null;
  }
}

export const moveModule = (text: string, from: number, to: number) =>
  withModules(text, (modules) => {
    const [moved] = modules.splice(from, 1);
    if (moved) modules.splice(to, 0, moved);
    return modules;
  });

/** A module entry, as the settings form adds one. */
export const addModuleEntry = (text: string, id: number) =>
  withModules(text, (modules) => [...modules, { id, name: `Module ${id}`, title: '', description: '' }]);

/** A copy of module `from`'s entry as module `to`, right after it. */
export const duplicateModuleEntry = (text: string, from: number, to: number) =>
  withModules(text, (modules) => {
    const at = modules.findIndex((m) => m.id === from);
    if (at < 0) return modules;
    const copy = { ...modules[at], id: to, name: `${String(modules[at]!.name ?? '')} (copy)` };
    modules.splice(at + 1, 0, copy);
    return modules;
  });

/** Takes module `id` out of the course (its lessons and questions stay in the draft until removed). */
export const removeModuleEntry = (text: string, id: number) =>
  withModules(text, (modules) => modules.filter((m) => m.id !== id));

/** A module's quiz file for another module id. */
export function quizFileFor(text: string, id: number): string {
  try {
    return toText({ ...(JSON.parse(text) as Json), moduleId: id });
  } catch {
    return text;
  }
}

/** The lesson at `from` of `fromText`, as the section to put into another module. */
export const lessonSection = (text: string, from: number) => splitModuleMarkdown(text).sections[from];

/** `text` with `section` put in at `to`. */
export const insertLesson = (text: string, to: number, section: ModuleOutline['sections'][number]) =>
  withSections(text, (sections) => {
    sections.splice(to, 0, section);
    return sections;
  });

/** The lesson at `index` with `markdown` (an image, say) added as its last paragraph. */
export const appendToLesson = (text: string, index: number, markdown: string) =>
  withSections(text, (sections) =>
    sections.map((l, i) => (i === index ? { ...l, body: `${l.body.trimEnd()}\n\n${markdown}` } : l)),
  );

/** Every reference to the image at `from` made to the image at `to` (null: the text has none). */
export function rewriteImageSrc(text: string, from: string, to: string): string | null {
  const parts = text.split(`](${from}`);
  return parts.length > 1 ? parts.join(`](${to}`) : null;
}
