import type { CourseEvent } from '@coursekit/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { CoursePlayer } from './CoursePlayer';

describe('CoursePlayer host events (onEvent)', () => {
  it('tells the host when the learner completes a lesson', async () => {
    const events: CourseEvent[] = [];
    const { user, store } = renderWidget(<CoursePlayer screen="module" moduleId={1} />, {
      onNavigate: () => {},
      onEvent: (event) => events.push(event),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    await waitFor(() => expect(events.map((e) => e.type)).toContain('lessonCompleted'));
    const first = store.lessonsList.find((l) => l.module_id === 1 && l.order === 1)!;
    expect(events.find((e) => e.type === 'lessonCompleted')).toEqual({
      type: 'lessonCompleted',
      moduleId: 1,
      lessonId: first.id,
      lessonKey: first.lesson_key,
      title: first.title,
    });
  });
});
