import { messages, moduleResetFailedMessage, progressResetFailedMessage } from '@coursekit/core';

/** The ProgressPanel's texts. English, as the spec writes them; CourseProvider's `strings` replaces any of them. */
export const progressStrings = {
  progressPanelLabel: 'Your progress',
  progressSignIn: 'Please sign in to view your progress.',
  loadingProgress: 'Loading progress',
  progressResetToast: 'Your progress has been reset. You can start the course again!',
  progressResetFailed: progressResetFailedMessage('{error}'),
  yourProgress: 'Your Progress',
  courseProgress: 'Course Progress',
  courseProgressBar: 'Course progress',
  statusComplete: 'Complete',
  lessonsCompletedRemaining: 'Completed: {completed} · Remaining: {remaining}',
  reviewCourse: 'Review Course',
  resetCourse: 'Reset Course',
  resetCourseBody:
    'This deletes all of your lesson progress and quiz attempts. You can start the course again afterwards.',
  notPassed: 'Not Passed',
  notTakenYet: 'Not taken yet.',
  moduleProgress: 'Module Progress',
  quizProgressCard: '{quiz} progress',
  quizBestAttemptsLast: 'Best score: {score}% · Attempts: {attempts} · Last attempt: {date}',
  noAttemptsYet: 'No attempts yet.',
  takeQuiz: 'Take Quiz',
  moduleLocked: '{module} (locked)',
  lockedBadge: 'Locked',
  moduleLockedHint: messages.moduleLockedHint,
  /** core's moduleAction 'start' (0%). */
  moduleStart: 'Start Module',
  /** core's moduleAction 'continue' (between 0 and 100%). */
  moduleContinue: 'Continue',
  nextModule: 'Next Module',
  moduleResetTitle: messages.moduleResetCompleteTitle,
  moduleResetBody: 'All lessons in {module} are marked incomplete.',
  moduleResetFailedTitle: messages.resetFailedTitle,
  moduleResetFailed: moduleResetFailedMessage('{module}', '{error}'),
  viewModule: 'View Module {number}',
  reset: 'Reset',
  resetModuleTitle: 'Reset {module}?',
  resetModuleBody: 'All lessons in this module will be marked incomplete.',
  resetModule: 'Reset Module',
};
