import { CourseError, draftConflict } from '@coursekit/core';
import { createMemoryStudio, memoryCopies } from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test/expectNoAxeViolations';
import { renderWidget } from '../test/renderWidget';
import { CourseStudio } from './CourseStudio';

// Issue 17: the studio's screens. Nothing typed is lost (saved on a pause, kept in a local copy
// until the server has it), two authors never overwrite each other (both texts shown), and only an
// admin publishes. The server's own rules are proven by api/src/studio/studio.test.ts.

const MODULE = 'modules/module-1.md';

async function openModule(user: ReturnType<typeof renderWidget>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
  await user.click(await screen.findByRole('button', { name: 'module-1.md' }));
  // A module opens on its lessons; the raw text is on the Markdown tab.
  await user.click(await screen.findByRole('tab', { name: 'Markdown' }));
  return screen.findByRole('textbox', { name: `Text of ${MODULE}` });
}

describe('CourseStudio', { timeout: 30_000 }, () => {
  it('saves what an author types once they pause, and says so', async () => {
    const fake = createMemoryStudio();
    const { user } = renderWidget(
      <CourseStudio studio={fake.studio} canPublish={false} copies={memoryCopies()} saveDelayMs={50} />,
    );
    const editor = await openModule(user);
    await user.type(editor, ' More text.');
    expect(screen.getByRole('status').textContent).toMatch(/Not saved yet|Saving/);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    expect(fake.textOf(MODULE)).toContain('The first lesson.\n More text.');
    await expectNoAxeViolations();
  });

  it('sends what is typed during a slow save after it, on the new revision, never as a conflict with itself', async () => {
    const fake = createMemoryStudio({ saveLatencyMs: 150 });
    const copies = memoryCopies();
    const { user } = renderWidget(
      <CourseStudio studio={fake.studio} canPublish={false} copies={copies} saveDelayMs={20} />,
    );
    const editor = await openModule(user);
    await user.type(editor, ' One.');
    await screen.findByText('Saving...');
    await user.type(editor, ' Two.');
    // The first save is back: the newer text is still kept locally until its own save is.
    await waitFor(() => expect(fake.textOf(MODULE)).toContain(' One.'));
    if (!fake.textOf(MODULE)?.includes(' Two.')) expect([...copies.items.values()].join()).toContain(' Two.');
    await waitFor(() => expect(fake.textOf(MODULE)).toContain(' One. Two.'), { timeout: 3000 });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows both texts when another author saved first, and keeps mine on their revision when asked', async () => {
    const fake = createMemoryStudio();
    const { user } = renderWidget(
      <CourseStudio studio={fake.studio} canPublish={false} copies={memoryCopies()} saveDelayMs={50} />,
    );
    const editor = await openModule(user);
    const theirs = fake.saveAsOther(MODULE, '# Module 1: Meters\n\n## Reading a meter\n\nTheir rewrite.\n');
    await user.type(editor, ' Mine.');
    const conflict = await screen.findByRole('alert', { name: 'Save conflict' });
    expect(within(conflict).getByText(draftConflict(MODULE, 'Sam Second', theirs.revision))).toBeTruthy();
    expect(
      (within(conflict).getByRole('textbox', { name: 'Their version (Sam Second)' }) as HTMLTextAreaElement)
        .value,
    ).toContain('Their rewrite.');
    const mine = within(conflict).getByRole('textbox', {
      name: 'Your version (edit it to merge)',
    }) as HTMLTextAreaElement;
    expect(mine.value).toContain('The first lesson.\n Mine.');
    // Nothing was overwritten: the draft still holds theirs until the author decides.
    expect(fake.textOf(MODULE)).toContain('Their rewrite.');
    await expectNoAxeViolations();
    await user.click(within(conflict).getByRole('button', { name: 'Keep Mine' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    expect(fake.textOf(MODULE)).toContain('The first lesson.\n Mine.');
  });

  it('keeps the text when a save fails, and restores and saves it when the file is opened again', async () => {
    const fake = createMemoryStudio();
    const copies = memoryCopies();
    fake.failNextSave(new CourseError('network_error', 'Could not reach the server.'));
    const first = renderWidget(
      <CourseStudio studio={fake.studio} canPublish={false} copies={copies} saveDelayMs={50} />,
    );
    await first.user.type(await openModule(first.user), ' Offline words.');
    expect((await screen.findByRole('alert')).textContent).toContain('Could not reach the server.');
    expect(screen.getByRole('status').textContent).toBe('Not saved');
    expect(fake.textOf(MODULE)).not.toContain('Offline words.');
    // The tab closes; the next visit finds the words and saves them.
    first.unmount();
    const again = renderWidget(
      <CourseStudio studio={fake.studio} canPublish={false} copies={copies} saveDelayMs={50} />,
    );
    await openModule(again.user);
    expect(
      screen.getByText('Your unsaved text from this browser was restored and is being saved.'),
    ).toBeTruthy();
    await waitFor(() => expect(fake.textOf(MODULE)).toContain('Offline words.'));
    await waitFor(() => expect(copies.items.size).toBe(0));
  });

  it('lets only an admin publish, naming the reviewed draft', async () => {
    const fake = createMemoryStudio();
    const author = renderWidget(<CourseStudio studio={fake.studio} canPublish={false} />);
    await author.user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await author.user.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByText(/Lesson “Reading a meter”/);
    expect(screen.getByText('Only an admin can publish. Your changes are saved in the draft.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    author.unmount();

    const admin = renderWidget(<CourseStudio studio={fake.studio} canPublish />);
    await admin.user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
    await admin.user.click(screen.getByRole('button', { name: 'Review & Publish' }));
    await screen.findByText(/Lesson “Reading a meter”/);
    await expectNoAxeViolations();
    await admin.user.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByText(/Published version 2/)).textContent).toContain('1 changed');
    expect(fake.calls.publishes).toEqual([(await fake.studio.changes('meter-basics')).draft_hash]);
  });

  it('refuses a taken slug at the slug field', async () => {
    const fake = createMemoryStudio();
    const { user } = renderWidget(<CourseStudio studio={fake.studio} canPublish={false} />);
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Meter Basics');
    expect((screen.getByRole('textbox', { name: /Slug/ }) as HTMLInputElement).value).toBe('meter-basics');
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    const slug = screen.getByRole('textbox', { name: /Slug/ });
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText('A course with the slug "meter-basics" exists already: choose another.'),
    ).toBeTruthy();
  });
});
