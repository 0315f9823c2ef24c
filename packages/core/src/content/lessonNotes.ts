import { courseHasNoLesson, sectionNotALesson } from '../studioMessages';
import { MIN_SECTION_LENGTH, splitModuleMarkdown } from './moduleMarkdown';

/** A `## ` section that is not published as a lesson, and where it stands. */
export interface ShortSection {
  moduleId: number;
  /** Its place among the module's `## ` sections, from 1. */
  position: number;
  title: string;
  /** The characters of text under its heading (a lesson needs more than MIN_SECTION_LENGTH). */
  length: number;
}

const MODULE_FILE = /^modules\/module-(\d+)\.md$/;

/** The `## ` sections of a course's module files that are too short to be lessons, in module order. */
export function shortSections(modules: ReadonlyArray<{ path: string; text: string }>): ShortSection[] {
  return modules
    .flatMap((file) => {
      const id = MODULE_FILE.exec(file.path)?.[1];
      if (!id) return [];
      return splitModuleMarkdown(file.text).sections.flatMap((section, index) =>
        section.body.length > MIN_SECTION_LENGTH
          ? []
          : [
              {
                moduleId: Number(id),
                position: index + 1,
                title: section.title,
                length: section.body.length,
              },
            ],
      );
    })
    .sort((a, b) => a.moduleId - b.moduleId || a.position - b.position);
}

/**
 * What an author or an admin is told before a course is published or imported: each section that
 * will not be a lesson and why, and a course left with no lesson at all. Notes, not refusals: a
 * heading with its text still to come is a draft's normal state.
 */
export function lessonNotes(modules: ReadonlyArray<{ path: string; text: string }>): string[] {
  const notes = shortSections(modules).map((s) =>
    sectionNotALesson(s.moduleId, s.title, s.length, MIN_SECTION_LENGTH),
  );
  const lessons = modules.some(
    (file) =>
      MODULE_FILE.test(file.path) &&
      splitModuleMarkdown(file.text).sections.some((s) => s.body.length > MIN_SECTION_LENGTH),
  );
  if (!lessons) notes.push(courseHasNoLesson(MIN_SECTION_LENGTH));
  return notes;
}
