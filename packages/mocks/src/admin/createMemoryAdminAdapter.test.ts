import { messages } from '@coursekit/core';
import { describe, expect, it } from 'vitest';
import { createMemoryAdapter } from '../createMemoryAdapter';
import { scenarioOptions } from '../scenarios';
import { createMemoryStore } from '../store/createMemoryStore';
import { DEMO_ADMIN } from './seedAdminScenario';

const consoleWorld = () =>
  createMemoryStore({ ...scenarioOptions['admin-console'], admin: { users: 'console', jobStepMs: 1 } });

describe('the memory adapter’s admin part', () => {
  it('is absent for a learner scenario, so the widget shows its guard', () => {
    expect(createMemoryAdapter(createMemoryStore('mid-course')).admin).toBeUndefined();
  });

  it('signs in the demo admin on admin scenarios', async () => {
    const adapter = createMemoryAdapter(createMemoryStore('admin-empty'));
    expect((await adapter.auth.getSession())?.user.email).toBe(DEMO_ADMIN.email);
    expect(await adapter.profile.roles()).toContain('admin');
  });

  it('refuses a signed-in learner with the guard’s text, and logs a security event', async () => {
    const store = consoleWorld();
    const adapter = createMemoryAdapter(store);
    await adapter.auth.signOut();
    await adapter.auth.signIn({ email: 'tom.becker@example.com', password: 'Facility-42-Data' });
    await expect(adapter.admin!.stats()).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Insufficient permissions to access this resource.',
    });
    await adapter.auth.signOut();
    // Signed out, the adapter has no session to send, as the HTTP adapter's does not.
    await expect(adapter.admin!.stats()).rejects.toMatchObject({
      code: 'unauthorized',
      message: messages.sessionMissing,
    });
  });

  it('revokes a certificate with a reason: the public check then says revoked, and the action is logged', async () => {
    const store = consoleWorld();
    const adapter = createMemoryAdapter(store);
    const owner = [...store.tables.users.values()].find((r) => r.user.email === 'samuel.okafor@example.com')!;
    const { code } = store.certificate(owner.user.id)!;
    expect((await adapter.certificate!.verify(code)).valid).toBe(true);
    const revoked = await adapter.admin!.certificates!.revoke(code, 'Issued in error');
    expect(revoked).toEqual({ code, revoked_at: expect.any(String), reason: 'Issued in error' });
    expect(await adapter.certificate!.verify(code)).toMatchObject({
      valid: false,
      revoked: { at: revoked.revoked_at, reason: 'Issued in error' },
    });
    const log = await adapter.admin!.audit.actions();
    expect(log.items[0]).toMatchObject({ action_type: 'credential_revoked', target_user_id: owner.user.id });
    await expect(adapter.admin!.certificates!.revoke('CK-0000-0000-0000', 'x')).rejects.toMatchObject({
      code: 'not_found',
      message: messages.certificateMissing,
    });
  });

  it('admin-empty holds only the admin, with no attempts', async () => {
    const admin = createMemoryAdapter(createMemoryStore('admin-empty')).admin!;
    expect((await admin.users.list()).items.map((u) => u.email)).toEqual([DEMO_ADMIN.email]);
    expect((await admin.users.list({ search: 'x-none' })).items).toEqual([]);
    expect((await admin.stats()).totalUsers).toBe(1);
    expect((await admin.tracking.overview()).totalRecords).toBe(0);
  });

  it('admin-large pages through 10,000 generated users', async () => {
    const admin = createMemoryAdapter(createMemoryStore('admin-large')).admin!;
    const page = await admin.users.list({ page: 3, pageSize: 50, sort: 'asc' });
    expect(page).toMatchObject({ total: 10_001, page: 3, pageSize: 50 });
    expect(page.items).toHaveLength(50);
    expect((await admin.users.list({ search: 'ada.abbott' })).total).toBeGreaterThan(1);
  });

  it('admin-failing fails every admin call, while the guard’s role check still answers', async () => {
    const adapter = createMemoryAdapter(createMemoryStore('admin-failing'));
    expect(await adapter.profile.roles()).toContain('admin');
    await expect(adapter.admin!.users.list()).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Database connection failed',
    });
    await expect(adapter.admin!.images.analyze()).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('failing writes still answers reads, so lists show and each action’s toast can fail', async () => {
    const admin = createMemoryAdapter(
      createMemoryStore({ learner: false, admin: { users: 'console', failing: 'writes' } }),
    ).admin!;
    const [first] = (await admin.users.list()).items;
    await expect(admin.roles.assign(first!.id, 'moderator')).rejects.toMatchObject({ code: 'unavailable' });
    await expect(admin.settings.update({ maintenance_mode: true })).rejects.toMatchObject({
      code: 'unavailable',
    });
  });

  it('holds an image job at a step when the scenario says so', async () => {
    const store = createMemoryStore({ learner: false, admin: { holdJobsAt: 50, jobStepMs: 1 } });
    const seen: number[] = [];
    void createMemoryAdapter(store).admin!.images.analyze((job) => seen.push(job.progress));
    await expect.poll(() => seen).toEqual([25, 50]);
  });
});
