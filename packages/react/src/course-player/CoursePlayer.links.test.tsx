import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { CoursePlayer } from './CoursePlayer';

describe('CoursePlayer links and downloads', () => {
  it('opens the lesson a /lesson/{module}/{lesson} link names, not the first incomplete one', async () => {
    const { createMemoryStore } = await import('@coursekit/mocks');
    const fourth = createMemoryStore('new-learner').lessonsList.find(
      (l) => l.module_id === 1 && l.order === 4,
    )!;
    renderWidget(<CoursePlayer screen="module" moduleId={1} lessonId={fourth.id} />, { onNavigate: vi.fn() });
    expect((await screen.findByRole('tab', { name: /Lesson 3/ })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: /Intro/ }).getAttribute('aria-selected')).toBe('false');
  });

  it('offers the certificate PDF once the course is complete', async () => {
    const { user, adapter } = renderWidget(<CoursePlayer />, { scenario: 'course-complete' });
    const spy = vi.spyOn(adapter.certificate!, 'downloadUrl');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(await screen.findByRole('button', { name: 'Download Certificate (PDF)' }));
    expect(spy).toHaveBeenCalledOnce();
    expect(click).toHaveBeenCalledOnce();
    click.mockRestore();
  });
});
