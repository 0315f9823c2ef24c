import type { CourseAdapter, Role } from '@coursekit/core';
import {
  createMemoryAdapter,
  createMemoryStore,
  type ScenarioName,
  type ScenarioOptions,
} from '@coursekit/mocks';
import { render } from '@testing-library/react';
import { App } from '../App';

export interface RenderOptions {
  path?: string;
  scenario?: ScenarioName | ScenarioOptions;
  signedIn?: boolean;
  roles?: Role[];
  /** Puts things in the memory store before the site renders (an organisation, its people…). */
  seed?: (store: ReturnType<typeof createMemoryStore>) => void;
  /** Changes the in-memory adapter's behaviour (a hanging call, a failure…). */
  patch?: (adapter: CourseAdapter) => CourseAdapter;
}

/** The whole site at `path`, on an in-memory backend. */
export function renderApp({
  path = '/',
  scenario = 'new-learner',
  signedIn = true,
  roles,
  seed,
  patch = (adapter) => adapter,
}: RenderOptions = {}) {
  window.history.replaceState(null, '', path);
  const store = createMemoryStore(scenario);
  seed?.(store);
  const base = createMemoryAdapter(store, { signedIn });
  const adapter = patch(roles ? { ...base, profile: { ...base.profile, roles: async () => roles } } : base);
  // each course by slug on the same store (the memory store's one course answers by its slug)
  const view = render(
    <App adapter={adapter} courseAdapter={(course) => createMemoryAdapter(store, { signedIn, course })} />,
  );
  return { ...view, store, adapter };
}
