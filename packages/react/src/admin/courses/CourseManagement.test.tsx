import { adminMessages, CourseError, type CourseImportResult } from '@coursekit/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/expectNoAxeViolations';
import { renderWidget } from '../../test/renderWidget';
import { SECOND, twoCourses } from '../../test/twoCourses';
import { AdminConsole } from '../AdminConsole';

const section = async () => within(await screen.findByRole('region', { name: 'Courses' }));
const rowOf = async (title: string) =>
  within((await (await section()).findByRole('rowheader', { name: new RegExp(title) })).closest('tr')!);

const REFUSAL = 'quizzes/module-2.json: finalQuiz[0].correct_answer must be one of A, B, C, D';

describe('the Courses section of Content Management', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists every course with its status, the default, its size and learners', async () => {
    const { store, adapter } = twoCourses();
    renderWidget(<AdminConsole tab="content" />, { adapter, onNavigate: vi.fn() });
    const first = await rowOf(store.outline().title);
    expect(first.getByText('Published')).toBeTruthy();
    expect(first.getByText('Default')).toBeTruthy();
    expect(first.queryByRole('button', { name: /^Make Default/ })).toBeNull();
    const second = await rowOf(SECOND.title);
    expect(second.getByText('Draft')).toBeTruthy();
    expect(
      second
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1, 4),
    ).toEqual(['3', '9', '0']);
    await expectNoAxeViolations();
  });

  it('shows the server’s conflict when the default course would stop being published', async () => {
    const { store, adapter } = twoCourses();
    const { user } = renderWidget(<AdminConsole tab="content" />, { adapter, onNavigate: vi.fn() });
    const title = store.outline().title;
    await user.click((await rowOf(title)).getByRole('button', { name: `Archive ${title}` }));
    expect((await screen.findByRole('alert')).textContent).toContain(adminMessages.defaultStaysPublished);
    expect((await rowOf(title)).getByText('Published')).toBeTruthy();
  });

  it('asks before making a course the default, and shows the server’s refusal in the dialog', async () => {
    const { adapter } = twoCourses();
    const { user } = renderWidget(<AdminConsole tab="content" />, { adapter, onNavigate: vi.fn() });
    await user.click(
      (await rowOf(SECOND.title)).getByRole('button', { name: `Make Default ${SECOND.title}` }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: adminMessages.makeDefaultTitle }));
    await user.click(dialog.getByRole('button', { name: 'Make Default' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(adminMessages.defaultMustBePublished);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    await user.click((await rowOf(SECOND.title)).getByRole('button', { name: `Publish ${SECOND.title}` }));
    expect(await screen.findByText(`${SECOND.title} is now published.`)).toBeTruthy();
    await user.click(
      (await rowOf(SECOND.title)).getByRole('button', { name: `Make Default ${SECOND.title}` }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make Default' }));
    expect(await screen.findByText(`${SECOND.title} is now the default course.`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('saves a course’s zip under the server’s name', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:course');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const asked: string[] = [];
    const { adapter } = twoCourses({
      exportZip: async (slug) => {
        asked.push(slug);
        return { fileName: `${slug}.zip`, data: new Blob([new Uint8Array(2048)]) };
      },
    });
    const { user } = renderWidget(<AdminConsole tab="content" />, { adapter, onNavigate: vi.fn() });
    await user.click((await rowOf(SECOND.title)).getByRole('button', { name: `Export Zip ${SECOND.title}` }));
    expect(await screen.findByText(`Saved ${SECOND.slug}.zip (2 KB).`)).toBeTruthy();
    expect(asked).toEqual([SECOND.slug]);
    expect(saved).toEqual([`${SECOND.slug}.zip`]);
  });

  it('shows the upload under way, then the import’s counts', async () => {
    let answer: (result: CourseImportResult) => void = () => {};
    const sent: Blob[] = [];
    const { adapter } = twoCourses({
      importZip: (file) => {
        sent.push(file);
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
    });
    const { user } = renderWidget(<AdminConsole tab="content" />, { adapter, onNavigate: vi.fn() });
    const zip = new File([new Uint8Array(3 * 1024)], 'meter-reports.zip', { type: 'application/zip' });
    await user.upload(await screen.findByLabelText('Course zip'), zip);
    await user.click(screen.getByRole('button', { name: 'Import Course' }));
    expect(
      await screen.findByRole('progressbar', { name: 'Uploading meter-reports.zip (3 KB)…' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Importing...' })).toHaveProperty('disabled', true);
    expect(sent).toEqual([zip]);
    answer({
      course: SECOND,
      created: true,
      summary: {
        modules: 3,
        inserted: 9,
        updated: 0,
        unchanged: 0,
        deactivated: 0,
        questions: 10,
        images: 9,
      },
    });
    expect(
      await screen.findByText(
        `Created “${SECOND.title}” as a draft: 3 modules; lessons 9 new, 0 changed, 0 unchanged, 0 removed; 10 questions; 9 images.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the server’s refusal of a bad zip, naming the file', async () => {
    const { adapter } = twoCourses({
      importZip: async () => {
        throw new CourseError('invalid_request', REFUSAL);
      },
    });
    const { user } = renderWidget(<AdminConsole tab="content" />, { adapter, onNavigate: vi.fn() });
    const zip = new File(['PK'], 'broken.zip', { type: 'application/zip' });
    await user.upload(await screen.findByLabelText('Course zip'), zip);
    await user.click(screen.getByRole('button', { name: 'Import Course' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`✗ ${adminMessages.courseImportRefusedTitle} ${REFUSAL}`);
    await expectNoAxeViolations();
  });
});
