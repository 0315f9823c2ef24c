// The course studio's words: what the API refuses with and what the console shows, in
// one place so the server, the mocks and the widgets say the same.

/** A save made on a revision of the file that another author has saved over since. */
export const draftConflict = (path: string, by: string | null, revision: number): string =>
  `${path} was saved by ${by ?? 'someone else'} (revision ${revision}) after you opened it. ` +
  'Compare the two texts, then keep yours, take theirs, or merge them.';

/** A new file saved where a file of that path already exists in the draft. */
export const draftFileExists = (path: string): string =>
  `${path} already exists in the draft: open it and save over its revision.`;

/** A save or delete of a file the draft does not have. */
export const draftFileMissing = (path: string): string => `${path} is not in the draft.`;

/** A publish of a draft that changed after the admin reviewed its changes. */
export const draftChangedSinceReview =
  'The draft changed after you reviewed it. Review the changes again, then publish.';

/** A publish or restore of a course whose draft is exactly its latest version. */
export const nothingToPublish = 'Nothing to publish: the draft is the same as the latest version.';

/** A version number the course's history does not have. */
export const versionDoesNotExist = (slug: string, version: number): string =>
  `Course "${slug}" has no version ${version}.`;

/** A new course whose slug another course has. */
export const courseSlugTaken = (slug: string): string =>
  `A course with the slug "${slug}" exists already: choose another.`;

/** course.json is the course: it can be changed, never removed. */
export const courseJsonRequired = 'course.json cannot be removed: it is the course itself.';

/** The draft's file of `path` is text (course.json, a module, a quiz) or an image; the save sent the other. */
export const draftFileKind = (path: string, wants: 'text' | 'base64'): string =>
  `${path}: send the file as ${wants === 'text' ? '"text"' : '"base64" (an image)'}.`;

/** A base64 body that does not decode. */
export const notBase64 = (path: string): string => `${path}: "base64" is not valid base64.`;

/** A course learners have records in cannot be deleted (their progress, attempts and certificates would go with it). */
export const courseHasLearners = (slug: string, learners: number): string =>
  `Course "${slug}" has ${learners} ${learners === 1 ? 'learner' : 'learners'} with records: archive it instead (their progress and certificates stay).`;

/** The default course cannot be deleted: the unscoped routes show it. */
export const defaultCourseNotDeleted =
  'The default course cannot be deleted: make another course the default first.';

/** A quiz of a course, as course.json's `quizzes` names it and an author reads it. */
export interface QuizBankDraw {
  kind: 'pre_assessment' | 'course';
  draw: number;
  bankSize: number;
}

/** A quiz that draws more questions per attempt than its bank (the quiz files) holds. */
export const quizDrawOverBank = ({ kind, draw, bankSize }: QuizBankDraw): string =>
  `The ${kind === 'course' ? 'final quiz' : 'pre-assessment'} draws ${draw} ${draw === 1 ? 'question' : 'questions'} but its bank holds ${bankSize}.`;

/** A `## ` section too short to be published as a lesson (admin spec: a lesson is more than 100 characters). */
export const sectionNotALesson = (moduleId: number, title: string, length: number, minimum: number): string =>
  `Module ${moduleId}: “${title}” is not a lesson: it has ${length} ${length === 1 ? 'character' : 'characters'} of text, and a lesson needs more than ${minimum}. Write more under its heading, or it is left out.`;

/** A course whose module files hold no section long enough to be a lesson. */
export const courseHasNoLesson = (minimum: number): string =>
  `The course has no lesson yet: a lesson is a “## ” section with more than ${minimum} characters of text.`;
