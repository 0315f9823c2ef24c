import {
  type AssignableCourse,
  type AssignmentStatus,
  assignmentStatus,
  CourseError,
  checkImportRows,
  csvLine,
  type ImportRowInput,
  importMessages,
  normalizeEmail,
  type OrgAssignment,
  type OrganisationAdapter,
  type OrganisationManagerAction,
  type OrgGroup,
  type OrgIdentityProvider,
  type OrgImportResult,
  type OrgInvitation,
  type OrgPerson,
  type OrgReportQuery,
  type OrgReportRow,
  organisationAlreadyInvited,
  organisationAlreadyMember,
  organisationAssignmentNotFound,
  organisationCourseNotFound,
  organisationGroupNotFound,
  organisationGroupTaken,
  organisationMemberNotFound,
  organisationSeatsFull,
  type Page,
} from '@coursekit/core';

// An organisation in memory, for the managers' widgets in tests and stories: the same answers as the
// API's manager calls, with core's rules for the status (assignmentStatus), the import checks
// (checkImportRows) and the CSV cells (csvLine).

/** One person's record in one course, as the report reads it. */
export interface MemoryCourseRecord {
  lessonsDone: number;
  completedAt?: string | null;
  score?: number | null;
  attempted?: boolean;
}

export interface MemoryOrganisationOptions {
  id?: string;
  name?: string;
  seatLimit?: number | null;
  courses?: ReadonlyArray<AssignableCourse & { lessons: number }>;
  /** The clock, in epoch ms; `Date.now` when absent. */
  now?: () => number;
  /** 'filled': a manager, three learners, a group, assignments and records (one overdue); empty otherwise. */
  scenario?: 'empty' | 'filled';
  /**
   * Its identity provider as managers see it; the 'filled' scenario's is Acme's (enabled), none
   * otherwise. An admin sets it (the admin's organisations part), so managers only read it.
   */
  identityProvider?: OrgIdentityProvider | null;
}

/** The 'filled' scenario's identity provider. */
const FILLED_PROVIDER: OrgIdentityProvider = {
  issuer: 'https://login.acme.example',
  domains: ['acme.example', 'acme-facilities.example'],
  enabled: true,
};

interface StoredPerson extends Omit<OrgPerson, 'groups'> {
  groupIds: Set<string>;
}
interface StoredAssignment {
  id: string;
  course: string;
  user_id: string | null;
  group_id: string | null;
  due_at: string | null;
  created_at: string;
}

/** The memory organisation: an OrganisationAdapter plus what tests and stories seed it with. */
export interface MemoryOrganisation extends OrganisationAdapter {
  /** Adds a member (a learner unless `role` says manager); answers its user id. */
  addPerson(person: { email: string; display_name?: string | null; role?: 'learner' | 'manager' }): string;
  /** Sets a person's record in a course (lessons done, completion, final-quiz score). */
  setRecord(userId: string, course: string, record: MemoryCourseRecord): void;
  /** The import on a CSV's text, as `importPeople` reads a file's. */
  importCsv(text: string, mode: 'preview' | 'apply'): OrgImportResult;
  /** The learning records, kept when a person leaves the organisation. */
  readonly records: ReadonlyMap<string, MemoryCourseRecord>;
  /**
   * The audit log of the managers' actions, oldest first, as the API's admin action log keeps them:
   * one entry per change that succeeded, its details naming the organisation.
   */
  readonly actions: ReadonlyArray<MemoryOrganisationAction>;
}

/** One manager action in the memory organisation's audit log. */
export interface MemoryOrganisationAction {
  action_type: OrganisationManagerAction;
  target_user_id: string | null;
  action_details: { organisation_id: string } & Record<string, unknown>;
  created_at: string;
}

const DEFAULT_COURSES = [
  { slug: 'building-safety', title: 'Building Safety Walkthrough', lessons: 4 },
  { slug: 'energy-basics', title: 'Energy Basics', lessons: 2 },
];

/** Reads a CSV text (RFC 4180 quotes, a BOM, CRLF or LF) as rows of cells. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((value) => value.trim() !== ''));
}

/** A Blob's text; through FileReader where the Blob has no text() (jsdom's). */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

