import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { CoursePlayer } from './CoursePlayer';

afterEach(() => vi.restoreAllMocks());

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

  it('downloads the certificate PDF from the URL the adapter answers, as certificate.pdf', async () => {
    const { user, adapter } = renderWidget(<CoursePlayer />, { scenario: 'course-complete' });
    const downloadUrl = vi.spyOn(adapter.certificate!, 'downloadUrl');
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await user.click(await screen.findByRole('button', { name: 'Download Certificate (PDF)' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(downloadUrl).toHaveBeenCalledOnce();
    const session = await adapter.auth.getSession();
    const link = clicked[0]!;
    expect(new URL(link.href).pathname).toBe(`/api/certificate/${session!.user.id}.pdf`);
    expect(link.getAttribute('download')).toBe('certificate.pdf');
    expect(link.rel).toBe('noopener');
  });
});
