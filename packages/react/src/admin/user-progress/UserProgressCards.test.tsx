import { adminScoreColor, type CompletedAttempt, CourseError, type QuizAttempt } from '@coursekit/core';
import { createMemoryAdapter, createMemoryStore } from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleLearners, findFresh, findMidCourse, type Learner } from '../../test/consoleLearners';
import { expectNoAxeViolations } from '../../test/expectNoAxeViolations';
import { renderWidget } from '../../test/renderWidget';
import { WidgetRoot } from '../../ui/WidgetRoot';
import { ModuleProgressList } from './ModuleProgressList';
import { UserProgressPage } from './UserProgressPage';

function showLearner(learner: Learner) {
  return renderWidget(<UserProgressPage userId={learner.userId} />, { scenario: 'admin-console' });
}
const attemptedQuiz = (learner: Learner) =>
  learner.view.quizzes.find((q) => q.quiz.kind === 'course' && q.summary.totalAttempts > 1)!;

function attempt(id: number, percentage: number, completedAt: string, passed = false): CompletedAttempt {
  const a: QuizAttempt = {
    id,
    user_id: 'u',
    quiz_id: 1,
    score: Math.round((percentage / 100) * 12),
    total_questions: 12,
    percentage,
    passed,
    answers: {},
    started_at: new Date(Date.parse(completedAt) - 600_000).toISOString(),
    completed_at: completedAt,
  };
  return { attempt: a, review: [] };
}

afterEach(() => vi.restoreAllMocks());

