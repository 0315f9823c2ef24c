import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearAdminCache } from '../session/adminCheck';

afterEach(() => cleanup());

// jsdom has no layout; the router's scroll restoration calls this.
window.scrollTo = () => undefined;

// Each test is a new user world; the admin answer is cached per user id for 30 s.
afterEach(() => clearAdminCache());
