import { createMemoryAdapter, createMemoryStore } from '@coursekit/mocks';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoursePlayer } from '../course-player/CoursePlayer';
import { ProgressPanel } from '../progress-panel/ProgressPanel';
import { renderWidget } from '../test/renderWidget';
import { CourseProvider } from './CourseProvider';
import { useCourseAdapter } from './useCourseAdapter';

afterEach(() => vi.restoreAllMocks());

describe('CourseProvider', () => {
  it('useCourseAdapter fails loudly, saying how to fix it, outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useCourseAdapter())).toThrow(
      'No CourseAdapter set, use CourseProvider to set one',
    );
  });

  it('gives widgets the adapter', () => {
    const adapter = createMemoryAdapter(createMemoryStore());
    const { result } = renderHook(() => useCourseAdapter(), {
      wrapper: ({ children }) => <CourseProvider adapter={adapter}>{children}</CourseProvider>,
    });
    expect(result.current).toBe(adapter);
  });

  it('follows the settings stream: a new system message shows at once, maintenance takes over', async () => {
    const { store } = renderWidget(<CoursePlayer />);
    await screen.findByRole('heading', { name: 'Getting Started' });
    act(() => {
      store.setSettings({ system_message: 'New content this week', system_message_type: 'info' });
    });
    expect(await screen.findByText('New content this week')).toBeTruthy();
    act(() => {
      store.setSettings({ maintenance_mode: true });
    });
    expect(await screen.findByRole('heading', { name: 'Under Maintenance' })).toBeTruthy();
  });

  it('a lesson completed in the player updates the progress panel beside it', async () => {
    const store = createMemoryStore('mid-course');
    const adapter = createMemoryAdapter(store);
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    render(
      <CourseProvider adapter={adapter} onNavigate={vi.fn()}>
        <CoursePlayer screen="module" moduleId={2} />
        <ProgressPanel />
      </CourseProvider>,
    );
    const panel = await screen.findByRole('region', { name: 'Your progress' });
    expect(await within(panel).findByText('7 of 25 lessons completed (28%)')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    expect(await within(panel).findByText('8 of 25 lessons completed (32%)')).toBeTruthy();
  });

  it('lets admins through maintenance', async () => {
    const store = createMemoryStore('maintenance');
    const base = createMemoryAdapter(store);
    const adapter = { ...base, profile: { ...base.profile, roles: async () => ['admin' as const] } };
    renderWidget(<CoursePlayer />, { adapter });
    expect(await screen.findByRole('heading', { name: 'Getting Started' })).toBeTruthy();
    expect(screen.getByText('Scheduled maintenance is in progress.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Under Maintenance' })).toBeNull();
  });

  it('shows learners the maintenance page, never the course behind it', async () => {
    renderWidget(<CoursePlayer />, { scenario: 'maintenance' });
    expect(await screen.findByRole('heading', { name: 'Under Maintenance' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Getting Started' })).toBeNull();
  });
});
