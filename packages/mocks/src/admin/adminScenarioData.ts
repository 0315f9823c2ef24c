import type { ImageLinkMapping, Role } from '@coursekit/core';

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
  // The newest accounts, so the list's first page (newest first) shows the two the console stories open.
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
];

/** A stable, uuid-shaped id from an e-mail, so stories show the same ids (and first 8 characters) each run. */
export function idFor(email: string): string {
  let h = 0x811c9dc5;
  const hex = (salt: number) => {
    for (const c of `${salt}:${email}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
    return h.toString(16).padStart(8, '0');
  };
  const [a, b, c, d] = [hex(1), hex(2), hex(3), hex(4)];
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-8${c.slice(0, 3)}-${c.slice(3, 8)}${d.slice(0, 7)}`;
}

const FIRST = [
  'Ada',
  'Ben',
  'Carla',
  'Dev',
  'Elif',
  'Femi',
  'Gil',
  'Hana',
  'Ivo',
  'Jia',
  'Kai',
  'Lea',
  'Milo',
  'Nia',
  'Omar',
  'Pia',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
];
const LAST = [
  'Abbott',
  'Bauer',
  'Castro',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Horvat',
  'Ito',
  'Jensen',
  'Kowalski',
  'Larsen',
  'Moreau',
  'Nakamura',
  'Olsen',
  'Petrov',
  'Quispe',
  'Rahman',
  'Silva',
  'Tran',
  'Ueda',
  'Varga',
  'Wong',
  'Xu',
  'Yilmaz',
  'Zhou',
];

/** The plain learners of the admin-large scenario, one of them in 500 a moderator. */
export function generatedUser(i: number): UserSeed & { id: string; createdAt: string } {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  const email = `${first}.${last}.${i}@example.com`.toLowerCase();
  const base = Date.UTC(2024, 0, 1);
  return {
    id: `gen-${String(i).padStart(5, '0')}-${idFor(email).slice(9)}`,
    createdAt: new Date(base + i * 3_600_000).toISOString(),
    email,
    name: `${first} ${last}`,
    roles: i % 500 === 0 ? ['moderator', 'user'] : ['user'],
    confirmed: i % 9 !== 0,
    signedIn: i % 6 !== 0,
  };
}

/**
 * The console scenario's broken image links, by lesson id, for the image tools to flag and repair:
 * a double slash, encoded characters, raw spaces and parentheses, a bare file name, and a file
 * name the bucket never had, which only the table below knows.
 */
export const CONSOLE_IMAGE_LINKS: Record<number, string> = {
  201: '/storage/image-assets//module-2-intro.png',
  202: '/storage/image-assets/Module%202%20Lesson%201.png',
  303: 'image-assets/module 3 lesson (2).png',
  405: 'module-4-summary.png',
  502: '/storage/image-assets/module-5-lesson-1-final-version-for-print-and-for-the-intranet-newsletter.png',
};

/**
 * The scenario's table of known wrong file names (admin §9's mapping table). Its one entry shortens
 * lesson 502's link so much that the corrected lesson fails the 10% length check: the Enhanced
 * Correction then reports a failure, as the console's 'Correction Completed with Issues' shows.
 */
export const CONSOLE_IMAGE_MAPPINGS: readonly ImageLinkMapping[] = [
  {
    incorrect: 'module-5-lesson-1-final-version-for-print-and-for-the-intranet-newsletter.png',
    correct: 'module-5-lesson-1.png',
    moduleId: 5,
    confidence: 1,
    mappingType: 'exact',
  },
];
