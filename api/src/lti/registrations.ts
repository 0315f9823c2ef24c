import { randomUUID } from 'node:crypto';
import {
  invalidInput,
  type LtiRegistration,
  type LtiRegistrationBody,
  type LtiRegistrationUpdateBody,
  ltiMessages,
  registrationProblems,
} from '@coursekit/core';
import { and, asc, eq, ne } from 'drizzle-orm';
import { logAction } from '../admin/actionLog';
import type { AdminAuth } from '../admin/guard';
import type { AppContext } from '../context';
import { type Db, schema } from '../db/index';
import { fail } from '../http/errors';

/** A 400 naming each field whose value is not what a registration needs; nothing is written. */
function refuseProblems(body: LtiRegistrationUpdateBody): void {
  const problems = registrationProblems(body);
  if (Object.keys(problems).length) throw invalidInput('body', problems);
}

const { ltiRegistrations: registrations, ltiDeployments: deployments } = schema;

export type RegistrationRow = typeof registrations.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function toRegistration(
  row: RegistrationRow,
  deps: Array<{ deploymentId: string; learnedAtLaunch: boolean }>,
): LtiRegistration {
  return {
    id: row.id,
    issuer: row.issuer,
    client_id: row.clientId,
    auth_login_url: row.authLoginUrl,
    token_url: row.tokenUrl,
    jwks_url: row.jwksUrl,
    deployments: deps.map((d) => ({ deployment_id: d.deploymentId, learned_at_launch: d.learnedAtLaunch })),
    accept_new_deployments: row.acceptNewDeployments,
    organisation_id: row.organisationId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every registration, oldest first, with its deployments. */
export async function listRegistrations(ctx: AppContext): Promise<LtiRegistration[]> {
  const rows = await ctx.db.select().from(registrations).orderBy(asc(registrations.createdAt));
  const deps = await ctx.db.select().from(deployments).orderBy(asc(deployments.createdAt));
  return rows.map((r) =>
    toRegistration(
      r,
      deps.filter((d) => d.registrationId === r.id),
    ),
  );
}

async function registration(ctx: AppContext, id: string): Promise<LtiRegistration> {
  const found = (await listRegistrations(ctx)).find((r) => r.id === id);
  if (!found) throw fail('not_found', ltiMessages.registrationNotFound);
  return found;
}

/** The registration a platform's login or launch names: its issuer, and its client id when given. */
export async function registrationFor(
  ctx: AppContext,
  issuer: string,
  clientId: string | undefined,
): Promise<RegistrationRow | undefined> {
  const rows = await ctx.db
    .select()
    .from(registrations)
    .where(
      clientId === undefined
        ? eq(registrations.issuer, issuer)
        : and(eq(registrations.issuer, issuer), eq(registrations.clientId, clientId)),
    );
  // Without a client id an issuer must name one registration: two would be a guess.
  return rows.length === 1 ? rows[0] : undefined;
}

/** Refuses deployment ids another registration of the same issuer holds (409, nothing written). */
async function refuseTakenDeployments(tx: Tx, issuer: string, id: string, ids: readonly string[]) {
  for (const deploymentId of ids) {
    const [taken] = await tx
      .select({ registrationId: deployments.registrationId })
      .from(deployments)
      .where(
        and(
          eq(deployments.issuer, issuer),
          eq(deployments.deploymentId, deploymentId),
          ne(deployments.registrationId, id),
        ),
      );
    if (taken) throw fail('conflict', ltiMessages.deploymentTaken(deploymentId));
  }
}

async function takenPair(ctx: AppContext, issuer: string, clientId: string, except?: string) {
  const [row] = await ctx.db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.issuer, issuer), eq(registrations.clientId, clientId)));
  if (row && row.id !== except) throw fail('conflict', ltiMessages.registrationTaken);
}

export async function createRegistration(
  ctx: AppContext,
  admin: AdminAuth,
  body: LtiRegistrationBody,
): Promise<LtiRegistration> {
  refuseProblems(body);
  await takenPair(ctx, body.issuer, body.client_id);
  const id = randomUUID();
  const now = new Date(ctx.clock.now());
  const ids = [...new Set(body.deployments ?? [])];
  await ctx.db.transaction(async (tx) => {
    await refuseTakenDeployments(tx, body.issuer, id, ids);
    await tx.insert(registrations).values({
      id,
      organisationId: body.organisation_id ?? null,
      issuer: body.issuer,
      clientId: body.client_id,
      authLoginUrl: body.auth_login_url,
      tokenUrl: body.token_url,
      jwksUrl: body.jwks_url,
      acceptNewDeployments: body.accept_new_deployments ?? true,
      createdAt: now,
      updatedAt: now,
    });
    if (ids.length) {
      await tx.insert(deployments).values(
        ids.map((deploymentId) => ({
          registrationId: id,
          issuer: body.issuer,
          deploymentId,
          createdAt: now,
        })),
      );
    }
  });
  const created = await registration(ctx, id);
  await logAction(ctx, admin, 'lti_registration_created', null, {
    registration: id,
    issuer: body.issuer,
    client_id: body.client_id,
  });
  return created;
}

export async function updateRegistration(
  ctx: AppContext,
  admin: AdminAuth,
  id: string,
  body: LtiRegistrationUpdateBody,
): Promise<LtiRegistration> {
  refuseProblems(body);
  const before = await registration(ctx, id);
  const issuer = body.issuer ?? before.issuer;
  await takenPair(ctx, issuer, body.client_id ?? before.client_id, id);
  const ids =
    body.deployments !== undefined
      ? [...new Set(body.deployments)]
      : before.deployments.map((d) => d.deployment_id);
  const now = new Date(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    await refuseTakenDeployments(tx, issuer, id, ids);
    await tx
      .update(registrations)
      .set({
        ...(body.issuer !== undefined ? { issuer: body.issuer } : {}),
        ...(body.client_id !== undefined ? { clientId: body.client_id } : {}),
        ...(body.auth_login_url !== undefined ? { authLoginUrl: body.auth_login_url } : {}),
        ...(body.token_url !== undefined ? { tokenUrl: body.token_url } : {}),
        ...(body.jwks_url !== undefined ? { jwksUrl: body.jwks_url } : {}),
        ...(body.accept_new_deployments !== undefined
          ? { acceptNewDeployments: body.accept_new_deployments }
          : {}),
        ...(body.organisation_id !== undefined ? { organisationId: body.organisation_id } : {}),
        updatedAt: now,
      })
      .where(eq(registrations.id, id));
    if (body.deployments !== undefined || body.issuer !== undefined) {
      const learned = new Set(
        before.deployments.filter((d) => d.learned_at_launch).map((d) => d.deployment_id),
      );
      await tx.delete(deployments).where(eq(deployments.registrationId, id));
      if (ids.length) {
        await tx.insert(deployments).values(
          ids.map((deploymentId) => ({
            registrationId: id,
            issuer,
            deploymentId,
            learnedAtLaunch: learned.has(deploymentId),
            createdAt: now,
          })),
        );
      }
    }
  });
  const after = await registration(ctx, id);
  await logAction(ctx, admin, 'lti_registration_updated', null, {
    registration: id,
    changed: Object.keys(body),
  });
  return after;
}

export async function deleteRegistration(ctx: AppContext, admin: AdminAuth, id: string): Promise<void> {
  const before = await registration(ctx, id);
  await ctx.db.delete(registrations).where(eq(registrations.id, id));
  await logAction(ctx, admin, 'lti_registration_deleted', null, {
    registration: id,
    issuer: before.issuer,
    client_id: before.client_id,
  });
}
