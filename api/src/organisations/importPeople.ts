import type { Readable } from 'node:stream';
import {
  checkImportRows,
  IMPORT_MAX_ROWS,
  type ImportRowInput,
  importMessages,
  type OrgImportResult,
} from '@coursekit/core';
import { parse } from 'csv-parse';
import { and, eq } from 'drizzle-orm';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { platformTexts } from '../settings/service';
import { insertGroup } from './groups';
import { audit, type ManagerCtx, organisationOf } from './managerContext';
import { type Invitee, knownPeople, storeInvitations } from './people';

/** The largest file the import reads (a 20,000-row file of long names fits). */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export type ImportFile = { rows: ImportRowInput[]; error?: undefined } | { rows: []; error: string };

/**
 * Reads a people CSV as it streams in: UTF-8 with or without a BOM, CRLF or LF line ends, a header
 * line naming the columns (email required; name and group optional, in any order, any case). A file
 * over the size or row limit is refused whole.
 */
export async function readImportFile(body: Readable): Promise<ImportFile> {
  let bytes = 0;
  let headerProblem: string | undefined;
  const parser = parse({
    bom: true,
    columns: (header: string[]) => {
      const names = header.map((h) => h.trim().toLowerCase());
      if (!names.includes('email')) headerProblem = importMessages.missingColumns;
      return names;
    },
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
  });
  const rows: ImportRowInput[] = [];
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > IMPORT_MAX_BYTES) body.destroy(fail('invalid_request', importMessages.tooManyRows));
  });
  body.on('error', (err) => parser.destroy(err));
  body.pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<Record<string, string | undefined>>) {
      if (headerProblem) break;
      if (rows.length >= IMPORT_MAX_ROWS) throw fail('invalid_request', importMessages.tooManyRows);
      rows.push({ email: record.email ?? '', name: record.name, group: record.group });
    }
  } catch (err) {
    if (err instanceof Error && 'code' in err && typeof err.code === 'string' && err.code.startsWith('CSV_'))
      throw fail('validation_error', `The file is not a CSV this import reads: ${err.message}`);
    throw err;
  }
  if (headerProblem) return { rows: [], error: headerProblem };
  return { rows };
}

/**
 * Checks every row (core's checkImportRows) and, when applying, invites the good ones: a group named
 * in the file and not yet in the organisation is created, and each invitation's mail queued. Rows
 * already in the organisation or invited are no change, so a second upload changes nothing.
 */
export async function importPeople(
  ctx: ManagerCtx,
  file: ImportFile,
  apply: boolean,
): Promise<OrgImportResult> {
  const org = await organisationOf(ctx.db, ctx.organisationId);
  if (file.error !== undefined)
    return { applied: false, counts: { invite: 0, no_change: 0, error: 0 }, rows: [], error: file.error };
  const known = await knownPeople(ctx.db, org.id);
  const outcomes = checkImportRows(file.rows, {
    known: new Set([...known.members, ...known.pending]),
    seatsTaken: known.seatsTaken,
    seatLimit: org.seatLimit,
  });
  const counts = { invite: 0, no_change: 0, error: 0 };
  for (const o of outcomes) counts[o.kind] += 1;
  if (apply && counts.invite > 0) {
    const { site_name } = await platformTexts(ctx);
    const groups = new Map(
      (
        await ctx.db
          .select({ id: schema.organisationGroups.id, name: schema.organisationGroups.name })
          .from(schema.organisationGroups)
          .where(and(eq(schema.organisationGroups.organisationId, org.id)))
      ).map((g) => [g.name, g.id]),
    );
    const invitees: Invitee[] = [];
    for (const row of outcomes) {
      if (row.kind !== 'invite') continue;
      let groupId: string | null = null;
      if (row.group) {
        groupId = groups.get(row.group) ?? (await insertGroup(ctx, row.group));
        groups.set(row.group, groupId);
      }
      invitees.push({ email: row.email, name: row.name, role: 'learner', groupId });
    }
    await storeInvitations(ctx, org, invitees, site_name);
  }
  await audit(ctx, apply ? 'organisation_people_imported' : 'organisation_import_previewed', null, counts);
  return { applied: apply, counts, rows: outcomes };
}
