import { messages } from '@coursekit/core';

/** Texts every learner widget may show: landmarks, loading and failure states, dialogs, toasts, and those two widgets share. English, as the spec writes them; CourseProvider's `strings` replaces any of them. */
export const sharedStrings = {
  /** radix fills {hotkey} itself (F8). */
  notificationsRegion: 'Notifications ({hotkey})',
  /** what screen readers say before each toast */
  notificationLabel: 'Notification',
  loading: 'Loading...',
  signIn: 'Sign In',
  errorTitle: messages.guardSomethingWrong,
  tryAgain: 'Try Again',
  retry: 'Retry',
  cancel: 'Cancel',
  previous: 'Previous',
  next: 'Next',
  congratulations: 'Congratulations!',
  errorToastTitle: messages.errorTitle,
  courseLessonsCompleted: '{completed} of {total} lessons completed ({percent}%)',
  continueLearning: 'Continue Learning',
  startLearning: 'Start Learning',
  preAssessmentResults: 'Pre-Assessment Results',
  bestScore: 'Best score: {score}',
  takeAssessment: 'Take Assessment',
  viewResults: 'View Results',
  moduleTitle: 'Module {number}: {name}',
  passed: 'Passed',
  inProgress: 'In Progress',
  /** core's moduleStatus 'testedOut': the learner tested out of the module in the pre-assessment. */
  testedOut: 'Tested out',
  moduleLessonsCount: '{completed} of {total} lessons',
  moduleProgressBar: '{module} progress',
  lessonCompleted: 'Completed',
  courseCompleted: 'Congratulations! You have completed the course.',
  quizFacts: '{count} questions · {score}% to pass',
  retake: 'Retake',
  score: 'Score: {score} / {total} · {percent}',
  quizPassed: 'PASSED',
};
