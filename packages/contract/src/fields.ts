import { z } from 'zod';
import { LIMITS } from './constants.js';

/**
 * Helpers for fields that arrive as JSON, urlencoded or multipart alike: forms carry only strings, so
 * numbers, booleans and lists are coerced here, once, for every transport.
 *
 * Every message a schema gives is a key of the site's catalog (packages/i18n, `validation.*`), written
 * out whole so the catalog's test finds it. The server writes it in the reader's language, giving it what
 * the issue knows: `{min}` and `{max}` of a length or number check, `{field}` (the field's path), and a
 * refinement's `params`. The catalog is not imported here: it imports this package. Its test checks that
 * every message a schema can give is one of its keys.
 */

export const NUL_MESSAGE = 'validation.text.nul';

/** Whether a string, or any string in a list, holds U+0000. */
export const hasNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\u0000') : Array.isArray(value) && value.some(hasNul);

/** PostgreSQL text cannot hold U+0000: such input is refused here (422) instead of failing in the database. */
export const withoutNul = <T extends z.ZodType>(schema: T) =>
  schema.refine((value) => !hasNul(value), { error: NUL_MESSAGE });

/** Splits "react, node" or ["react", "node"] into trimmed, case-insensitively unique items. */
export function splitList(value: unknown): unknown {
  if (value === undefined || value === null) return value;
  const raw: unknown[] = Array.isArray(value) ? value : [value];
  const parts: unknown[] = [];
  for (const item of raw) {
    if (typeof item === 'string') parts.push(...item.split(','));
    else parts.push(item);
  }
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const part of parts) {
    if (typeof part !== 'string') {
      out.push(part);
      continue;
    }
    const trimmed = part.trim().replace(/\s+/g, ' ');
    const key = trimmed.toLowerCase();
    if (trimmed === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(trimmed);
  }
  return out;
}

/** The messages of a list field: an item not text, an item too long, no list at all, too many items. */
export interface ListMessages {
  item: string;
  itemTooLong: string;
  list: string;
  tooMany: string;
}

export const listField = (itemMax: number, maxItems: number, messages: ListMessages) =>
  z.preprocess(
    splitList,
    z
      .array(z.string({ error: messages.item }).max(itemMax, { error: messages.itemTooLong }), {
        error: messages.list,
      })
      .max(maxItems, { error: messages.tooMany }),
  );

/** "true"/"false"/"1"/"0"/"on"/"off" from forms, real booleans from JSON. */
export const booleanField = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const v = value.trim().toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(v)) return true;
    if (['false', '0', 'off', 'no', ''].includes(v)) return false;
    return value;
  },
  z.boolean({ error: 'validation.boolean' }),
);

/** Non-negative integer from a query string or form; its messages name the field by its path. */
export const intField = (min: number, max: number) =>
  z.coerce
    .number({ error: 'validation.number.type' })
    .int({ error: 'validation.number.integer' })
    .min(min, { error: 'validation.number.tooSmall' })
    .max(max, { error: 'validation.number.tooBig' });

/** The messages of a text field: missing or not text, shorter than its least (when above 1), too long. */
export interface TextMessages {
  required: string;
  tooShort?: string;
  tooLong: string;
}

/** Optional free text: empty means "not given". */
export const optionalText = (max: number, messages: { type: string; tooLong: string }) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string({ error: messages.type }).trim().max(max, { error: messages.tooLong }).nullable().optional(),
  );

export const requiredText = (min: number, max: number, messages: TextMessages) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(min, { error: min <= 1 ? messages.required : (messages.tooShort ?? messages.required) })
    .max(max, { error: messages.tooLong });

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** The messages of an address or a profile link: missing or not text, too long, not one. */
export interface LinkMessages {
  required: string;
  tooLong: string;
  format: string;
}

export const httpUrl = (messages: LinkMessages, max: number = LIMITS.url.max) =>
  z
    .string({ error: messages.required })
    .trim()
    .max(max, { error: messages.tooLong })
    .refine((value) => HTTP_URL.test(value) && URL.canParse(value), { error: messages.format });

export const optionalHttpUrl = (messages: LinkMessages, max: number = LIMITS.url.max) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    httpUrl(messages, max).nullable().optional(),
  );

/** A profile link: an http(s) address or a bare handle such as "@alisher" or "alisher-dev". */
export const profileLink = (messages: LinkMessages) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: messages.required })
      .trim()
      .max(LIMITS.profileLink.max, { error: messages.tooLong })
      .refine(
        (value) => /^@?[A-Za-z0-9_.-]{1,100}$/.test(value) || (HTTP_URL.test(value) && URL.canParse(value)),
        { error: messages.format },
      )
      .nullable()
      .optional(),
  );

/** A file part in multipart bodies; described for OpenAPI, checked by the server. */
export const fileField = z.any().meta({ type: 'string', format: 'binary' });

/**
 * A structured field (a list of objects, an object) that a multipart or urlencoded form sends as a text
 * part holding its JSON; JSON bodies send it as is. A blank part is `blank` (an empty list, or null), and
 * text that is no JSON is left as text for the schema to refuse.
 */
export const jsonText = <T extends z.ZodType>(schema: T, blank: unknown) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return blank;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);
