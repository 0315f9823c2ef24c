import type { Role } from '@coursekit/core';

/** One account the admin-console scenario seeds. */
export interface UserSeed {
  email: string;
  /** null: no name, so the console shows 'Unknown User'. */
  name: string | null;
  /** Default ['user']. */
  roles?: Role[];
  /** false: the e-mail is unverified. */
  confirmed?: boolean;
  /** false: never signed in. */
  signedIn?: boolean;
  /** Lessons completed, as a count per module id. */
  completed?: Record<number, number>;
  /** Completed attempts, oldest first: the quiz and how many answers were right (of 5). */
  attempts?: Array<['pre_assessment' | 'course', number]>;
  /** Module 2's records are rewritten as legacy (no lesson key) for Stable Tracking. */
  legacy?: boolean;
  /** Two records whose lesson no longer exists. */
  orphans?: boolean;
}

const ALL = { 1: 5, 2: 5, 3: 5, 4: 5, 5: 5 };

/** The admin-console scenario's ~25 users (with the demo admin), in the states admin.md §2 shows. */
export const CONSOLE_USERS: UserSeed[] = [
  { email: 'priya.patel@example.com', name: 'Priya Patel', roles: ['moderator', 'user'] },
  { email: 'tom.becker@example.com', name: 'Tom Becker', confirmed: false, signedIn: false },
  {
    // mid-course, with several attempts of the course quiz (none passed yet)
    email: 'lena.novak@example.com',
    name: 'Lena Novak',
    completed: { 1: 5, 2: 3 },
    attempts: [
      ['pre_assessment', 3],
      ['course', 2],
      ['course', 3],
      ['course', 3],
    ],
  },
  {
    // finished: every lesson, the course quiz passed
    email: 'samuel.okafor@example.com',
    name: 'Samuel Okafor',
    completed: ALL,
    attempts: [
      ['pre_assessment', 4],
      ['course', 3],
      ['course', 5],
    ],
  },
  { email: 'no.name@example.com', name: null },
  { email: 'grace.kim@example.com', name: 'Grace Kim', roles: ['admin', 'moderator'] },
  { email: 'jonas.weber@example.com', name: 'Jonas Weber', signedIn: false },
  { email: 'amara.diallo@example.com', name: 'Amara Diallo', roles: ['moderator'] },
  { email: 'luis.fernandez@example.com', name: 'Luis Fernández', completed: { 1: 2 } },
  { email: 'hannah.schmidt@example.com', name: 'Hannah Schmidt', confirmed: false },
  {
    email: 'kenji.tanaka@example.com',
    name: 'Kenji Tanaka',
    completed: { 1: 5 },
    attempts: [['pre_assessment', 2]],
  },
  { email: 'olivia.brown@example.com', name: 'Olivia Brown' },
  { email: 'mateo.rossi@example.com', name: 'Mateo Rossi', roles: [] },
  { email: 'fatima.elamrani@example.com', name: 'Fatima Zahra El Amrani' },
  { email: 'noah.johansson@example.com', name: 'Noah Johansson', completed: { 1: 5, 2: 4 }, legacy: true },
  { email: 'chloe.martin@example.com', name: 'Chloé Martin' },
  { email: 'ibrahim.hassan@example.com', name: 'Ibrahim Hassan', confirmed: false, signedIn: false },
  { email: 'sofia.costa@example.com', name: 'Sofia Costa', roles: ['admin', 'user'] },
  { email: 'daniel.cohen@example.com', name: 'Daniel Cohen', completed: { 1: 1 }, orphans: true },
  { email: 'mei.lin@example.com', name: 'Mei Lin' },
  {
    email: 'arjun.mehta@example.com',
    name: 'Arjun Mehta',
    roles: ['moderator', 'user'],
    completed: { 1: 3 },
  },
  { email: 'eva.lindqvist@example.com', name: 'Eva Lindqvist' },
  { email: 'kwame.mensah@example.com', name: 'Kwame Mensah', attempts: [['pre_assessment', 5]] },
  { email: 'zoe.clarke@example.com', name: 'Zoe Clarke', signedIn: false },
];
