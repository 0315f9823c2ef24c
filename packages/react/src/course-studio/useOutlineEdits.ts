import {
  type DraftFile,
  draftFileNoun,
  moduleFilePath,
  quizFilePath,
  type StudioAdapter,
  type StudioOutline,
} from '@coursekit/core';
import { useState } from 'react';
import { newModuleFiles } from './courseFiles';
import type { LiveText } from './FileEditor';
import type { OutlineItem } from './OutlineNav';
import {
  addLesson,
  addModuleEntry,
  appendToLesson,
  duplicateLesson,
  duplicateModuleEntry,
  insertLesson,
  lessonSection,
  moveLesson,
  moveModule,
  quizFileFor,
  removeLesson,
  removeModuleEntry,
  rewriteImageSrc,
} from './outlineEdits';
import { messageOf } from './useLoad';

export type OutlineAction = 'up' | 'down' | 'duplicate' | 'remove';

/**
 * The outline's actions on modules and lessons. Each is an edit of a draft text: through the open
 * editor when it has that text (so the author's own typing and the action save as one, never as a
 * conflict with each other), else saved at once on the revision the outline shows.
 */
export function useOutlineEdits(options: {
  studio: StudioAdapter;
  course: string;
  files: readonly DraftFile[];
  /** The open editor's text (read when an action runs). */
  live: { readonly current: LiveText | null };
  /** An action changed the open editor's text: the outline shows it before it is saved. */
  onLiveEdit: (edited: { path: string; text: string }) => void;
  outline: StudioOutline;
  selected: OutlineItem;
  select: (item: OutlineItem) => void;
  onSaved: (file: DraftFile) => void;
  onRemoved: (path: string) => void;
}) {
  const { studio, course, files, outline, selected, select, onSaved } = options;
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);

  const openText = (path: string) => (options.live.current?.path === path ? options.live.current : null);
  const textOf = (path: string) => openText(path)?.text ?? files.find((f) => f.path === path)?.text;

  /** Edits a draft text; `now`: the open editor saves it at once (the author is taken elsewhere). */
  async function editFile(
    path: string,
    change: (text: string) => string | null,
    now = false,
  ): Promise<boolean> {
    const open = openText(path);
    if (open) {
      const next = change(open.text);
      if (next === null) return false;
      open.edit(next);
      options.onLiveEdit({ path, text: next });
      if (now) await open.save();
      return true;
    }
    const file = files.find((f) => f.path === path);
    const next = file?.text == null ? null : change(file.text);
    if (!file || next === null) return false;
    onSaved(await studio.save(course, path, { text: next }, file.revision));
    return true;
  }

  /** Runs an action; a refusal is said in the outline's words. */
  const run = (action: () => Promise<void>) => {
    setError(null);
    action().catch((e) => {
      const text = messageOf(e);
      const path = files.map((f) => f.path).find((p) => text.includes(p));
      setError(path ? text.split(path).join(draftFileNoun(path, outline)) : text);
    });
  };

  const lessonsOf = (module: number) => outline.modules.find((m) => m.id === module)?.lessons ?? [];

  function moveLessonTo(module: number, from: number, to: number) {
    const lessons = lessonsOf(module);
    if (to < 0 || to >= lessons.length || from === to) return;
    run(async () => {
      if (!(await editFile(moduleFilePath(module), (t) => moveLesson(t, from, to)))) return;
      if (selected.kind === 'lesson' && selected.module === module && selected.lesson === from)
        select({ kind: 'lesson', module, lesson: to });
      setAnnouncement(
        `Moved “${lessons[from]?.title}” to position ${to + 1} of ${lessons.length} in Module ${module}.`,
      );
    });
  }

  function lessonAction(module: number, lesson: number, action: OutlineAction) {
    if (action === 'up' || action === 'down')
      return moveLessonTo(module, lesson, lesson + (action === 'up' ? -1 : 1));
    const title = lessonsOf(module)[lesson]?.title;
    run(async () => {
      if (action === 'duplicate') {
        if (!(await editFile(moduleFilePath(module), (t) => duplicateLesson(t, lesson)))) return;
        select({ kind: 'lesson', module, lesson: lesson + 1 });
        setAnnouncement(`“${title}” was copied as Lesson ${lesson + 2} of Module ${module}.`);
      } else {
        if (!(await editFile(moduleFilePath(module), (t) => removeLesson(t, lesson)))) return;
        select({ kind: 'lesson', module, lesson: Math.max(0, lesson - 1) });
        setAnnouncement(`“${title}” was removed from Module ${module}.`);
      }
    });
  }

  /**
   * Moves a lesson into another module at `to`: put into the target first, then taken out of its
   * module, so a refused second save leaves the lesson twice, never nowhere.
   */
  function moveLessonToModule(module: number, lesson: number, target: number, to: number) {
    if (module === target) return moveLessonTo(module, lesson, to);
    const source = textOf(moduleFilePath(module));
    const section = source == null ? undefined : lessonSection(source, lesson);
    if (!section) return;
    run(async () => {
      const path = moduleFilePath(target);
      if (files.some((f) => f.path === path)) {
        if (!(await editFile(path, (t) => insertLesson(t, to, section)))) return;
      } else await makeModuleFiles(target, { lessons: insertLesson(`# Module ${target}\n`, 0, section) });
      if (!(await editFile(moduleFilePath(module), (t) => removeLesson(t, lesson), true))) return;
      select({ kind: 'lesson', module: target, lesson: to });
      setAnnouncement(`“${section.title}” was moved to position ${to + 1} of Module ${target}.`);
    });
  }

  /** Puts an image, described, at the end of a lesson. Resolves once saved (the library's form waits). */
  async function placeImage(module: number, lesson: number, image: { src: string; alt: string }) {
    const title = lessonsOf(module)[lesson]?.title;
    const markdown = `![${image.alt.replace(/[[\]]/g, '')}](${image.src})`;
    if (!(await editFile(moduleFilePath(module), (t) => appendToLesson(t, lesson, markdown)))) return;
    setAnnouncement(`The image was placed at the end of “${title}”.`);
  }

  /** Points every lesson that shows the image at `from` to the image at `to`. */
  async function replaceImageEverywhere(from: string, to: string) {
    let lessons = 0;
    for (const m of outline.modules) {
      const path = moduleFilePath(m.id);
      if (await editFile(path, (t) => rewriteImageSrc(t, from, to))) lessons += 1;
    }
    setAnnouncement(`The image was replaced in ${lessons === 1 ? 'one module' : `${lessons} modules`}.`);
  }

  /** Writes a module's missing files: its lessons (`lessons`, else a title alone) and its questions. */
  async function makeModuleFiles(id: number, texts: { lessons?: string; quiz?: string } = {}) {
    for (const [path, content] of newModuleFiles(id)) {
      if (files.some((f) => f.path === path)) continue;
      const text = path === moduleFilePath(id) ? texts.lessons : texts.quiz;
      onSaved(await studio.save(course, path, text === undefined ? content : { text }, null));
    }
  }

  function addLessonTo(module: number) {
    const count = lessonsOf(module).length;
    run(async () => {
      const path = moduleFilePath(module);
      if (files.some((f) => f.path === path)) await editFile(path, addLesson);
      else await makeModuleFiles(module, { lessons: addLesson(`# Module ${module}\n`) });
      select({ kind: 'lesson', module, lesson: count });
      setAnnouncement(`Lesson ${count + 1} was added to Module ${module}.`);
    });
  }

  const nextModuleId = () => Math.max(0, ...outline.modules.map((m) => m.id)) + 1;

  function addModule() {
    const id = nextModuleId();
    run(async () => {
      await makeModuleFiles(id);
      await editFile('course.json', (t) => addModuleEntry(t, id));
      setAnnouncement(`Module ${id} was added at position ${outline.modules.length + 1}.`);
    });
  }

  function moduleAction(module: number, action: OutlineAction) {
    const at = outline.modules.findIndex((m) => m.id === module);
    const count = outline.modules.filter((m) => m.listed).length;
    run(async () => {
      if (action === 'up' || action === 'down') {
        const to = at + (action === 'up' ? -1 : 1);
        if (to < 0 || to >= count) return;
        if (await editFile('course.json', (t) => moveModule(t, at, to)))
          setAnnouncement(`Module ${module} is now at position ${to + 1} of ${count}.`);
      } else if (action === 'duplicate') {
        const id = nextModuleId();
        const lessons = textOf(moduleFilePath(module));
        const quiz = textOf(quizFilePath(module));
        await makeModuleFiles(id, {
          ...(lessons != null ? { lessons } : {}),
          ...(quiz != null ? { quiz: quizFileFor(quiz, id) } : {}),
        });
        await editFile('course.json', (t) => duplicateModuleEntry(t, module, id));
        setAnnouncement(`Module ${module} was copied as Module ${id}.`);
      } else {
        await editFile('course.json', (t) => removeModuleEntry(t, module));
        if (selected.kind !== 'settings' && 'module' in selected && selected.module === module)
          select({ kind: 'settings' });
        for (const path of [moduleFilePath(module), quizFilePath(module)]) {
          const file = files.find((f) => f.path === path);
          if (!file) continue;
          await studio.remove(course, path, file.revision);
          options.onRemoved(path);
        }
        setAnnouncement(`Module ${module} was removed from the course.`);
      }
    });
  }

  return {
    announcement,
    error,
    lessonAction,
    moveLessonTo,
    moveLessonToModule,
    placeImage,
    replaceImageEverywhere,
    addLessonTo,
    addModule,
    moduleAction,
  };
}
