/** The outcome of a validation rule: the cleaned value, or the spec's message for the first failure. */
export type Validated<T> = { ok: true; value: T } | { ok: false; error: string };

export const valid = <T>(value: T): Validated<T> => ({ ok: true, value });
export const invalid = <T = never>(error: string): Validated<T> => ({ ok: false, error });
