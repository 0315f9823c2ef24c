import { type DraftFile, type QuizFile, QuizFileSchema } from '@coursekit/core';

// What the studio reads from a draft's files: the objectives, the quiz banks, which form edits a
// file, and the files a new module starts with.

/** The learning objectives course.json lists (none while it is not valid JSON). */
export function objectivesOf(files: readonly DraftFile[]): Array<{ id: string; text: string }> {
  try {
    const course = JSON.parse(files.find((f) => f.path === 'course.json')?.text ?? '{}') as {
      objectives?: unknown;
    };
    return Array.isArray(course.objectives)
      ? course.objectives.filter(
          (o): o is { id: string; text: string } => typeof o?.id === 'string' && typeof o?.text === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** The draft's quiz files the quiz-file schema accepts, by path. */
export function quizFilesOf(files: readonly DraftFile[]): Map<string, QuizFile> {
  const quizzes = new Map<string, QuizFile>();
  for (const f of files) {
    if (!f.path.startsWith('quizzes/') || f.text === null) continue;
    try {
      const parsed = QuizFileSchema.safeParse(JSON.parse(f.text));
      if (parsed.success) quizzes.set(f.path, parsed.data);
    } catch {
      // Not JSON yet: its questions count once it is.
    }
  }
  return quizzes;
}

/** Which form edits a file, if any. */
export const formOf = (path: string) =>
  path === 'course.json' ? 'Settings Form' : path.startsWith('quizzes/') ? 'Question Form' : null;

/** A new module's two files: its lessons' markdown and its quiz file (course.json lists it by id). */
export const newModuleFiles = (id: number): Array<[string, { text: string }]> => [
  [`modules/module-${id}.md`, { text: `# Module ${id}\n` }],
  [
    `quizzes/module-${id}.json`,
    { text: `${JSON.stringify({ moduleId: id, preAssessment: [], finalQuiz: [] }, null, 2)}\n` },
  ],
];