export function createMemoryOrganisation(options: MemoryOrganisationOptions = {}): MemoryOrganisation {
  const organisationId = options.id ?? '5b1f0c2e-7a40-4d5e-9c61-0f3a8e2b7d10';
  const name = options.name ?? 'Acme Facilities';
  const seatLimit = options.seatLimit ?? null;
  const courses = options.courses ?? DEFAULT_COURSES;
  const now = options.now ?? Date.now;
  const iso = () => new Date(now()).toISOString();
  const people = new Map<string, StoredPerson>();
  const invitations: OrgInvitation[] = [];
  const groups = new Map<string, { id: string; name: string; created_at: string }>();
  const assignments: StoredAssignment[] = [];
  const records = new Map<string, MemoryCourseRecord>();
  const actions: MemoryOrganisationAction[] = [];
  /** Every manager action is logged with its organisation, as the API's `audit` does. */
  const audit = (
    action: OrganisationManagerAction,
    targetUserId: string | null,
    details: Record<string, unknown> = {},
  ) => {
    actions.push({
      action_type: action,
      target_user_id: targetUserId,
      action_details: { organisation_id: organisationId, ...details },
      created_at: iso(),
    });
  };
  let counter = 0;
  const newId = () => {
    counter += 1;
    return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  };

  const personOf = (userId: string) => {
    const person = people.get(userId);
    if (!person) throw new CourseError('not_found', organisationMemberNotFound);
    return person;
  };
  const groupOf = (groupId: string) => {
    const group = groups.get(groupId);
    if (!group) throw new CourseError('not_found', organisationGroupNotFound);
    return group;
  };
  const courseOf = (slug: string) => {
    const course = courses.find((c) => c.slug === slug);
    if (!course) throw new CourseError('not_found', organisationCourseNotFound(slug));
    return course;
  };
  const pending = () => invitations.filter((i) => i.accepted_at === null);
  const seatsTaken = () => people.size + pending().length;
  const known = () =>
    new Set([...[...people.values()].map((p) => p.email), ...pending().map((i) => i.email)]);
  const publicPerson = (p: StoredPerson): OrgPerson => ({
    user_id: p.user_id,
    email: p.email,
    display_name: p.display_name,
    role: p.role,
    joined_at: p.joined_at,
    groups: [...p.groupIds].map((id) => groups.get(id)?.name ?? '').sort(),
  });
  const publicAssignment = (a: StoredAssignment): OrgAssignment => ({
    ...a,
    course_title: courseOf(a.course).title,
    email: a.user_id ? (people.get(a.user_id)?.email ?? null) : null,
    group: a.group_id ? (groups.get(a.group_id)?.name ?? null) : null,
  });
  const page = <T>(items: T[], query: { page?: number; pageSize?: number }): Page<T> => {
    const pageSize = query.pageSize ?? 20;
    const pageNumber = query.page ?? 1;
    return {
      items: items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
      total: items.length,
      page: pageNumber,
      pageSize,
    };
  };
  const invite = (
    email: string,
    inviteName: string | null,
    role: 'learner' | 'manager',
    group: string | null,
  ) => {
    const invitation: OrgInvitation = {
      id: newId(),
      email,
      name: inviteName,
      role,
      group,
      created_at: iso(),
      accepted_at: null,
    };
    invitations.unshift(invitation);
    return invitation;
  };

  /** Every (person, course) the organisation assigned, with the earliest due date among its assignments. */
  function reportRows(query: OrgReportQuery): OrgReportRow[] {
    const due = new Map<string, string | null>();
    for (const a of assignments) {
      const userIds = a.user_id
        ? [a.user_id]
        : [...people.values()].filter((p) => a.group_id && p.groupIds.has(a.group_id)).map((p) => p.user_id);
      for (const userId of userIds) {
        const key = `${userId}\u0000${a.course}`;
        const before = due.get(key);
        // The earliest due date of the person's assignments of the course; none when none has one.
        const dates = [before, a.due_at].filter((d): d is string => typeof d === 'string').sort();
        const earliest = dates[0] ?? null;
        due.set(key, earliest);
      }
    }
    const rows: OrgReportRow[] = [];
    for (const [key, dueAt] of due) {
      const [userId, slug] = key.split('\u0000') as [string, string];
      const person = people.get(userId);
      if (!person) continue;
      if (query.group && !person.groupIds.has(query.group)) continue;
      if (query.course && query.course !== slug) continue;
      const course = courseOf(slug);
      const record = records.get(key);
      const status: AssignmentStatus = assignmentStatus({
        lessonsDone: record?.lessonsDone ?? 0,
        lessonsTotal: course.lessons,
        attempted: record?.attempted ?? false,
        dueAt,
        now: now(),
      });
      if (query.status && query.status !== status) continue;
      rows.push({
        user_id: userId,
        email: person.email,
        display_name: person.display_name,
        course: slug,
        course_title: course.title,
        status,
        due_at: dueAt,
        completed_at: status === 'completed' ? (record?.completedAt ?? null) : null,
        score: record?.score ?? null,
      });
    }
    const sort = query.sort ?? 'email';
    const sign = query.dir === 'desc' ? -1 : 1;
    const value = (row: OrgReportRow) => (sort === 'score' ? row.score : row[sort]);
    return rows.sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === y) return a.email.localeCompare(b.email) || a.course.localeCompare(b.course);
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * sign;
    });
  }

  const organisation: MemoryOrganisation = {
    organisationId,
    records,
    actions,
    addPerson(person) {
      const userId = newId();
      people.set(userId, {
        user_id: userId,
        email: normalizeEmail(person.email),
        display_name: person.display_name ?? null,
        role: person.role ?? 'learner',
        joined_at: iso(),
        groupIds: new Set(),
      });
      return userId;
    },
    setRecord(userId, course, record) {
      records.set(`${userId}\u0000${course}`, record);
    },
    async people(query = {}) {
      const search = query.search?.trim().toLowerCase();
      const list = [...people.values()]
        .filter((p) => !search || p.email.includes(search) || p.display_name?.toLowerCase().includes(search))
        .sort((a, b) => (a.role === b.role ? a.email.localeCompare(b.email) : a.role === 'manager' ? -1 : 1))
        .map(publicPerson);
      return page(list, query);
    },
    async removePerson(userId) {
      personOf(userId);
      people.delete(userId);
      for (let i = assignments.length - 1; i >= 0; i -= 1) {
        if (assignments[i]!.user_id === userId) assignments.splice(i, 1);
      }
      audit('organisation_person_removed', userId);
    },
    async invitations() {
      return invitations.map((i) => ({ ...i }));
    },
    async invite(input) {
      const email = normalizeEmail(input.email);
      if ([...people.values()].some((p) => p.email === email)) {
        throw new CourseError('conflict', organisationAlreadyMember(email));
      }
      if (pending().some((i) => i.email === email)) {
        throw new CourseError('conflict', organisationAlreadyInvited(email));
      }
      if (seatLimit !== null && seatsTaken() >= seatLimit) {
        throw new CourseError('conflict', organisationSeatsFull(name, seatLimit));
      }
      const invitation = invite(email, input.name?.trim() || null, input.role ?? 'learner', null);
      audit('organisation_person_invited', null, {
        invitation_id: invitation.id,
        email,
        role: invitation.role,
      });
      return invitation;
    },
    async importPeople(file, mode) {
      return organisation.importCsv(await blobText(file), mode);
    },
    importCsv(text, mode) {
      const [header, ...lines] = csvRows(text);
      const columns = (header ?? []).map((h) => h.trim().toLowerCase());
      const at = (name: string) => columns.indexOf(name);
      if (at('email') < 0) {
        return {
          applied: false,
          counts: { invite: 0, no_change: 0, error: 0 },
          rows: [],
          error: importMessages.missingColumns,
        };
      }
      const input: ImportRowInput[] = lines.map((cells) => ({
        email: cells[at('email')] ?? '',
        name: at('name') >= 0 ? cells[at('name')] : undefined,
        group: at('group') >= 0 ? cells[at('group')] : undefined,
      }));
      const outcomes = checkImportRows(input, { known: known(), seatsTaken: seatsTaken(), seatLimit });
      const counts = { invite: 0, no_change: 0, error: 0 };
      for (const outcome of outcomes) counts[outcome.kind] += 1;
      if (mode === 'apply') {
        for (const outcome of outcomes) {
          if (outcome.kind === 'invite') invite(outcome.email, outcome.name, 'learner', outcome.group);
        }
      }
      audit(
        mode === 'apply' ? 'organisation_people_imported' : 'organisation_import_previewed',
        null,
        counts,
      );
      return { applied: mode === 'apply', counts, rows: outcomes };
    },
    async groups(): Promise<OrgGroup[]> {
      return [...groups.values()]
        .map((g) => ({
          ...g,
          members: [...people.values()].filter((p) => p.groupIds.has(g.id)).length,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    async createGroup(groupName) {
      const trimmed = groupName.trim();
      if ([...groups.values()].some((g) => g.name === trimmed)) {
        throw new CourseError('conflict', organisationGroupTaken(trimmed));
      }
      const group = { id: newId(), name: trimmed, created_at: iso() };
      groups.set(group.id, group);
      audit('organisation_group_created', null, { group_id: group.id, name: trimmed });
      return { ...group, members: 0 };
    },
    async renameGroup(groupId, groupName) {
      const group = groupOf(groupId);
      const trimmed = groupName.trim();
      if ([...groups.values()].some((g) => g.name === trimmed && g.id !== groupId)) {
        throw new CourseError('conflict', organisationGroupTaken(trimmed));
      }
      audit('organisation_group_renamed', null, { group_id: groupId, from: group.name, to: trimmed });
      group.name = trimmed;
      return (await organisation.groups()).find((g) => g.id === groupId)!;
    },
    async deleteGroup(groupId) {
      const group = groupOf(groupId);
      groups.delete(groupId);
      audit('organisation_group_deleted', null, { group_id: groupId, name: group.name });
      for (const p of people.values()) p.groupIds.delete(groupId);
      for (let i = assignments.length - 1; i >= 0; i -= 1) {
        if (assignments[i]!.group_id === groupId) assignments.splice(i, 1);
      }
    },
    async addGroupMember(groupId, userId) {
      groupOf(groupId);
      personOf(userId).groupIds.add(groupId);
      audit('organisation_group_member_added', userId, { group_id: groupId });
    },
    async removeGroupMember(groupId, userId) {
      groupOf(groupId);
      personOf(userId).groupIds.delete(groupId);
      audit('organisation_group_member_removed', userId, { group_id: groupId });
    },
    async assignments() {
      return assignments.map(publicAssignment);
    },
    async assign(input) {
      courseOf(input.course);
      for (const userId of input.user_ids ?? []) personOf(userId);
      for (const groupId of input.group_ids ?? []) groupOf(groupId);
      const dueAt = input.due_at ? new Date(input.due_at).toISOString() : null;
      const targets = [
        ...(input.user_ids ?? []).map((user_id) => ({ user_id, group_id: null })),
        ...(input.group_ids ?? []).map((group_id) => ({ user_id: null, group_id })),
      ];
      audit('organisation_course_assigned', null, {
        course: input.course,
        user_ids: input.user_ids ?? [],
        group_ids: input.group_ids ?? [],
        due_at: dueAt,
      });
      return targets.map((target) => {
        let assignment = assignments.find(
          (a) => a.course === input.course && a.user_id === target.user_id && a.group_id === target.group_id,
        );
        if (assignment) assignment.due_at = dueAt;
        else {
          assignment = { id: newId(), course: input.course, ...target, due_at: dueAt, created_at: iso() };
          assignments.push(assignment);
        }
        return publicAssignment(assignment);
      });
    },
    async removeAssignment(assignmentId) {
      const index = assignments.findIndex((a) => a.id === assignmentId);
      if (index < 0) throw new CourseError('not_found', organisationAssignmentNotFound);
      const [removed] = assignments.splice(index, 1);
      audit('organisation_assignment_removed', removed!.user_id, { assignment_id: assignmentId });
    },
    async courses() {
      return courses.map(({ slug, title }) => ({ slug, title }));
    },
    async report(query = {}) {
      return page(reportRows(query), query);
    },
    async reportCsv(query = {}) {
      const header = ['email', 'name', 'course', 'status', 'due_at', 'completed_at', 'score'];
      return [
        csvLine(header),
        ...reportRows(query).map((r) =>
          csvLine([r.email, r.display_name, r.course, r.status, r.due_at, r.completed_at, r.score]),
        ),
      ].join('');
    },
    async completions(query = {}) {
      const days = query.days ?? 30;
      const today = new Date(now());
      const list: { day: string; completed: number }[] = [];
      for (let i = days - 1; i >= 0; i -= 1) {
        const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - i));
        list.push({ day: day.toISOString().slice(0, 10), completed: 0 });
      }
      for (const row of reportRows(query.course ? { course: query.course } : {})) {
        const entry = row.completed_at
          ? list.find((d) => d.day === row.completed_at!.slice(0, 10))
          : undefined;
        if (entry) entry.completed += 1;
      }
      return list;
    },
    async identityProvider() {
      const provider =
        options.identityProvider !== undefined
          ? options.identityProvider
          : options.scenario === 'filled'
            ? FILLED_PROVIDER
            : null;
      return provider ? { ...provider, domains: [...provider.domains] } : null;
    },
  };
  if (options.scenario === 'filled') seedFilled(organisation, groups, assignments, iso, now);
  // The scenario is where the story starts, not something a manager did: the log starts empty.
  actions.length = 0;
  return organisation;
}

/** The 'filled' scenario: what a manager sees a few weeks in. */
function seedFilled(
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
