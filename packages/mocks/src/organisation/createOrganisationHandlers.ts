import { CourseError, type ManagerEndpoint, managerEndpoints, messages, parseInput } from '@coursekit/core';
import { delay, HttpResponse, http } from 'msw';
import { answering, bodyOf, tokenOf } from '../httpAnswers';
import type { MemoryOrganisation } from './memoryOrganisation';

// The managers' API (every path under /organisations/:organisationId) served from a memory
// organisation, as the reference API answers it: the endpoint's schemas read the query and body, a
// call without a token is refused, a CourseError becomes the API's `{ error }` answer.

export interface OrganisationHandlersOptions {
  /** The API's base URL; defaults to '/api'. */
  baseUrl?: string;
  /** 'loading': never answers (stories' loading state); 'error': every call fails (500). */
  state?: 'loading' | 'error';
}

type Name = keyof typeof managerEndpoints;
type Handle = (call: {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  request: Request;
}) => Promise<unknown>;

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function createOrganisationHandlers(
  organisation: MemoryOrganisation,
  options: OrganisationHandlersOptions = {},
) {
  const base = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const o = organisation;
  const handles: Record<Name, Handle> = {
    orgPeople: ({ query }) => o.people(query),
    orgRemovePerson: ({ params }) => o.removePerson(params.userId!),
    orgInvitations: () => o.invitations(),
    orgInvite: ({ body }) => o.invite(body as never),
    orgImport: async ({ query, request }) =>
      o.importCsv(await request.text(), query.mode === 'apply' ? 'apply' : 'preview'),
    orgGroups: () => o.groups(),
    orgCreateGroup: ({ body }) => o.createGroup(String(body.name)),
    orgRenameGroup: ({ params, body }) => o.renameGroup(params.groupId!, String(body.name)),
    orgDeleteGroup: ({ params }) => o.deleteGroup(params.groupId!),
    orgAddGroupMember: ({ params }) => o.addGroupMember(params.groupId!, params.userId!),
    orgRemoveGroupMember: ({ params }) => o.removeGroupMember(params.groupId!, params.userId!),
    orgAssignments: () => o.assignments(),
    orgAssign: ({ body }) => o.assign(body as never),
    orgRemoveAssignment: ({ params }) => o.removeAssignment(params.assignmentId!),
    orgReport: ({ query }) => o.report(query),
    orgReportCsv: ({ query }) => o.reportCsv(query),
    orgCompletions: ({ query }) =>
      o.completions({
        ...(str(query.course) ? { course: str(query.course) } : {}),
        ...(query.days ? { days: Number(query.days) } : {}),
      }),
    orgIdentityProvider: async () => ({ identity_provider: await o.identityProvider() }),
  };

  const handlerOf = (name: Name) => {
    const endpoint: ManagerEndpoint = managerEndpoints[name];
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    return http[method](`${base}${endpoint.path}`, async ({ request, params }) => {
      if (options.state === 'loading') {
        await delay('infinite');
      }
      return answering(async () => {
        if (options.state === 'error') throw new CourseError('unexpected', messages.authUnexpected);
        if (!tokenOf(request)) throw new CourseError('unauthorized', messages.sessionMissing);
        const values = params as Record<string, string>;
        if (values.organisationId !== o.organisationId)
          throw new CourseError('forbidden', messages.guardInsufficientRole);
        const raw = Object.fromEntries(new URL(request.url).searchParams);
        const query = endpoint.query
          ? (parseInput(endpoint.query, raw, 'query') as Record<string, unknown>)
          : {};
        const body = endpoint.consumes ? {} : await bodyOf(request, endpoint.body);
        const answer = await handles[name]({ params: values, query, body, request });
        if (endpoint.produces) {
          return new HttpResponse(answer as string, { headers: { 'content-type': 'text/csv' } });
        }
        if (answer === undefined) return new HttpResponse(null, { status: 204 });
        return HttpResponse.json(answer, { status: endpoint.status ?? 200 });
      });
    });
  };

  const courses = http.get(`${base}/courses`, async () => {
    if (options.state === 'loading') await delay('infinite');
    return HttpResponse.json({
      courses: (await o.courses()).map((c, i) => ({
        ...c,
        description: '',
        estimated_time: '',
        is_default: i === 0,
        module_count: 1,
        progress: null,
      })),
    });
  });
  return [...(Object.keys(handles) as Name[]).map(handlerOf), courses];
}
