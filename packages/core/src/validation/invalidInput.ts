import { CourseError } from '../errors';

// How a backend words input it refuses at the edge: `Invalid request {part}: {field}: {why}; …`,
// with the same words per field in `fields`. The API's routes and the mocks' handlers both answer
// with these, so a client (and the conformance suites) sees one text whichever backend it talks to.

/** What a zod issue (classic or mini) carries that the message is made of. */
export interface InputIssue {
  code: string;
  path: readonly PropertyKey[];
  expected?: string;
  keys?: readonly string[];
  /** An invalid record key's own issues (code 'invalid_key'). */
  issues?: readonly InputIssue[];
  message: string;
}

/** A validation_error naming each refused field of one part of the request (body, query, path). */
export function invalidInput(part: string, fields: Readonly<Record<string, string>>): CourseError {
  const summary = Object.entries(fields)
    .map(([name, why]) => `${name}: ${why}`)
    .join('; ');
  return new CourseError('validation_error', `Invalid request ${part}: ${summary}`, { ...fields });
}

/**
 * A schema's failure as `invalidInput`: an unknown key is 'Unknown field', a wrong type 'Expected
 * {type}', a value outside an enum 'Not an allowed value', anything else the issue's own message.
 */
export function invalidInputFromIssues(issues: readonly InputIssue[], part = 'body'): CourseError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? [])
        fields[[...issue.path, key].map(String).join('.')] = 'Unknown field';
      continue;
    }
    if (issue.code === 'invalid_key') {
      // The field is the record; the key itself is what was refused, so it is not echoed back.
      const name = issue.path.slice(0, -1).map(String).join('.') || part;
      fields[name] ??= issue.issues?.[0]?.message ?? 'Not an allowed key';
      continue;
    }
    const name = issue.path.length ? issue.path.map(String).join('.') : part;
    fields[name] ??=
      issue.code === 'invalid_type'
        ? `Expected ${issue.expected}`
        : issue.code === 'invalid_value'
          ? 'Not an allowed value'
          : issue.message;
  }
  return invalidInput(part, fields);
}

interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: unknown[] } };
}

/** Parses one part of a request with its schema, or throws the validation_error above. */
export function parseInput<T>(schema: Parser<T>, value: unknown, part: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInputFromIssues(parsed.error.issues as InputIssue[], part);
  return parsed.data;
}
