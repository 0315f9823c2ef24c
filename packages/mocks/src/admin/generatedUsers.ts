import type { MemoryStore } from '../createMemoryStore';

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

/** `count` plain learners, straight into the tables (no per-user checks), so 10,000 seed quickly. */
export function seedGeneratedUsers(store: MemoryStore, count: number) {
  const { users, byEmail } = store.tables;
  const base = Date.UTC(2024, 0, 1);
  for (let i = 0; i < count; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
    const email = `${first}.${last}.${i}@example.com`.toLowerCase();
    const id = `gen-${String(i).padStart(5, '0')}-${idFor(email).slice(9)}`;
    const createdAt = new Date(base + i * 3_600_000).toISOString();
    const name = `${first} ${last}`;
    users.set(id, {
      user: {
        id,
        email,
        email_confirmed_at: i % 9 === 0 ? null : createdAt,
        created_at: createdAt,
        last_sign_in_at: i % 6 === 0 ? null : new Date(base + i * 3_600_000 + 86_400_000).toISOString(),
        user_metadata: { name },
      },
      password: 'Facility-42-Data',
      profile: {
        id: `profile-${id}`,
        user_id: id,
        display_name: name,
        avatar_url: null,
        created_at: createdAt,
        updated_at: createdAt,
      },
      roles: i % 500 === 0 ? ['moderator', 'user'] : ['user'],
    });
    byEmail.set(email, id);
  }
}