describe('UserProgressPage: quizzes', () => {
  it('shows a quiz card with best score (its band in words too), attempts, last date and Passed/Failed', async () => {
    const learner = findMidCourse(await consoleLearners());
    const { quiz, summary } = attemptedQuiz(learner);
    showLearner(learner);
    const card = await screen.findByRole('listitem', { name: quiz.title });
    expect(
      within(card).getByText(`${quiz.total_questions} questions · ${quiz.passing_score}% to pass`),
    ).toBeTruthy();
    expect(within(card).getByText(`${Math.round(summary.bestPercentage)}%`)).toBeTruthy();
    const band = adminScoreColor(summary.bestPercentage, quiz.passing_score);
    const words = { green: 'at or above passing', yellow: 'near passing', red: 'below passing' }[band];
    expect(within(card).getByText(new RegExp(words))).toBeTruthy();
    expect(within(card).getByText(new RegExp(`Attempts: ${summary.totalAttempts}`))).toBeTruthy();
    expect(within(card).getByText(summary.passed ? 'Passed' : 'Failed')).toBeTruthy();
  });

  it('shows Not attempted for a learner who never took a quiz', async () => {
    const learner = findFresh(await consoleLearners());
    showLearner(learner);
    const first = learner.view.quizzes.find((q) => q.quiz.kind === 'course')!;
    const card = await screen.findByRole('listitem', { name: first.quiz.title });
    expect(within(card).getByText('Not attempted')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Reset Quiz' })).toBeNull();
  });

  it('numbers the attempts with the newest highest, with percentages to one decimal', async () => {
    const learner = findMidCourse(await consoleLearners());
    const { quiz } = attemptedQuiz(learner);
    const { user, adapter } = showLearner(learner);
    vi.spyOn(adapter.admin!.userProgress, 'attempts').mockResolvedValue([
      attempt(3, 83.333, '2026-03-03T10:00:00.000Z', true),
      attempt(2, 66.666, '2026-03-02T10:00:00.000Z'),
      attempt(1, 50, '2026-03-01T10:00:00.000Z'),
    ]);
    const card = await screen.findByRole('listitem', { name: quiz.title });
    await user.click(within(card).getByRole('button', { name: 'View All Attempts' }));
    const dialog = await screen.findByRole('dialog', { name: `Quiz Attempts - ${quiz.title}` });
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Attempt 3', 'Attempt 2', 'Attempt 1']);
    expect(within(rows[0]!).getByText('Passed')).toBeTruthy();
    expect(within(rows[0]!).getByText('10/12 · 83.3%')).toBeTruthy();
    expect(within(rows[1]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[1]!).getByText('8/12 · 66.7%')).toBeTruthy();
    expect(within(rows[2]!).getByText('6/12 · 50.0%')).toBeTruthy();
    expect(
      within(rows[2]!).getByText(`Completed: ${new Date('2026-03-01T10:00:00.000Z').toLocaleString()}`),
    ).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('the attempts dialog of an untaken quiz says none were found', async () => {
    const learner = findFresh(await consoleLearners());
    const { user } = showLearner(learner);
    const first = learner.view.quizzes.find((q) => q.quiz.kind === 'course')!;
    const card = await screen.findByRole('listitem', { name: first.quiz.title });
    await user.click(within(card).getByRole('button', { name: 'View All Attempts' }));
    const dialog = await screen.findByRole('dialog', { name: `Quiz Attempts - ${first.quiz.title}` });
    expect(await within(dialog).findByText('No attempts found for this quiz.')).toBeTruthy();
  });

  it('Reset Quiz deletes the attempts after confirmation and says Quiz Reset Complete', async () => {
    const learner = findMidCourse(await consoleLearners());
    const { quiz } = attemptedQuiz(learner);
    const { user } = showLearner(learner);
    const card = await screen.findByRole('listitem', { name: quiz.title });
    await user.click(within(card).getByRole('button', { name: 'Reset Quiz' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset Quiz' }),
    );
    expect(await screen.findByText('Quiz Reset Complete')).toBeTruthy();
    await waitFor(() => expect(within(card).getByText('Not attempted')).toBeTruthy());
  });

  it('says No quizzes found. and No modules found. when the learner view has none', async () => {
    const learner = findFresh(await consoleLearners());
    const adapter = createMemoryAdapter(createMemoryStore('admin-console'));
    vi.spyOn(adapter.admin!.userProgress, 'get').mockResolvedValue({
      ...learner.view,
      quizzes: [],
      summary: { ...learner.view.summary, modules: [] },
    });
    renderWidget(<UserProgressPage userId={learner.userId} />, { adapter });
    expect(await screen.findByText('No quizzes found.')).toBeTruthy();
    expect(screen.getByText('No modules found.')).toBeTruthy();
  });
});

describe('UserProgressPage: modules and the pre-assessment', () => {
  it('locks modules whose previous module is not at 100%, showing nothing of them', async () => {
    const learner = findMidCourse(await consoleLearners());
    showLearner(learner);
    const lockedModule = learner.view.summary.modules.find((m) => !m.isUnlocked)!;
    const openModule = learner.view.summary.modules.find((m) => m.isUnlocked && m.progressPercentage > 0)!;
    const locked = await screen.findByRole('listitem', {
      name: new RegExp(`^Module ${lockedModule.moduleId}: .* \\(locked\\)$`),
    });
    expect(within(locked).getByText('Complete previous modules to unlock')).toBeTruthy();
    expect(within(locked).getByText(`0 of ${lockedModule.totalLessons} lessons · 0%`)).toBeTruthy();
    expect(within(locked).getByText('Locked')).toBeTruthy();
    expect(within(locked).queryByRole('button')).toBeNull();

    const open = screen.getByRole('listitem', { name: new RegExp(`^Module ${openModule.moduleId}: [^(]*$`) });
    expect(
      within(open).getByText(
        `${openModule.completedLessons} of ${openModule.totalLessons} lessons · ${openModule.progressPercentage}%`,
      ),
    ).toBeTruthy();
    expect(
      within(open).getByText(openModule.progressPercentage === 100 ? 'Complete' : 'In Progress'),
    ).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Reset' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('says Tested out on a module the learner tested out of, with the lessons actually completed', () => {
    const base = { totalLessons: 5, isUnlocked: true, firstLessonCompleted: true };
    renderWidget(
      <WidgetRoot label="User progress">
        <ModuleProgressList
          userId="u"
          userName="Ana Silva"
          modules={[]}
          progress={[
            { ...base, moduleId: 1, completedLessons: 5, progressPercentage: 100, testedOut: false },
            { ...base, moduleId: 2, completedLessons: 1, progressPercentage: 20, testedOut: true },
            { ...base, moduleId: 3, completedLessons: 5, progressPercentage: 100, testedOut: true },
            { ...base, moduleId: 4, completedLessons: 0, progressPercentage: 0, testedOut: false },
          ]}
        />
      </WidgetRoot>,
      { scenario: 'admin-empty' },
    );
    const badge = (id: number) =>
      within(screen.getByRole('listitem', { name: `Module ${id}` })).getByText(
        /^(Complete|Tested out|In Progress)$/,
      ).textContent;
    expect([1, 2, 3, 4].map(badge)).toEqual(['Complete', 'Tested out', 'Complete', 'In Progress']);
    expect(
      within(screen.getByRole('listitem', { name: 'Module 2' })).getByText('1 of 5 lessons · 20%'),
    ).toBeTruthy();
  });

  it('resets one module after confirmation, or says why it could not', async () => {
    const learner = findMidCourse(await consoleLearners());
    const target = learner.view.summary.modules.find((m) => m.isUnlocked && m.progressPercentage > 0)!;
    const { user, adapter } = showLearner(learner);
    const row = await screen.findByRole('listitem', {
      name: new RegExp(`^Module ${target.moduleId}: [^(]*$`),
    });
    const spy = vi
      .spyOn(adapter.admin!.userProgress, 'resetModule')
      .mockRejectedValueOnce(new CourseError('unavailable', 'Database connection failed'));
    await user.click(within(row).getByRole('button', { name: 'Reset' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset Module' }),
    );
    expect(await screen.findByText('Reset Failed')).toBeTruthy();
    expect(screen.getByText(/^Could not reset .*: Database connection failed$/)).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Reset' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset Module' }),
    );
    expect(await screen.findByText('Module Reset Complete')).toBeTruthy();
    expect(spy).toHaveBeenLastCalledWith(learner.userId, target.moduleId);
  });

  it('shows the pre-assessment result and resets it', async () => {
    const list = await consoleLearners();
    const learner = list.find((l) => l.view.preAssessment !== null)!;
    const { user } = showLearner(learner);
    const card = await screen.findByRole('region', { name: 'Pre-Assessment Results' });
    const pre = learner.view.preAssessment!;
    expect(within(card).getByText(new RegExp(`Score: ${pre.score}/${pre.total_questions}`))).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Reset Pre-Assessment' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset Pre-Assessment' }),
    );
    expect(await screen.findByText('Pre-Assessment Reset')).toBeTruthy();
    await waitFor(() => expect(within(card).getByText('Not attempted')).toBeTruthy());
  });
});
