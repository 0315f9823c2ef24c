import * as z from 'zod/mini';
import { messages } from '../messages';

// Every string a client sends (bodies and query strings of both endpoint tables) is `textInput()`, not
// `z.string()`: PostgreSQL refuses U+0000 in text and JSON, and an unpaired UTF-16 surrogate has no
// UTF-8 form, so either would reach the database and come back as a 500. Refusing them here, in the
// contract, gives the server, the mocks and the OpenAPI document the same rule and a field message.

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** False for a string holding NUL or an unpaired surrogate (a paired one is an astral character). */
export const isStorableText = (value: string): boolean =>
  !value.includes('\0') && !LONE_SURROGATE.test(value);

/** A string input: any text but NUL and unpaired surrogates, refused with `messages.textNotStorable`. */
export const textInput = () => z.string().check(z.refine(isStorableText, messages.textNotStorable));
