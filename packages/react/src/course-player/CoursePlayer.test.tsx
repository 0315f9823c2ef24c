import { formatDuration } from '@coursekit/core';
import { courseFixture, createMemoryAdapter, createMemoryStore, withTestOut } from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { CoursePlayer } from './CoursePlayer';

afterEach(() => vi.useRealTimers());

describe('CoursePlayer dashboard (/course)', () => {
  it('shows what the course says about itself: title, description, estimated time, modules and their durations', async () => {
    const [first, second, ...rest] = courseFixture.modules;
    const fixture = {
      ...courseFixture,
      course: { ...courseFixture.course, title: 'Reading a Meter-Data Report', estimated_time: '3 hours' },
      modules: [
        { ...first!, name: 'Meters and Registers', duration_minutes: 17 },
        { ...second!, duration_minutes: null },
        ...rest,
      ],
    };
    const adapter = createMemoryAdapter(createMemoryStore('new-learner', fixture));
    renderWidget(<CoursePlayer screen="dashboard" />, { adapter });
    expect(
      await screen.findByRole('heading', { name: 'Reading a Meter-Data Report', level: 2 }),
    ).toBeTruthy();
    expect(screen.getByText(courseFixture.course.description)).toBeTruthy();
    expect(screen.getByText('Estimated time: 3 hours')).toBeTruthy();
    expect(screen.getByText('Begin with Module 1: Meters and Registers.')).toBeTruthy();
    const modules = within(screen.getByRole('region', { name: 'Modules' }));
    expect(modules.getByText(formatDuration(17))).toBeTruthy();
    expect(modules.getByText(formatDuration(30))).toBeTruthy(); // no duration given: 30 minutes
  });

  it('greets a new learner with Getting Started and opens module 1', async () => {
    const { user } = renderWidget(<CoursePlayer />);
    expect(await screen.findByRole('heading', { name: 'Getting Started' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start Learning' }));
    expect(await screen.findByRole('heading', { name: 'The Language of Data', level: 2 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Intro' }).getAttribute('aria-selected')).toBe('true');
  });

  it('sends a finished course without a passed quiz to the final quiz', async () => {
    const onNavigate = vi.fn();
    const { user } = renderWidget(<CoursePlayer screen="dashboard" />, {
      scenario: 'course-finished-no-quiz-passed',
      onNavigate,
    });
    expect(await screen.findByRole('heading', { name: 'Take the final quiz!' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Take Final Quiz' }));
    expect(onNavigate).toHaveBeenCalledWith('/quizzes');
  });

  it('says “Tested out” on the module cards and in the module list, and continues past the module', async () => {
    // Modules 1 and 2 done; the pre-assessment's first two questions right: module 1's and module 3's.
    const store = createMemoryStore(
      { completed: { 1: 5, 2: 5 }, attempts: [{ quiz: 'pre_assessment', correct: 2 }] },
      withTestOut(),
    );
    const adapter = createMemoryAdapter(store);
    const { unmount } = renderWidget(<CoursePlayer screen="dashboard" />, { adapter });
    const cards = within(await screen.findByRole('region', { name: 'Modules' }));
    const third = cards.getByRole('heading', { name: /^Module 3:/ }).closest('li')!;
    expect(within(third as HTMLElement).getByText('Tested out')).toBeTruthy();
    expect(cards.getAllByText('Tested out')).toHaveLength(1);
    // Modules 1 and 2 read, module 3 tested out of: the learner picks up in module 4.
    expect(screen.getByText('Pick up where you left off in Module 4.')).toBeTruthy();
    unmount();

    renderWidget(<CoursePlayer screen="modules" />, { adapter });
    const list = await screen.findByRole('heading', { name: 'Course Modules' });
    const item = within(list.parentElement!)
      .getByRole('heading', { name: /^Module 3:/ })
      .closest('li')!;
    expect(within(item as HTMLElement).getByText(/0 of 5 lessons/)).toBeTruthy();
    expect(within(item as HTMLElement).getByText('Tested out')).toBeTruthy();
  });

  it('shows the certificate once the course is complete', async () => {
    renderWidget(<CoursePlayer />, { scenario: 'course-complete' });
    expect(await screen.findByRole('heading', { name: 'Certificate of Completion' })).toBeTruthy();
    expect(screen.getByText(/Ana Silva — /)).toBeTruthy();
  });

  it('hands every navigation to the host when it routes', async () => {
    const onNavigate = vi.fn();
    const { user } = renderWidget(<CoursePlayer screen="dashboard" />, {
      scenario: 'mid-course',
      onNavigate,
    });
    await user.click(await screen.findByRole('button', { name: 'Continue Learning' }));
    expect(onNavigate).toHaveBeenLastCalledWith('/module/2');
    await user.click(screen.getByRole('button', { name: 'Open Module 4' }));
    expect(onNavigate).toHaveBeenLastCalledWith('/module/4');
    expect(screen.getByRole('heading', { name: 'Continue Learning' })).toBeTruthy();
  });
});

describe('CoursePlayer module screen (/module/{id})', () => {
  it('opens on the first incomplete lesson and sanitises the lesson HTML', async () => {
    const { store } = renderWidget(<CoursePlayer screen="module" moduleId={2} />, {
      scenario: 'mid-course',
      onNavigate: vi.fn(),
    });
    // mid-course: two lessons of module 2 done, so 'Lesson 2' (index 2) opens.
    expect((await screen.findByRole('tab', { name: /Lesson 2/ })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('2 of 5 lessons completed')).toBeTruthy();
    expect(store.lessonsList.length).toBe(25);
  });

  it('strips scripts and handlers from lesson content', async () => {
    const store = (await import('@coursekit/mocks')).createMemoryStore();
    store.lessonsList[0]!.content = '<p>Safe</p><img src="x" onerror="alert(1)"><script>alert(2)</script>';
    const { createMemoryAdapter } = await import('@coursekit/mocks');
    const { container } = renderWidget(<CoursePlayer screen="module" moduleId={1} />, {
      adapter: createMemoryAdapter(store),
      onNavigate: vi.fn(),
    });
    expect(await screen.findByText('Safe')).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('marks complete, advances, then opens the completion dialog whose Continue goes to the target', async () => {
    const onNavigate = vi.fn();
    const { user } = renderWidget(<CoursePlayer screen="module" moduleId={2} />, {
      scenario: { completed: { 1: 5, 2: 3 } },
      onNavigate,
      fakeTimers: true,
    });
    await screen.findByRole('heading', { level: 3, name: /Quality-Improvement Cycle/ });
    await user.click(screen.getByRole('button', { name: 'Mark Complete' }));
    expect(await screen.findByText('Lesson completed!')).toBeTruthy();
    // advanced to the last lesson, focus on its heading
    const next = await screen.findByRole('heading', {
      level: 3,
      name: /Summary: Making Facility Data Trustworthy/,
    });
    expect(document.activeElement).toBe(next);
    expect(screen.getByRole('tab', { name: /Lesson 4/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('4 of 5 lessons completed')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Mark Complete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    expect(screen.getByRole('button', { name: 'Completed', hidden: true }).hasAttribute('disabled')).toBe(
      true,
    );
    // The dialog takes pointer events once its layer has mounted, which a busy machine can be slow to
    // do: click as the learner would, once it can be clicked.
    await waitFor(() => user.click(within(dialog).getByRole('button', { name: 'Continue' })));
    expect(onNavigate).toHaveBeenCalledWith('/module/3');
  });

  it('after the last module, Continue leads to the quizzes; internal navigation renders the quiz list', async () => {
    const { user } = renderWidget(<CoursePlayer />, {
      scenario: { completed: { 1: 5, 2: 5, 3: 5, 4: 5, 5: 4 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Open Module 5' }));
    await user.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Quizzes' })).toBeTruthy();
  });

  it('says the module data failed to load, with Retry', async () => {
    renderWidget(<CoursePlayer screen="module" moduleId={1} />, {
      scenario: 'server-failing',
      onNavigate: vi.fn(),
    });
    expect(await screen.findByRole('heading', { name: 'Failed to load module data' })).toBeTruthy();
    expect(screen.getByText('Database connection failed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('sends an unknown module id to /modules', async () => {
    const onNavigate = vi.fn();
    renderWidget(<CoursePlayer screen="module" moduleId={9} />, { onNavigate });
    expect(await screen.findByText('Module not found')).toBeTruthy();
    expect(onNavigate).toHaveBeenCalledWith('/modules');
  });

  it('shows the maintenance page and the system message', async () => {
    renderWidget(<CoursePlayer />, { scenario: 'maintenance' });
    expect(await screen.findByRole('heading', { name: 'Under Maintenance' })).toBeTruthy();
    expect(screen.getByText('Expected Duration: 15-30 minutes')).toBeTruthy();
    expect(screen.getByText('Scheduled maintenance is in progress.')).toBeTruthy();
  });

  it('works with the keyboard alone: tabs by arrow keys, Mark Complete by Enter, the dialog traps focus', async () => {
    const onNavigate = vi.fn();
    const { user } = renderWidget(<CoursePlayer screen="module" moduleId={2} />, {
      scenario: { completed: { 1: 5, 2: 4 } },
      onNavigate,
    });
    const selected = await screen.findByRole('tab', { name: /Lesson 4/ });
    selected.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: /Lesson 3/ }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    // Tab leaves the tab list for the panel, then on to the buttons
    let guard = 0;
    while (document.activeElement?.textContent !== 'Mark Complete' && guard++ < 20) await user.tab();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Enter}');
    expect(onNavigate).toHaveBeenCalledWith('/module/3');
  });

  it('says when marking fails, and after five tries in a minute asks the learner to wait', async () => {
    const { user, store } = renderWidget(<CoursePlayer screen="module" moduleId={1} />, {
      onNavigate: vi.fn(),
    });
    const button = await screen.findByRole('button', { name: 'Mark Complete' });
    store.options.failing = true;
    for (let i = 0; i < 5; i++) {
      await user.click(button);
      await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    }
    expect(screen.getAllByText('Failed to mark lesson as complete').length).toBeGreaterThan(0);
    await user.click(button);
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeTruthy();
  });
});
