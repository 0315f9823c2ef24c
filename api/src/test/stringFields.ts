import * as z from 'zod/mini';

// Reads core's zod schemas (bodies and query strings of the endpoint tables) to find every place a
// client sends text, and builds a value the schema accepts, so a hostile string can be put in one
// field of an otherwise valid request. A schema kind this does not know fails loudly: a new kind
// of input must be taught here rather than skipped by the hostile-input suite.

interface Def {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  element?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  entries?: Record<string, string>;
  options?: Schema[];
}
interface Schema {
  _zod: { def: Def };
}

/** Where a string goes: a value at `path`, or (key) a key of the record at `path`. */
export interface StringField {
  path: string[];
  key: boolean;
}

const defOf = (schema: unknown): Def => (schema as Schema)._zod.def;

/** A record's key for samples: its enum's first member when the keys are an enum, else 'k'. */
const recordKey = (def: Def): string => {
  const key = defOf(def.keyType);
  return key.type === 'enum' ? String(Object.values(key.entries ?? {})[0]) : 'k';
};

/** A union's option that carries text (the first one with a string position), else its first. */
const textOption = (def: Def): unknown =>
  def.options?.find((option) => stringFields(option).length > 0) ?? def.options?.[0];

/** The example a schema declares (core registers one where 'x' is not a valid value: an origin, a colour). */
const exampleOf = (schema: unknown): unknown =>
  (z.globalRegistry.get(schema as z.core.$ZodType) as { examples?: unknown[] } | undefined)?.examples?.[0];

/** Every string position of a schema: object fields, array items, record keys and values. */
export function stringFields(schema: unknown, path: string[] = []): StringField[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return [{ path, key: false }];
    case 'optional':
    case 'nullable':
      return stringFields(def.innerType, path);
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([name, field]) => stringFields(field, [...path, name]));
    case 'array':
      return stringFields(def.element, [...path, '0']);
    case 'record':
      return [
        ...(defOf(def.keyType).type === 'string' ? [{ path, key: true }] : []),
        ...stringFields(def.valueType, [...path, recordKey(def)]),
      ];
    case 'union':
      return stringFields(textOption(def), path);
    case 'boolean':
    case 'number':
    case 'enum':
    case 'literal':
      return [];
    default:
      throw new Error(`stringFields: teach it zod's ${def.type}`);
  }
}

/** A value the schema accepts (optional fields included, so each can carry a hostile string). */
export function sampleOf(schema: unknown): unknown {
  const example = exampleOf(schema);
  if (example !== undefined) return structuredClone(example);
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return 'x';
    case 'optional':
    case 'nullable':
      return sampleOf(def.innerType);
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([name, field]) => [name, sampleOf(field)]),
      );
    case 'array':
      return [sampleOf(def.element)];
    case 'record':
      return { [recordKey(def)]: sampleOf(def.valueType) };
    case 'union':
      return sampleOf(textOption(def));
    case 'boolean':
      return true;
    case 'number':
      return 1;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return (def as { values?: unknown[] }).values?.[0];
    default:
      throw new Error(`sampleOf: teach it zod's ${def.type}`);
  }
}

/** A copy of `value` with `text` at the field: the value there, or the record's only key. */
export function withText(value: unknown, field: StringField, text: string): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const last = field.key ? undefined : field.path.at(-1);
  const parentPath = field.key ? field.path : field.path.slice(0, -1);
  let parent: Record<string, unknown> = copy;
  for (const part of parentPath) parent = parent[part] as Record<string, unknown>;
  if (last !== undefined) {
    parent[last] = text;
    return copy;
  }
  for (const key of Object.keys(parent)) {
    parent[text] = parent[key];
    delete parent[key];
  }
  return copy;
}
