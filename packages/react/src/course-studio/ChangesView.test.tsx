import { studioOutline } from '@coursekit/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangesView } from './ChangesView';

// The review in the outline's nouns: by module, its lessons with their diffs and its questions;
// images by what they show, never by file name.

describe('ChangesView', () => {
  it('lists the changes by module, lesson and question, and names an image by its alt text', () => {
    const outline = studioOutline([
      {
        path: 'modules/module-2.md',
        text: '# Module 2: Readings\n\n## Trends\n\n![A rising trend line](/storage/image-assets/c-trend.png)\n',
      },
      { path: 'images/c-trend.png', text: null },
    ]);
    render(
      <ChangesView
        outline={outline}
        changes={{
          course: ['title'],
          modules: [{ id: 2, name: 'Readings', change: 'changed' }],
          lessons: [
            {
              module_id: 2,
              key: 'module_2_1_trends',
              title: 'Trends',
              change: 'changed',
              diff: [
                { kind: 'removed', text: 'Old words.' },
                { kind: 'added', text: 'New words.' },
              ],
            },
            { module_id: 1, key: 'module_1_3_units', title: 'Units', change: 'added', diff: [] },
          ],
          questions: [
            { module_id: 2, quiz: 'course', number: 3, change: 'added', before: null, after: 'Which trend?' },
            {
              module_id: 2,
              quiz: 'pre_assessment',
              number: 1,
              change: 'removed',
              before: 'Why?',
              after: null,
            },
          ],
          images: [
            { path: 'images/c-trend.png', change: 'added' },
            { path: 'images/c-gone.png', change: 'removed' },
          ],
        }}
      />,
    );
    expect(screen.getByText('The course settings changed: title')).toBeTruthy();
    const regions = screen
      .getAllByRole('region')
      .filter((r) => r.getAttribute('aria-label')?.startsWith('Module'));
    expect(regions.map((r) => r.getAttribute('aria-label'))).toEqual(['Module 1', 'Module 2: Readings']);
    const two = screen.getByRole('region', { name: 'Module 2: Readings' });
    expect(within(two).getByText(/^Lesson 1 “Trends”:/).textContent).toBe('Lesson 1 “Trends”: changed');
    expect(within(two).getByText(/New words\./).textContent).toContain('(added)');
    expect(within(two).getByRole('list', { name: 'Questions of Module 2: Readings' }).textContent).toBe(
      'Final quiz question 3: added — “Which trend?”Pre-assessment question 1: removed — “Why?”',
    );
    const images = screen.getByRole('list', { name: 'Images' });
    expect(images.textContent).toContain('Image “A rising trend line”: added');
    expect(document.body.textContent).not.toMatch(/\.png|images\//);
  });
});
