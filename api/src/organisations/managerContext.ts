import { type OrganisationManagerAction, organisationNotFound } from '@coursekit/core';
import { eq } from 'drizzle-orm';
import { logAction } from '../admin/actionLog';
import type { AppContext } from '../context';
import { type Db, schema } from '../db/index';
import { notFound } from '../http/errors';
import type { MailMessage } from '../mail/mailer';
import type { ManagerAuth } from './managerGuard';

/**
 * A manager's request: the app's context with `db` the organisation-scoped transaction, who acts,
 * and the mail to send once that transaction has committed (so a rolled-back call mails no one).
 */
export interface ManagerCtx extends AppContext {
  auth: ManagerAuth;
  organisationId: string;
  mails: MailMessage[];
}

/** The organisation row, or the 404 an admin gets for an id that names none. */
export async function organisationOf(db: Db, id: string) {
  const [row] = await db.select().from(schema.organisations).where(eq(schema.organisations.id, id));
  if (!row) throw notFound(organisationNotFound);
  return row;
}

/** Every manager action is in the audit log with its organisation, and whether an admin did it. */
export const audit = (
  ctx: ManagerCtx,
  action: OrganisationManagerAction,
  targetUserId: string | null,
  details: Record<string, unknown> = {},
) =>
  logAction(ctx, ctx.auth, action, targetUserId, {
    organisation_id: ctx.organisationId,
    ...(ctx.auth.as === 'admin' ? { by: 'admin' } : {}),
    ...details,
  });
