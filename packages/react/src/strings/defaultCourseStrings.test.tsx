import { messages } from '@coursekit/core';
import { courseFixture, createMemoryAdapter, createMemoryStore, DEMO_LEARNER } from '@coursekit/mocks';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { CourseCatalog } from '../course-catalog/CourseCatalog';
import { CoursePlayer } from '../course-player/CoursePlayer';
import { ProgressPanel } from '../progress-panel/ProgressPanel';
import { CourseProvider } from '../provider/CourseProvider';
import { QuizRunner } from '../quiz-runner/QuizRunner';
import * as s from '../ui/styles.css';
import { type CourseStrings, defaultCourseStrings } from './courseStrings';
import { PLACEHOLDER } from './formatString';

const placeholdersOf = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);

// Every text replaced by «key» plus the default's placeholders, so a widget that still shows English
// leaves it visible, and one that forgets to fill a placeholder leaves its {name}.
const markers = Object.fromEntries(
  Object.entries(defaultCourseStrings).map(([key, text]) => [
    key,
    [`«${key}»`, ...placeholdersOf(text).map((name) => `{${name}}`)].join(' '),
  ]),
) as CourseStrings;

// What the course and the server say (content, the learner's name, a server's error) is not ours to
// translate; it is removed before looking for English. Longest first, so no shorter text splits one.
const content = [
  courseFixture.course.title,
  courseFixture.course.description,
  courseFixture.course.estimated_time,
  courseFixture.course.syllabus_time,
  courseFixture.course.pre_assessment_time,
  ...courseFixture.modules.flatMap((m) => [m.name, m.description, ...m.lessons.map((l) => l.title)]),
  ...[courseFixture.preAssessment, courseFixture.finalQuiz].flatMap((q) => [
    q.title,
    q.description,
    ...q.questions.flatMap((x) => [
      x.question_text,
      x.option_a,
      x.option_b,
      x.option_c,
      x.option_d,
      x.explanation,
    ]),
  ]),
  DEMO_LEARNER.name,
  messages.databaseConnectionFailed,
  'Scheduled maintenance is in progress.',
].sort((a, b) => b.length - a.length);

/** Everything a learner reads or hears outside the lesson bodies: text and accessible names. */
function visibleTexts(): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node instanceof Element && node.matches(`.${s.lessonContent}, style, script`)
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element) {
      for (const name of ['aria-label', 'aria-valuetext', 'title', 'placeholder', 'alt']) {
        const value = node.getAttribute(name);
        if (value) texts.push(value);
      }
    } else if (node.textContent?.trim()) {
      texts.push(node.textContent);
    }
  }
  return texts;
}

/** What is left of a text once the markers, the course content and the neutral tokens are gone. */
function untranslated(text: string): string {
  let rest = text.replace(/«\w+»/g, ' ');
  for (const piece of content) rest = rest.split(piece).join(' ');
  return rest
    .replace(/\bCK-[\w-]+/g, ' ') // the certificate's verification code
    .replace(/\b\d+[hm]\b/g, ' ') // module durations ('41m', '1h 5m')
    .replace(/\b[A-D]\b/g, ' ') // answer letters
    .replace(/\bF8\b/g, ' ') // radix fills the toast region's {hotkey}
    .replace(/[^\p{L}{}]+/gu, ' ')
    .trim();
}

interface Screen {
  name: string;
  ui: ReactElement;
  scenario: Parameters<typeof createMemoryStore>[0];
  /** A marker that shows once the screen has its data. */
  ready: keyof CourseStrings;
  act?: (user: ReturnType<typeof userEvent.setup>) => Promise<void>;
  signedOut?: boolean;
}

