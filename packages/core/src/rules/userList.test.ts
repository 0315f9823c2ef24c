import { describe, expect, it } from 'vitest';
import { emailOf, USER_LIST_CASES, USER_LIST_PEOPLE, withTag } from '../testing/userListCases';
import { lastNameKey, matchesUserSearch, searchAndSortUsers } from './userList';

// The shared case table, through the definition itself; the admin conformance suite runs the same
// cases through the mocks' store and the API's SQL.
const tag = 'qtag';
const people = USER_LIST_PEOPLE.map((p, i) => ({
  id: `id-${i}`,
  ref: p.ref,
  email: emailOf(p.local, tag),
  name: p.name === null ? null : withTag(p.name, tag),
  created_at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
}));

describe('the user list’s definition (admin §2)', () => {
  for (const c of USER_LIST_CASES) {
    it(c.says, () => {
      const found = searchAndSortUsers(people, { search: withTag(c.search, tag), sort: c.sort });
      expect(found.map((p) => p.ref)).toEqual(c.expect);
    });
  }

  it('lists newest first without a sort, equal times by id', () => {
    const twins = [
      { id: 'b', email: 'b@x.example', name: null, created_at: '2025-01-01T00:00:00.000Z' },
      { id: 'a', email: 'a@x.example', name: null, created_at: '2025-01-01T00:00:00.000Z' },
      { id: 'c', email: 'c@x.example', name: null, created_at: '2025-02-01T00:00:00.000Z' },
    ];
    expect(searchAndSortUsers(twins, {}).map((u) => u.id)).toEqual(['c', 'a', 'b']);
  });

  it('keys a name by its last word, lower-cased, whatever the spaces around it', () => {
    expect(lastNameKey('  Ana   María  Ölund \t')).toBe('ölund');
    expect(lastNameKey(null)).toBe('');
    expect(matchesUserSearch({ email: 'a@b.co', name: null }, '   ')).toBe(true);
  });
});
