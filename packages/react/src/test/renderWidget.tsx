import type { CourseAdapter, CourseEventListener } from '@coursekit/core';
import {
  createMemoryAdapter,
  createMemoryStore,
  type ScenarioName,
  type ScenarioOptions,
} from '@coursekit/mocks';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { CourseProvider } from '../provider/CourseProvider';

export interface RenderOptions {
  scenario?: ScenarioName | ScenarioOptions;
  onNavigate?: (path: string) => void;
  onEvent?: CourseEventListener;
  adapter?: CourseAdapter;
  /** Fake timers for the auto-advance and toast flows. */
  fakeTimers?: boolean;
}

/** Renders a widget inside a CourseProvider on the mocks' memory adapter for a scenario. */
export function renderWidget(ui: ReactElement, options: RenderOptions = {}) {
  if (options.fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const store = createMemoryStore(options.scenario ?? 'new-learner');
  const adapter = options.adapter ?? createMemoryAdapter(store);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup(options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  const result = render(
    <CourseProvider
      adapter={adapter}
      queryClient={queryClient}
      onNavigate={options.onNavigate}
      {...(options.onEvent ? { onEvent: options.onEvent } : {})}
    >
      {ui}
    </CourseProvider>,
  );
  return { ...result, store, adapter, queryClient, user };
}
