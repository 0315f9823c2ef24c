import { ORGANISATION_MANAGER_ACTIONS } from '@coursekit/core';
import { describe, expect, it } from 'vitest';
import { createMemoryOrganisation } from './memoryOrganisation';

// The memory organisation keeps the managers' audit log as the API does (api/src/organisations/
// managers.test.ts holds the API to the same list): every action core names, each with the
// organisation, and nothing for a call that was refused.

describe('the memory organisation’s audit log', () => {
  it('records every manager action with its organisation, and none for a refused call', async () => {
    const org = createMemoryOrganisation({ id: 'org-1', scenario: 'filled', seatLimit: 10 });
    expect(org.actions).toEqual([]);
    const [ben] = (await org.people({ search: 'ben.okafor' })).items;
    const invitation = await org.invite({ email: 'Nina.New@acme.example' });
    org.importCsv('email,name\r\nomar@acme.example,Omar\r\n', 'preview');
    org.importCsv('email,name\r\nomar@acme.example,Omar\r\n', 'apply');
    const group = await org.createGroup('Day shift');
    await org.renameGroup(group.id, 'Early shift');
    await org.addGroupMember(group.id, ben!.user_id);
    await org.removeGroupMember(group.id, ben!.user_id);
    const [assignment] = await org.assign({ course: 'energy-basics', user_ids: [ben!.user_id] });
    await org.removeAssignment(assignment!.id);
    await org.deleteGroup(group.id);
    await org.removePerson(ben!.user_id);

    expect(org.actions.map((a) => a.action_type).sort()).toEqual([...ORGANISATION_MANAGER_ACTIONS].sort());
    for (const a of org.actions) expect(a.action_details.organisation_id).toBe('org-1');
    const byType = (type: string) => org.actions.find((a) => a.action_type === type)!;
    expect(byType('organisation_person_invited').action_details).toEqual({
      organisation_id: 'org-1',
      invitation_id: invitation.id,
      email: 'nina.new@acme.example',
      role: 'learner',
    });
    expect(byType('organisation_group_renamed').action_details).toMatchObject({
      from: 'Day shift',
      to: 'Early shift',
    });
    expect(byType('organisation_person_removed').target_user_id).toBe(ben!.user_id);
    expect(byType('organisation_people_imported').action_details).toMatchObject({ invite: 1, error: 0 });

    // Refused calls change nothing and log nothing.
    const logged = org.actions.length;
    await expect(org.invite({ email: 'nina.new@acme.example' })).rejects.toMatchObject({ code: 'conflict' });
    await expect(org.createGroup('Night shift')).rejects.toMatchObject({ code: 'conflict' });
    await expect(org.removePerson(ben!.user_id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(org.removeAssignment('no-such-assignment')).rejects.toMatchObject({ code: 'not_found' });
    expect(org.actions).toHaveLength(logged);
  });
});