const screens: Screen[] = [
  { name: 'dashboard, new learner', ui: <CoursePlayer />, scenario: 'new-learner', ready: 'gettingStarted' },
  { name: 'dashboard, mid-course', ui: <CoursePlayer />, scenario: 'mid-course', ready: 'modulePickUp' },
  {
    name: 'dashboard, final quiz due',
    ui: <CoursePlayer />,
    scenario: 'course-finished-no-quiz-passed',
    ready: 'finalQuizTitle',
  },
  {
    name: 'dashboard with certificate',
    ui: <CoursePlayer />,
    scenario: 'course-complete',
    ready: 'certificateTitle',
  },
  {
    name: 'module list',
    ui: <CoursePlayer screen="modules" />,
    scenario: 'mid-course',
    ready: 'courseModules',
  },
  {
    name: 'module page, after Mark Complete',
    ui: <CoursePlayer screen="module" moduleId={2} />,
    scenario: 'mid-course',
    ready: 'markComplete',
    act: async (user) => {
      await user.click(screen.getByRole('button', { name: /«markComplete»/ }));
      await screen.findByText(/«lessonCompletedToast»/);
    },
  },
  { name: 'maintenance', ui: <CoursePlayer />, scenario: 'maintenance', ready: 'maintenanceTitle' },
  {
    name: 'error state',
    ui: <CoursePlayer screen="modules" />,
    scenario: 'server-failing',
    ready: 'tryAgain',
  },
  { name: 'quiz list', ui: <QuizRunner />, scenario: 'mid-course', ready: 'quizBestAttempts' },
  { name: 'no quizzes', ui: <QuizRunner />, scenario: 'no-quizzes', ready: 'noQuizzesTitle' },
  {
    name: 'pre-assessment intro',
    ui: <QuizRunner view="assessment" />,
    scenario: 'new-learner',
    ready: 'startAssessment',
  },
  {
    name: 'pre-assessment question',
    ui: <QuizRunner view="assessment" />,
    scenario: 'new-learner',
    ready: 'startAssessment',
    act: async (user) => {
      await user.click(screen.getByRole('button', { name: /«startAssessment»/ }));
      await user.click((await screen.findAllByRole('radio'))[0]!);
      await user.click(screen.getByRole('button', { name: /«submitAnswer»/ }));
      await screen.findByText(/«answerRecorded»/);
    },
  },
  {
    name: 'course quiz instructions',
    ui: <QuizRunner view="quiz" quizId={2} />,
    scenario: 'mid-course',
    ready: 'quizAnswersFinal',
  },
  {
    name: 'course quiz, an answer revealed',
    ui: <QuizRunner view="quiz" quizId={2} />,
    scenario: 'mid-course',
    ready: 'startQuiz',
    act: async (user) => {
      await user.click(screen.getByRole('button', { name: /«startQuiz»/ }));
      await user.click((await screen.findAllByRole('radio'))[0]!);
      await user.click(screen.getByRole('button', { name: /«submitAnswer»/ }));
      await screen.findByText(/«feedback(Correct|Incorrect)»/);
    },
  },
  {
    name: 'quiz results',
    ui: <QuizRunner view="results" quizId={2} />,
    scenario: 'course-complete',
    ready: 'attemptOption',
  },
  { name: 'progress, mid-course', ui: <ProgressPanel />, scenario: 'mid-course', ready: 'moduleLockedHint' },
  {
    name: 'progress, reset dialog',
    ui: <ProgressPanel />,
    scenario: 'mid-course',
    ready: 'moduleLockedHint',
    act: async (user) => {
      await user.click(screen.getAllByRole('button', { name: /«reset»/ })[0]!);
      await screen.findByRole('alertdialog');
    },
  },
  {
    name: 'progress, course complete',
    ui: <ProgressPanel />,
    scenario: 'course-complete',
    ready: 'courseCompleted',
  },
  {
    name: 'catalog, mid-course',
    ui: <CourseCatalog />,
    scenario: 'mid-course',
    ready: 'catalogEstimatedTime',
  },
  {
    name: 'catalog, not started',
    ui: <CourseCatalog />,
    scenario: 'new-learner',
    ready: 'catalogNotStarted',
  },
  {
    name: 'catalog, certified',
    ui: <CourseCatalog />,
    scenario: 'course-complete',
    ready: 'catalogCertified',
  },
  { name: 'catalog, failing', ui: <CourseCatalog />, scenario: 'server-failing', ready: 'catalogErrorTitle' },
  {
    name: 'progress, signed out',
    ui: <ProgressPanel />,
    scenario: 'new-learner',
    ready: 'progressSignIn',
    signedOut: true,
  },
];

describe('defaultCourseStrings', () => {
  it('has a text for every key, with well-formed placeholders', () => {
    for (const [key, text] of Object.entries(defaultCourseStrings)) {
      expect(text.trim(), key).not.toBe('');
      expect(text.replace(PLACEHOLDER, ''), `${key}: a brace outside a {placeholder}`).not.toMatch(/[{}]/);
    }
  });

  async function leftoversOf(item: Screen, strings: Partial<CourseStrings>) {
    const store = createMemoryStore(item.scenario);
    const adapter = createMemoryAdapter(store, item.signedOut ? { signedIn: false } : {});
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const user = userEvent.setup();
    render(
      <CourseProvider adapter={adapter} queryClient={queryClient} strings={strings}>
        {item.ui}
      </CourseProvider>,
    );
    await screen.findAllByText(new RegExp(`«${item.ready}»`), {}, { timeout: 5000 });
    await item.act?.(user);
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 5000 });
    return visibleTexts().map(untranslated).filter(Boolean);
  }

  it('the check sees a text left in English', async () => {
    const { startLearning: _, ...allButOne } = markers;
    expect(await leftoversOf(screens[0]!, allButOne)).toEqual(['Start Learning']);
  });

  for (const item of screens) {
    it(`replaces every text of the ${item.name} screen, placeholders filled`, async () => {
      expect(await leftoversOf(item, markers)).toEqual([]);
    });
  }
});
