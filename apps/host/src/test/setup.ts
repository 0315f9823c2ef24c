import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearAdminCache } from '../session/adminCheck';
import { notifyDataChanged } from '../session/dataEvents';

afterEach(() => cleanup());

// findBy…/waitFor wait up to 10 s, not 1 s: on a loaded 2-core CI machine a first render of a lazy
// widget can take longer than a second; a test that should fail still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout; the router's scroll restoration calls this. (A test of code that runs
// outside the page, such as the credential verifier, asks for Node and has no window.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// Each test is a new user world; the admin answer is cached per user id for 30 s.
afterEach(() => clearAdminCache());

// …and nothing the widgets cached for the last test's learner (the query caches live for the page).
afterEach(() => notifyDataChanged());
