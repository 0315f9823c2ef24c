import type { LmsProblem } from './LmsRuntime';

// What the learner reads when the LMS does not play along. Each says what happened, what it means
// for their progress and what to do; none of them is ever thrown into the LMS's page.

export const lmsTexts = {
  noLms:
    'This course is not connected to a learning management system (LMS), so your progress will not be recorded. Open the course from your LMS to have it count.',
  notStarted: (detail: string) =>
    `Your learning management system (LMS) did not start this course session (${detail}). You can keep going, but your progress in this visit will not be recorded. Close the course and open it again from your LMS.`,
  refused: (what: string, detail: string) =>
    `Your learning management system (LMS) did not accept part of your progress (${what}: ${detail}). Everything else was saved; the course will send it again with your next step.`,
  unreachable: (detail: string) =>
    `The course cannot reach your learning record store (${detail}). Your progress is kept in this window and will be sent again with your next step; do not close the course until this message is gone.`,
  notAuthorized: (detail: string) =>
    `Your learning management system (LMS) refused this course's connection (${detail}), so your progress will not be recorded. Close the course and launch it again from your LMS.`,
  olderFormat:
    'Your earlier progress in this course was saved by an older version of the course and could not be read. You can carry on; your LMS keeps the results it already recorded.',
  courseUpdated:
    'This course has been updated since your last visit. Your completed lessons and quiz results were carried over.',
  finishedPart: 'You have finished this part of the course.',
  returnToLms: 'Return to the course',
  closeWindow: 'You can close this window to return to your learning management system (LMS).',
  exit: 'Save and exit',
} as const;

export const problem = (
  kind: LmsProblem['kind'],
  severity: LmsProblem['severity'],
  message: string,
): LmsProblem => ({ kind, severity, message });
