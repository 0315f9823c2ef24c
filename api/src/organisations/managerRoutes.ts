import { endpoints, managerEndpoints as M } from '@coursekit/core';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { mount } from '../http/route';
import type { MailMessage } from '../mail/mailer';
import { acceptInvitation } from './acceptInvitation';
import { assign, listAssignments, removeAssignment } from './assignments';
import {
  addGroupMember,
  createGroup,
  deleteGroup,
  listGroups,
  removeGroupMember,
  renameGroup,
} from './groups';
import { managerIdentityProvider } from './identityProvider';
import { importPeople, readImportFile } from './importPeople';
import type { ManagerCtx } from './managerContext';
import { managerGuard as guard, type ManagerAuth } from './managerGuard';
import { invite, listInvitations, listPeople, removePerson } from './people';
import { completions, report, reportCsv } from './report';
import { inOrganisation } from './scope';

const organisationId = z.string().uuid('Not an organisation id');
const orgParams = z.strictObject({ organisationId });
const personParams = z.strictObject({ organisationId, userId: z.string().uuid('Not a person id') });
const groupParams = z.strictObject({ organisationId, groupId: z.string().uuid('Not a group id') });
const groupMemberParams = groupParams.extend({ userId: z.string().uuid('Not a person id') });
const assignmentParams = z.strictObject({
  organisationId,
  assignmentId: z.string().uuid('Not an assignment id'),
});

/**
 * The manager's calls (core's managerEndpoints), each behind the manager guard and run in one
 * transaction scoped to the organisation in the path (row-level security's second wall); the mail
 * a call queues goes out once that transaction has committed.
 */
export function managerRoutes(appCtx: AppContext): Router {
  const router = Router();
  const ctx = appCtx;
  const scoped = async <T>(auth: ManagerAuth, work: (ctx: ManagerCtx) => Promise<T>): Promise<T> => {
    const mails: MailMessage[] = [];
    const answer = await inOrganisation(appCtx.db, auth.organisationId, (db) =>
      work({ ...appCtx, db, auth, organisationId: auth.organisationId, mails }),
    );
    for (const mail of mails) {
      try {
        await appCtx.mailer.send(mail);
      } catch (err) {
        appCtx.logger.error({ err, to: mail.to, subject: mail.subject }, 'could not send mail');
      }
    }
    return answer;
  };

  mount(router, ctx, M.orgPeople, { guard, params: orgParams }, ({ auth, query }) =>
    scoped(auth, (c) => listPeople(c, query)),
  );
  mount(router, ctx, M.orgRemovePerson, { guard, params: personParams }, ({ auth, params }) =>
    scoped(auth, (c) => removePerson(c, params.userId)),
  );
  mount(router, ctx, M.orgInvitations, { guard, params: orgParams }, ({ auth }) =>
    scoped(auth, (c) => listInvitations(c)),
  );
  mount(router, ctx, M.orgInvite, { guard, params: orgParams }, ({ auth, body }) =>
    scoped(auth, (c) => invite(c, body)),
  );
  mount(router, ctx, M.orgImport, { guard, params: orgParams }, async ({ auth, query, req }) => {
    // The file streams through the parser before the transaction opens: a slow upload holds no connection.
    const file = await readImportFile(req);
    return scoped(auth, (c) => importPeople(c, file, query.mode === 'apply'));
  });
  mount(router, ctx, M.orgGroups, { guard, params: orgParams }, ({ auth }) =>
    scoped(auth, (c) => listGroups(c)),
  );
  mount(router, ctx, M.orgCreateGroup, { guard, params: orgParams }, ({ auth, body }) =>
    scoped(auth, (c) => createGroup(c, body.name)),
  );
  mount(router, ctx, M.orgRenameGroup, { guard, params: groupParams }, ({ auth, params, body }) =>
    scoped(auth, (c) => renameGroup(c, params.groupId, body.name)),
  );
  mount(router, ctx, M.orgDeleteGroup, { guard, params: groupParams }, ({ auth, params }) =>
    scoped(auth, (c) => deleteGroup(c, params.groupId)),
  );
  mount(router, ctx, M.orgAddGroupMember, { guard, params: groupMemberParams }, ({ auth, params }) =>
    scoped(auth, (c) => addGroupMember(c, params.groupId, params.userId)),
  );
  mount(router, ctx, M.orgRemoveGroupMember, { guard, params: groupMemberParams }, ({ auth, params }) =>
    scoped(auth, (c) => removeGroupMember(c, params.groupId, params.userId)),
  );
  mount(router, ctx, M.orgAssignments, { guard, params: orgParams }, ({ auth }) =>
    scoped(auth, (c) => listAssignments(c)),
  );
  mount(router, ctx, M.orgAssign, { guard, params: orgParams }, ({ auth, body }) =>
    scoped(auth, (c) => assign(c, body)),
  );
  mount(router, ctx, M.orgRemoveAssignment, { guard, params: assignmentParams }, ({ auth, params }) =>
    scoped(auth, (c) => removeAssignment(c, params.assignmentId)),
  );
  mount(router, ctx, M.orgReport, { guard, params: orgParams }, ({ auth, query }) =>
    scoped(auth, (c) => report(c, query)),
  );
  mount(router, ctx, M.orgReportCsv, { guard, params: orgParams }, async ({ auth, query, res }) => {
    const csv = await scoped(auth, (c) => reportCsv(c, query));
    res
      .status(200)
      .set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="organisation-report.csv"',
      })
      .send(csv);
  });
  mount(router, ctx, M.orgCompletions, { guard, params: orgParams }, ({ auth, query }) =>
    scoped(auth, (c) => completions(c, query)),
  );
  mount(router, ctx, M.orgIdentityProvider, { guard, params: orgParams }, ({ auth }) =>
    scoped(auth, (c) => managerIdentityProvider(c)),
  );
  mount(router, ctx, endpoints.acceptOrganisationInvitation, {}, ({ body }) => acceptInvitation(ctx, body));
  return router;
}
