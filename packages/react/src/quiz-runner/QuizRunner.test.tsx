import { ASSESSMENT_ADVANCE_MS, COURSE_QUIZ_ADVANCE_MS, seededRandom } from '@coursekit/core';
import { courseFixture, createMemoryAdapter, createMemoryStore } from '@coursekit/mocks';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { QuizRunner } from './QuizRunner';

afterEach(() => vi.useRealTimers());

const legend = () => screen.getByRole('group').querySelector('legend')!;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('QuizRunner quiz list (/quizzes)', () => {
  it('shows three skeleton cards, then a card per quiz with its summary', async () => {
    renderWidget(<QuizRunner />, { scenario: 'course-complete', onNavigate: vi.fn() });
    expect(screen.getAllByTestId('skeleton')).toHaveLength(3);
    const card = await screen.findByRole('listitem', { name: /Final Quiz/ });
    expect(within(card).getByText('Passed')).toBeTruthy();
    expect(within(card).getByText('5 questions · 80% to pass')).toBeTruthy();
    expect(within(card).getByText('Best score: 100% · Attempts: 2')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Retake Quiz' })).toBeTruthy();
  });

  it('labels a failed quiz Try Again, and an untried one Start Quiz', async () => {
    renderWidget(<QuizRunner />, { scenario: 'course-finished-no-quiz-passed', onNavigate: vi.fn() });
    const card = await screen.findByRole('listitem', { name: /Final Quiz/ });
    expect(within(card).getByText('In Progress')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('says when there are no quizzes', async () => {
    renderWidget(<QuizRunner />, { scenario: 'no-quizzes', onNavigate: vi.fn() });
    expect(await screen.findByRole('heading', { name: 'No Quizzes Available' })).toBeTruthy();
    expect(screen.getByText('Quizzes will appear here once they are added to the course.')).toBeTruthy();
  });

  it('navigates internally from the list to a quiz when the host does not route', async () => {
    const { user } = renderWidget(<QuizRunner />);
    const card = await screen.findByRole('listitem', { name: /Final Quiz/ });
    await user.click(within(card).getByRole('button', { name: 'Start Quiz' }));
    expect(await screen.findByRole('heading', { name: 'Instructions' })).toBeTruthy();
  });
});

describe('QuizRunner pre-assessment (/assessment)', () => {
  it('states the pass mark and the time the course gives its pre-assessment', async () => {
    const fixture = {
      ...courseFixture,
      course: { ...courseFixture.course, pre_assessment_time: '5 minutes' },
      preAssessment: { ...courseFixture.preAssessment, passing_score: 60 },
    };
    const adapter = createMemoryAdapter(createMemoryStore('new-learner', fixture));
    renderWidget(<QuizRunner view="assessment" />, { adapter, onNavigate: vi.fn() });
    expect(await screen.findByText('60% or higher passes')).toBeTruthy();
    expect(await screen.findByText('No time limit (about 5 minutes)')).toBeTruthy();
  });

  it('records answers, advances after 0.5 s, toasts All Questions Answered, and submits', async () => {
    const onNavigate = vi.fn();
    const { user, store } = renderWidget(<QuizRunner view="assessment" />, { onNavigate, fakeTimers: true });
    await user.click(await screen.findByRole('button', { name: 'Start Assessment' }));
    const pre = store.quizzesList.find((q) => q.kind === 'pre_assessment')!;
    const total = pre.total_questions;

    // Next / Previous skip and clear the selection
    await user.click(screen.getByRole('radio', { name: /^A\./ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(legend().textContent).toMatch(/^Question 2 of/);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect(screen.getByRole('button', { name: 'Submit Answer' }).hasAttribute('disabled')).toBe(true);

    for (let i = 1; i <= total; i++) {
      expect(legend().textContent).toMatch(new RegExp(`^Question ${i} of ${total}`));
      await user.click(screen.getByRole('radio', { name: /^A\./ }));
      await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
      if (i < total) {
        await act(() => vi.advanceTimersByTimeAsync(ASSESSMENT_ADVANCE_MS - 50));
        expect(legend().textContent).toMatch(new RegExp(`^Question ${i} of`));
        await act(() => vi.advanceTimersByTimeAsync(50));
        expect(document.activeElement).toBe(legend());
      }
    }
    expect(await screen.findByText('All Questions Answered')).toBeTruthy();
    expect(screen.getByText("Click 'Submit Assessment' to complete the quiz.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    expect(await screen.findByRole('heading', { name: 'Assessment Results' })).toBeTruthy();
    const status = screen.getAllByRole('status').find((el) => /PASSED/.test(el.textContent ?? ''))!;
    expect(status.textContent).toMatch(/Score: \d \/ 4/);
    // Retake only when not passed; the toast matches the outcome
    const passed = !/NOT PASSED/.test(status.textContent ?? '');
    expect(screen.queryByRole('button', { name: 'Retake Quiz' }) === null).toBe(passed);
    expect(screen.getByText(passed ? 'Congratulations!' : 'Assessment Complete')).toBeTruthy();
    await user.click(
      screen.getByRole('button', { name: passed ? 'Continue to Next Module' : 'Review Material' }),
    );
    expect(onNavigate).toHaveBeenCalledWith('/modules');
  });

  it("adds the course's own sentence to the pass message", async () => {
    const { user } = renderWidget(<QuizRunner view="assessment" />, { fakeTimers: true });
    await user.click(await screen.findByRole('button', { name: 'Start Assessment' }));
    const questions = courseFixture.preAssessment.questions;
    for (const [i, question] of questions.entries()) {
      const key = question[`option_${question.correct_answer.toLowerCase()}` as 'option_a'];
      await user.click(screen.getByRole('radio', { name: new RegExp(escapeRegExp(key)) }));
      await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
      if (i < questions.length - 1) await act(() => vi.advanceTimersByTimeAsync(ASSESSMENT_ADVANCE_MS));
    }
    await user.click(await screen.findByRole('button', { name: 'Submit Assessment' }));
    const sentence = courseFixture.course.pre_assessment_passed!;
    expect(sentence).toBeTruthy();
    expect(await screen.findByText(`You passed with 100%! ${sentence}`)).toBeTruthy();
  });

  it('asks only the questions its attempt drew when it draws from a bank', async () => {
    const store = createMemoryStore('new-learner');
    store.setQuizBank(1, { draw: 2, shuffleOptions: true }, seededRandom(5));
    const { user } = renderWidget(<QuizRunner view="assessment" />, {
      adapter: createMemoryAdapter(store),
      onNavigate: vi.fn(),
      fakeTimers: true,
    });
    await user.click(await screen.findByRole('button', { name: 'Start Assessment' }));
    for (let i = 1; i <= 2; i++) {
      expect(legend().textContent).toMatch(new RegExp(`^Question ${i} of 2`));
      await user.click(screen.getAllByRole('radio')[0]!);
      await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
      await act(() => vi.advanceTimersByTimeAsync(ASSESSMENT_ADVANCE_MS));
    }
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    expect(await screen.findByRole('heading', { name: 'Assessment Results' })).toBeTruthy();
    const status = screen.getAllByRole('status').find((el) => /PASSED/.test(el.textContent ?? ''))!;
    expect(status.textContent).toMatch(/Score: \d \/ 2/);
  });

  it('keeps Submit Assessment disabled until every question is answered', async () => {
    const { user } = renderWidget(<QuizRunner view="assessment" />, { onNavigate: vi.fn() });
    await user.click(await screen.findByRole('button', { name: 'Start Assessment' }));
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Submit Assessment' }).hasAttribute('disabled')).toBe(true);
  });

  it('Skip for Now goes to /modules', async () => {
    const onNavigate = vi.fn();
    const { user } = renderWidget(<QuizRunner view="assessment" />, { onNavigate });
    await user.click(await screen.findByRole('button', { name: 'Skip for Now' }));
    expect(onNavigate).toHaveBeenCalledWith('/modules');
  });

  it('tells the learner when there is no pre-assessment', async () => {
    renderWidget(<QuizRunner view="assessment" />, { scenario: 'no-quizzes', onNavigate: vi.fn() });
    expect(await screen.findByText('No Quiz Available')).toBeTruthy();
  });
});

describe('QuizRunner course quiz (/quiz/{id})', () => {
  it('locks an answer, highlights it, advances after 1.5 s, and shows results with PASSED', async () => {
    const { user, store } = renderWidget(<QuizRunner view="quiz" quizId={2} />, {
      onNavigate: vi.fn(),
      fakeTimers: true,
    });
    await screen.findByRole('heading', { name: 'Instructions' });
    // later steps and Results are disabled before the quiz starts
    expect(screen.getByRole('button', { name: 'Q1' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Results' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Start Quiz' }));

    const questions = store.quiz(2).questions;
    const key = (await import('@coursekit/mocks')).courseFixture.finalQuiz.questions;
    for (let i = 0; i < questions.length; i++) {
      await screen.findByText(new RegExp(`^Question ${i + 1} of 5`));
      expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
      const later = i < 4 ? `Q${i + 2}` : 'Results';
      expect(screen.getByRole('button', { name: later }).hasAttribute('disabled')).toBe(true);
      const letter = key[i]!.correct_answer;
      await user.click(screen.getByRole('radio', { name: new RegExp(`^${letter}\\.`) }));
      await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
      expect(await screen.findByText('Correct!')).toBeTruthy();
      expect(screen.getByText(key[i]!.explanation)).toBeTruthy();
      expect(screen.getByRole('radio', { name: /\(correct answer\)/ })).toBeTruthy();
      // locked: the options are disabled and Next is enabled
      expect((screen.getAllByRole('radio')[0] as HTMLInputElement).disabled).toBe(true);
      expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(COURSE_QUIZ_ADVANCE_MS));
    }
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeTruthy();
    expect(screen.getByText('PASSED')).toBeTruthy();
    expect(await screen.findByText('Congratulations!')).toBeTruthy();
    expect(screen.getByText('You passed with 100%!')).toBeTruthy();
    expect(screen.getAllByText('Correct')).toHaveLength(5);
  });

  it('shows a wrong answer as wrong, then Calculating your results..., then NOT PASSED', async () => {
    const { user } = renderWidget(<QuizRunner view="quiz" quizId={2} />, {
      onNavigate: vi.fn(),
      fakeTimers: true,
    });
    await user.click(await screen.findByRole('button', { name: 'Start Quiz' }));
    const key = (await import('@coursekit/mocks')).courseFixture.finalQuiz.questions;
    for (let i = 0; i < 5; i++) {
      await screen.findByText(new RegExp(`^Question ${i + 1} of 5`));
      const wrong = key[i]!.correct_answer === 'A' ? 'B' : 'A';
      await user.click(screen.getByRole('radio', { name: new RegExp(`^${wrong}\\.`) }));
      await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
      expect(await screen.findByText('Incorrect.')).toBeTruthy();
      expect(screen.getByRole('radio', { name: /\(your answer, incorrect\)/ })).toBeTruthy();
      if (i < 4) await act(() => vi.advanceTimersByTimeAsync(COURSE_QUIZ_ADVANCE_MS));
    }
    await act(() => vi.advanceTimersByTimeAsync(COURSE_QUIZ_ADVANCE_MS));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Results' })).toBeTruthy());
    expect(screen.getByText('NOT PASSED')).toBeTruthy();
    expect(screen.getByText('Quiz Complete')).toBeTruthy();
    expect(screen.getByText('You scored 0%. Review the material and try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retake Quiz' }));
    expect(await screen.findByRole('heading', { name: 'Instructions' })).toBeTruthy();
  });

  it('shows Calculating your results... while the server grades', async () => {
    const { user, adapter } = renderWidget(<QuizRunner view="quiz" quizId={2} />, {
      onNavigate: vi.fn(),
      fakeTimers: true,
    });
    let release: () => void = () => {};
    const complete = adapter.quizzes.complete;
    adapter.quizzes.complete = (id, answers) =>
      new Promise((resolve) => {
        release = () => resolve(complete(id, answers));
      });
    await user.click(await screen.findByRole('button', { name: 'Start Quiz' }));
    for (let i = 0; i < 5; i++) {
      await screen.findByText(new RegExp(`^Question ${i + 1} of 5`));
      await user.click(screen.getByRole('radio', { name: /^A\./ }));
      await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
      await screen.findByRole('radio', { name: /\(correct answer\)/ });
      await act(() => vi.advanceTimersByTimeAsync(COURSE_QUIZ_ADVANCE_MS));
    }
    expect(await screen.findByText('Calculating your results...')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeTruthy();
  });
});

describe('QuizRunner course quiz drawn from a bank, options shuffled', () => {
  it('shows the attempt’s questions in its order, labels positions A-D, and sends the option id', async () => {
    const store = createMemoryStore('new-learner');
    store.setQuizBank(2, { draw: 3, shuffleOptions: true }, seededRandom(3));
    const adapter = createMemoryAdapter(store);
    const answer = vi.spyOn(adapter.quizzes, 'answer');
    const { user } = renderWidget(<QuizRunner view="quiz" quizId={2} />, {
      adapter,
      onNavigate: vi.fn(),
      fakeTimers: true,
    });
    await user.click(await screen.findByRole('button', { name: 'Start Quiz' }));
    const bank = courseFixture.finalQuiz.questions;
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      await screen.findByText(new RegExp(`^Question ${i + 1} of 3`));
      const asked = bank.find((q) => legend().textContent!.endsWith(q.question_text))!;
      const radios = screen.getAllByRole('radio') as HTMLInputElement[];
      expect(radios.map((r) => r.closest('label')!.textContent!.slice(0, 2))).toEqual([
        'A.',
        'B.',
        'C.',
        'D.',
      ]);
      // The learner answers the option shown first; its id is the author's letter for that text.
      const first = radios[0]!;
      const id = first.value as 'A' | 'B' | 'C' | 'D';
      const text = { A: asked.option_a, B: asked.option_b, C: asked.option_c, D: asked.option_d }[id];
      expect(first.closest('label')!.textContent).toBe(`A. ${text}`);
      await user.click(first);
      await user.click(screen.getByRole('button', { name: 'Submit Answer' }));
      expect(await screen.findByText(id === asked.correct_answer ? 'Correct!' : 'Incorrect.')).toBeTruthy();
      expect(answer).toHaveBeenLastCalledWith(expect.any(Number), expect.any(Number), id);
      sent.push(id);
      await act(() => vi.advanceTimersByTimeAsync(COURSE_QUIZ_ADVANCE_MS));
    }
    // Not every answer was the author's A: the options really were shown in another order.
    expect(sent.some((id) => id !== 'A')).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeTruthy();
    // The review letters the learner's answer as it was shown: the first position, A.
    expect(screen.getAllByText(/^Your answer: A\. /)).toHaveLength(3);
  });
});

describe('QuizRunner results view', () => {
  it('numbers attempts from the oldest and switches between them', async () => {
    const { user } = renderWidget(<QuizRunner view="results" quizId={2} />, {
      scenario: 'course-complete',
      onNavigate: vi.fn(),
    });
    const select = (await screen.findByLabelText('Attempt')) as HTMLSelectElement;
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => o.textContent?.split(' — ')[0])).toEqual(['Attempt 2', 'Attempt 1']);
    expect(screen.getByText('PASSED')).toBeTruthy();
    await user.selectOptions(select, options[1]!);
    expect(await screen.findByText('NOT PASSED')).toBeTruthy();
    expect(screen.getByText('Score: 3 / 5 ·', { exact: false })).toBeTruthy();
  });

  it('says when there are no results', async () => {
    renderWidget(<QuizRunner view="results" quizId={2} />, { onNavigate: vi.fn() });
    expect(await screen.findByText('No quiz results found.')).toBeTruthy();
  });
});
