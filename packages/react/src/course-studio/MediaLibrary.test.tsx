import { createMemoryStudio, memoryCopies } from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test/expectNoAxeViolations';
import { renderWidget } from '../test/renderWidget';
import { CourseStudio } from './CourseStudio';

// The media library: images uploaded described and placed, shown by what they show (never by file
// name), with where each is used, what needs attention, and replaced everywhere at once.

const MODULE = 'modules/module-1.md';
const LONG =
  'Every reading has a date, a value and a unit, and the unit decides what the number means, so a reading without one means nothing.';
const DIAL = '/storage/image-assets/meter-basics-dial.png';

/** A PNG's header with the given pixel size (all the library reads). */
function pngBase64(width: number, height: number) {
  const b = new Uint8Array(24);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return btoa(String.fromCharCode(...b));
}

async function openLibrary(fake: ReturnType<typeof createMemoryStudio>) {
  const rendered = renderWidget(
    <CourseStudio studio={fake.studio} canPublish={false} copies={memoryCopies()} saveDelayMs={20} />,
  );
  await rendered.user.click(await screen.findByRole('button', { name: 'Open Meter Basics' }));
  const outline = await screen.findByRole('navigation', { name: 'Course outline' });
  await rendered.user.click(within(outline).getByRole('button', { name: 'Media Library' }));
  const library = await screen.findByRole('region', { name: 'Media Library' });
  return { ...rendered, outline, library };
}

describe('The media library', { timeout: 30_000 }, () => {
  it('uploads an image only with its alt text, and places it in the chosen lesson', async () => {
    const fake = createMemoryStudio();
    fake.saveAsOther(MODULE, `# Module 1: Meters\n\n## Reading a meter\n\n${LONG}\n\n## Units\n\n${LONG}\n`);
    const { user, library } = await openLibrary(fake);
    const picture = new File(
      [Uint8Array.from(atob(pngBase64(800, 600)), (c) => c.charCodeAt(0))],
      'gauge.png',
      {
        type: 'image/png',
      },
    );
    await user.upload(within(library).getByLabelText('Drop an image here, or choose one'), picture);
    await user.click(within(library).getByRole('button', { name: 'Upload and Place' }));
    expect(within(library).getByText('Describe the image for learners who cannot see it')).toBeTruthy();
    expect(fake.textOf('images/meter-basics-gauge.png')).toBeUndefined();
    await user.type(within(library).getByRole('textbox', { name: /Alt text/ }), 'A gauge at 40 kPa');
    await user.selectOptions(
      within(library).getByRole('combobox', { name: 'Place it at the end of' }),
      'Lesson 2 of Module 1: Units',
    );
    await user.click(within(library).getByRole('button', { name: 'Upload and Place' }));
    await waitFor(() =>
      expect(fake.textOf(MODULE)).toContain(
        `## Units\n\n${LONG}\n\n![A gauge at 40 kPa](/storage/image-assets/meter-basics-gauge.png)`,
      ),
    );
    const item = await within(library).findByRole('listitem', { name: 'Image “A gauge at 40 kPa”' });
    expect(within(item).getByRole('button', { name: 'Lesson 2 of Module 1: Units' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\.png|images\//);
    await expectNoAxeViolations();
  });

  it('flags an unused image, a lesson showing one without alt text, and an image too large, with the size to save it at', async () => {
    const fake = createMemoryStudio();
    await fake.studio.save(
      'meter-basics',
      'images/meter-basics-plan.png',
      { base64: pngBase64(3200, 1800) },
      null,
    );
    fake.saveAsOther(
      MODULE,
      `# Module 1: Meters\n\n## Reading a meter\n\n${LONG}\n\n![](/storage/image-assets/meter-basics-plan.png)\n`,
    );
    const { library } = await openLibrary(fake);
    const unused = within(library).getByRole('listitem', { name: 'Image 1 (not described)' });
    expect(within(unused).getByRole('list', { name: /Needs attention/ }).textContent).toContain(
      'Not used in any lesson.',
    );
    const plan = within(library).getByRole('listitem', { name: 'Image 2 (not described)' });
    await waitFor(() =>
      expect(within(plan).getByRole('list', { name: /Needs attention/ }).textContent).toContain(
        'Too large for a lesson (0 KB, 3200 × 1800 px): save it at 1600 × 900 px, under 500 KB.',
      ),
    );
    expect(within(plan).getByRole('list', { name: /Needs attention/ }).textContent).toContain(
      'No alt text in Lesson 1 of Module 1: learners who cannot see it are not told what it shows.',
    );
  });

  it('replaces an image everywhere: its picture under the same name, or every lesson pointed at another image', async () => {
    const fake = createMemoryStudio();
    await fake.studio.save(
      'meter-basics',
      'images/meter-basics-plan.png',
      { base64: pngBase64(800, 600) },
      null,
    );
    fake.saveAsOther(
      MODULE,
      `# Module 1: Meters\n\n## Reading a meter\n\n${LONG}\n\n![The dial](${DIAL})\n\n## Units\n\n${LONG}\n\n![The dial again](${DIAL})\n`,
    );
    const { user, library } = await openLibrary(fake);
    const dial = within(library).getByRole('listitem', { name: 'Image “The dial”' });
    const sent = fake.calls.sent.length;
    await user.upload(
      within(dial).getByLabelText(/Replace the picture everywhere/),
      new File([Uint8Array.from(atob(pngBase64(400, 300)), (c) => c.charCodeAt(0))], 'new-dial.png', {
        type: 'image/png',
      }),
    );
    await waitFor(() =>
      expect(fake.calls.sent.slice(sent).map((c) => c.path)).toEqual(['images/meter-basics-dial.png']),
    );
    await waitFor(() => expect(within(dial).getByText('400 × 300 px, 0 KB')).toBeTruthy());

    await user.selectOptions(
      within(dial).getByRole('combobox', { name: /Or show another image instead/ }),
      'Image 2 (not described)',
    );
    await user.click(within(dial).getByRole('button', { name: /Replace Everywhere/ }));
    await waitFor(() => expect(fake.textOf(MODULE)).not.toContain(DIAL));
    expect(fake.textOf(MODULE)).toContain('![The dial](/storage/image-assets/meter-basics-plan.png)');
    expect(fake.textOf(MODULE)).toContain('![The dial again](/storage/image-assets/meter-basics-plan.png)');
  });
});
