import { createMemoryStudio, memoryCopies } from '@coursekit/mocks';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/expectNoAxeViolations';
import { renderWidget } from '../test/renderWidget';
import { CourseStudio } from './CourseStudio';

// Preview as a learner, beside the editor: a lesson through the CoursePlayer's renderer and a
// question through the QuizRunner's question screen, at a phone's width or a desktop's.

const MODULE = 'modules/module-1.md';
const LONG =
  'Every reading has a date, a value and a unit, and the unit decides what the number means, so a reading without one means nothing.';

function studio() {
  const fake = createMemoryStudio();
  fake.saveAsOther(
    MODULE,
    `# Module 1: Meters\n\n## Reading a meter\n\n${LONG}\n\n| Unit | Means |\n|---|---|\n| kWh | energy |\n`,
  );
  const view = renderWidget(
    <CourseStudio studio={fake.studio} canPublish={false} copies={memoryCopies()} saveDelayMs={20} />,
  );
  return { fake, ...view };
}

describe('Preview as a learner', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a lesson beside its editor, following the editor, at a phone’s width when asked', async () => {
    const { user } = studio();
    await user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    const outline = await screen.findByRole('navigation', { name: 'Course outline' });
    await user.click(within(outline).getByRole('button', { name: 'Lesson 1: Reading a meter' }));
    await user.click(await screen.findByRole('button', { name: 'Side by Side' }));
    const editor = await screen.findByRole('textbox', { name: 'Text of lesson “Reading a meter”' });
    const preview = await screen.findByRole('region', { name: 'Preview as a learner' });
    expect(await within(preview).findByRole('cell', { name: 'energy' })).toBeTruthy();
    const frame = preview.querySelector('[data-width]')!;
    expect(frame.getAttribute('data-width')).toBe('desktop');
    await user.click(within(preview).getByRole('button', { name: 'Phone (375 px)' }));
    expect(frame.getAttribute('data-width')).toBe('phone');
    expect(within(preview).getByRole('button', { name: 'Phone (375 px)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // What the author does in the editor shows in the preview.
    expect(preview.querySelector('strong')).toBeNull();
    act(() => editor.focus());
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(preview.querySelector('strong')?.textContent).toContain('Every reading'));
    await expectNoAxeViolations();
  });

  it('shows a question as the QuizRunner does: the options, then right or wrong with the explanation', async () => {
    const { user } = studio();
    await user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    const outline = await screen.findByRole('navigation', { name: 'Course outline' });
    await user.click(within(outline).getByRole('button', { name: 'Questions of Module 1' }));
    const form = await screen.findByRole('form', { name: 'Questions' });
    await user.click(
      within(form).getByRole('button', { name: 'Preview as a Learner (Final quiz question 1)' }),
    );
    const preview = within(form).getByRole('region', { name: 'Final quiz question 1 as a learner sees it' });
    const group = within(preview).getByRole('group', { name: /^Question 1 of 1: / });
    const options = within(group).getAllByRole('radio');
    expect(options).toHaveLength(4);
    const correct = JSON.parse(
      (await createMemoryStudio().studio.draft('meter-basics')).files.find(
        (f) => f.path === 'quizzes/module-1.json',
      )!.text!,
    ).finalQuiz[0].correct_answer as string;
    const wrong = ['A', 'B', 'C', 'D'].find((l) => l !== correct)!;
    await user.click(options[['A', 'B', 'C', 'D'].indexOf(wrong)]!);
    await user.click(within(preview).getByRole('button', { name: 'Submit Answer' }));
    expect(within(preview).getByRole('status').textContent).toContain('Incorrect.');
    await user.click(within(preview).getByRole('button', { name: 'Try Again' }));
    await user.click(within(group).getAllByRole('radio')[['A', 'B', 'C', 'D'].indexOf(correct)]!);
    await user.click(within(preview).getByRole('button', { name: 'Submit Answer' }));
    expect(within(preview).getByRole('status').textContent).toContain('Correct!');
    await user.click(within(preview).getByRole('button', { name: 'Phone (375 px)' }));
    expect(preview.querySelector('[data-width]')!.getAttribute('data-width')).toBe('phone');
    await expectNoAxeViolations();
  });
  it('says the lesson’s pictures are on their way until the draft’s picture arrives', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:dial', revokeObjectURL: () => {} }),
    );
    const fake = createMemoryStudio();
    fake.saveAsOther(
      MODULE,
      `# Module 1: Meters\n\n## Reading a meter\n\n${LONG}\n\n![A meter dial](/storage/image-assets/meter-basics-dial.png)\n`,
    );
    let arrive: (blob: Blob) => void = () => {};
    const slow = { ...fake.studio, file: () => new Promise<Blob>((resolve) => (arrive = resolve)) };
    const { user } = renderWidget(<CourseStudio studio={slow} canPublish={false} copies={memoryCopies()} />);
    await user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    const outline = await screen.findByRole('navigation', { name: 'Course outline' });
    await user.click(within(outline).getByRole('button', { name: 'Lesson 1: Reading a meter' }));
    await user.click(await screen.findByRole('button', { name: /^Preview$/ }));
    const preview = await screen.findByRole('region', { name: 'Preview as a learner' });
    expect(await within(preview).findByText(/Every reading has a date/)).toBeTruthy();
    expect(await within(preview).findByRole('status')).toHaveProperty(
      'textContent',
      'Loading the lesson’s pictures...',
    );
    act(() => arrive(new Blob(['png'])));
    await waitFor(() => expect(within(preview).queryByRole('status')).toBeNull());
    expect(within(preview).getByRole('img', { name: 'A meter dial' }).getAttribute('src')).toBe('blob:dial');
  });
});
