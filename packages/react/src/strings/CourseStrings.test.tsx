import { createMemoryAdapter, createMemoryStore, type ScenarioName } from '@coursekit/mocks';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoursePlayer } from '../course-player/CoursePlayer';
import { ProgressPanel } from '../progress-panel/ProgressPanel';
import { CourseProvider } from '../provider/CourseProvider';
import { QuizRunner } from '../quiz-runner/QuizRunner';
import type { CourseStrings } from './courseStrings';

// A partner intranet in German: a handful of the texts, the rest left to the English defaults.
const german: Partial<CourseStrings> = {
  coursePlayerLabel: 'Kurs',
  quizRunnerLabel: 'Tests',
  progressPanelLabel: 'Ihr Fortschritt',
  gettingStarted: 'Erste Schritte',
  startLearning: 'Jetzt lernen',
  continueLearning: 'Weiterlernen',
  modulePickUp: 'Machen Sie dort weiter, wo Sie in Modul {module} aufgehört haben.',
  openModule: 'Modul {number} öffnen',
  lessonTabIntro: 'Einführung',
  lessonTab: 'Lektion {number}',
  markComplete: 'Als erledigt markieren',
  lessonCompletedToast: 'Lektion abgeschlossen!',
  moduleLessonsCompleted: '{completed} von {total} Lektionen abgeschlossen',
  quizzesHeading: 'Tests',
  startQuiz: 'Test starten',
  quizFacts: '{count} Fragen · {score} % zum Bestehen',
  yourProgress: 'Ihr Fortschritt',
  courseLessonsCompleted: '{completed} von {total} Lektionen abgeschlossen ({percent} %)',
  lessonsCompletedRemaining: 'Erledigt: {completed} · Offen: {remaining}',
};

function renderInGerman(
  ui: ReactElement,
  scenario: ScenarioName = 'new-learner',
  extra: { lang?: string; strings?: Partial<CourseStrings> } = { lang: 'de' },
) {
  const adapter = createMemoryAdapter(createMemoryStore(scenario));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <CourseProvider adapter={adapter} queryClient={queryClient} strings={german} {...extra}>
      {ui}
    </CourseProvider>,
  );
  return { user };
}

afterEach(() => vi.restoreAllMocks());

describe('CourseProvider strings: the widgets in the host’s language', () => {
  it('shows the dashboard in German, and keeps English for the texts not given', async () => {
    renderInGerman(<CoursePlayer />);
    expect(await screen.findByRole('heading', { name: 'Erste Schritte' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Jetzt lernen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Modul 3 öffnen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Learning' })).toBeNull();
    // not overridden: the spec's English
    expect(screen.getByRole('heading', { name: 'Pre-Assessment Results' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Take Assessment' })).toBeTruthy();
  });

  it('fills a text’s placeholders: where a returning learner picks up', async () => {
    renderInGerman(<CoursePlayer screen="dashboard" />, 'mid-course', { lang: 'de' });
    expect(
      await screen.findByText('Machen Sie dort weiter, wo Sie in Modul 2 aufgehört haben.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Weiterlernen' })).toBeTruthy();
  });

  it('marks a lesson complete in German: tabs, button and toast', async () => {
    const { user } = renderInGerman(<CoursePlayer screen="module" moduleId={2} />, 'mid-course');
    expect((await screen.findByRole('tab', { name: /Lektion 2/ })).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Einführung ✓ (completed)' })).toBeTruthy();
    expect(screen.getByText('2 von 5 Lektionen abgeschlossen')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Als erledigt markieren' }));
    expect(await screen.findByText('Lektion abgeschlossen!')).toBeTruthy();
    expect(await screen.findByText('3 von 5 Lektionen abgeschlossen')).toBeTruthy();
    expect(screen.queryByText('Lesson completed!')).toBeNull();
  });

  it('runs the quiz list in German', async () => {
    renderInGerman(<QuizRunner />);
    const root = screen.getByRole('region', { name: 'Tests' });
    expect(await within(root).findByRole('heading', { name: 'Tests', level: 2 })).toBeTruthy();
    const final = await screen.findByRole('listitem', {
      name: 'Data Literacy for Facility Managers: Final Quiz',
    });
    expect(within(final).getByRole('button', { name: 'Test starten' })).toBeTruthy();
    expect(within(final).getByText(/^\d+ Fragen · \d+ % zum Bestehen$/)).toBeTruthy();
  });

  it('shows the progress panel in German', async () => {
    renderInGerman(<ProgressPanel />, 'mid-course');
    const panel = screen.getByRole('region', { name: 'Ihr Fortschritt' });
    expect(await within(panel).findByRole('heading', { name: 'Ihr Fortschritt', level: 2 })).toBeTruthy();
    expect(within(panel).getByText('7 von 25 Lektionen abgeschlossen (28 %)')).toBeTruthy();
    expect(within(panel).getByText('Erledigt: 7 · Offen: 18')).toBeTruthy();
  });

  it('sets lang on each widget root so screen readers speak the partner’s language', async () => {
    renderInGerman(
      <>
        <CoursePlayer />
        <ProgressPanel />
      </>,
    );
    expect(screen.getByRole('region', { name: 'Kurs' }).getAttribute('lang')).toBe('de');
    expect(screen.getByRole('region', { name: 'Ihr Fortschritt' }).getAttribute('lang')).toBe('de');
    await screen.findByRole('heading', { name: 'Erste Schritte' });
  });

  it('leaves lang to the host page when none is given', async () => {
    renderInGerman(<ProgressPanel />, 'new-learner', {});
    expect(screen.getByRole('region', { name: 'Ihr Fortschritt' }).hasAttribute('lang')).toBe(false);
    await screen.findByRole('heading', { name: 'Ihr Fortschritt' });
  });

  it('warns about a misspelt key and ignores values that are not text', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderInGerman(<ProgressPanel />, 'new-learner', {
      strings: { startLearning: 42 as unknown as string, startlearning: 'Los' } as Partial<CourseStrings>,
    });
    expect(await screen.findByRole('button', { name: 'Start Learning' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('CourseKit: strings has no text "startlearning"; it was ignored.');
  });
});
