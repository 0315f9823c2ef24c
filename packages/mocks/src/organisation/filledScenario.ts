import type { OrgIdentityProvider } from '@coursekit/core';
import type { MemoryOrganisation, StoredAssignment } from './memoryOrganisation';

// The 'filled' scenario of the memory organisation: what a manager sees a few weeks in.

/** The 'filled' scenario's identity provider. */
export const FILLED_PROVIDER: OrgIdentityProvider = {
  issuer: 'https://login.acme.example',
  domains: ['acme.example', 'acme-facilities.example'],
  enabled: true,
};

/** The 'filled' scenario: what a manager sees a few weeks in. */
export function seedFilled(
  organisation: MemoryOrganisation,
  groups: Map<string, { id: string; name: string; created_at: string }>,
  assignments: StoredAssignment[],
  iso: () => string,
  now: () => number,
) {
  const day = 86_400_000;
  const at = (offset: number) => new Date(now() + offset * day).toISOString();
  organisation.addPerson({
    email: 'mara.manager@acme.example',
    display_name: 'Mara Manager',
    role: 'manager',
  });
  const ben = organisation.addPerson({ email: 'ben.okafor@acme.example', display_name: 'Ben Okafor' });
  const cleo = organisation.addPerson({ email: 'cleo.park@acme.example', display_name: 'Cleo Park' });
  const dev = organisation.addPerson({ email: 'dev.rao@acme.example', display_name: null });
  const groupId = '00000000-0000-4000-9000-000000000001';
  groups.set(groupId, { id: groupId, name: 'Night shift', created_at: iso() });
  void organisation.addGroupMember(groupId, ben);
  void organisation.addGroupMember(groupId, cleo);
  assignments.push(
    {
      id: '00000000-0000-4000-a000-000000000001',
      course: 'building-safety',
      user_id: null,
      group_id: groupId,
      due_at: at(7),
      created_at: at(-20),
    },
    {
      id: '00000000-0000-4000-a000-000000000002',
      course: 'building-safety',
      user_id: dev,
      group_id: null,
      due_at: at(-2),
      created_at: at(-20),
    },
    {
      id: '00000000-0000-4000-a000-000000000003',
      course: 'energy-basics',
      user_id: ben,
      group_id: null,
      due_at: null,
      created_at: at(-10),
    },
  );
  organisation.setRecord(ben, 'building-safety', { lessonsDone: 4, completedAt: at(-3), score: 90 });
  organisation.setRecord(cleo, 'building-safety', { lessonsDone: 1, attempted: true, score: null });
  organisation.setRecord(ben, 'energy-basics', { lessonsDone: 2, completedAt: at(-1), score: 75 });
}
