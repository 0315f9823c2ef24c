import type { UserSort } from '../rules/userList';

// admin §2's user search and sort as a table of cases, run through core's definition
// (rules/userList.test.ts), through the mocks' memory store and through the API's SQL (the admin
// conformance suite). `{tag}` / `{Tag}` / `{TAG}` stand for a word unique to one run, so the cases
// find only their own people on a shared backend.

/** The people of the cases; `name: null` signs up without a name (the console's 'Unknown User'). */
export const USER_LIST_PEOPLE = [
  { ref: 'adams', local: 'zoe', name: '{Tag} Zoë Adams' },
  { ref: 'al', local: 'al', name: '{Tag} Al   Brown' },
  { ref: 'bea', local: 'bea', name: '{Tag} Bea Brown' },
  { ref: 'emile', local: 'claire', name: '{Tag} Claire Émile' },
  { ref: 'ozola', local: 'dan', name: "{Tag} Dan O'Zola" },
  { ref: 'jones', local: 'eve', name: '{Tag} Eve Smith-Jones' },
  { ref: 'anon', local: 'anon', name: null },
] as const;

export type UserListRef = (typeof USER_LIST_PEOPLE)[number]['ref'];

export interface UserListCase {
  says: string;
  search: string;
  sort?: UserSort;
  /** The people found, in order. */
  expect: readonly UserListRef[];
}

export const USER_LIST_CASES: readonly UserListCase[] = [
  {
    says: 'sorts by the last word going up, a missing name first, equal words by e-mail, by code point',
    search: '{tag}',
    sort: 'asc',
    expect: ['anon', 'adams', 'al', 'bea', 'ozola', 'jones', 'emile'],
  },
  {
    says: 'sorts going down by the word, equal words still by e-mail going up',
    search: '{tag}',
    sort: 'desc',
    expect: ['emile', 'jones', 'ozola', 'al', 'bea', 'adams', 'anon'],
  },
  { says: 'finds a name whatever its case, accents too', search: '{TAG} ZOË', expect: ['adams'] },
  { says: 'finds part of an e-mail whatever its case', search: '{TAG}.BEA@', expect: ['bea'] },
  { says: 'trims the search', search: '   {tag}.al@  ', expect: ['al'] },
  {
    says: 'matches across the name’s spaces as written',
    search: '{tag} al   brown',
    sort: 'asc',
    expect: ['al'],
  },
  { says: 'takes % and _ as themselves', search: '{tag}%', expect: [] },
  { says: 'takes _ as itself', search: '{tag}_', expect: [] },
  { says: 'finds nothing for text nobody has', search: '{tag}-nobody', expect: [] },
];

/** A case's text for one run's tag. */
export const withTag = (text: string, tag: string): string =>
  text
    .replaceAll('{tag}', tag)
    .replaceAll('{TAG}', tag.toUpperCase())
    .replaceAll('{Tag}', tag[0]!.toUpperCase() + tag.slice(1));

/** A person's e-mail for one run's tag. */
export const emailOf = (local: string, tag: string): string => `${tag}.${local}@conformance.example`;
