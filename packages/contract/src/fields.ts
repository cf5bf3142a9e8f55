import { z } from 'zod';
import { LIMITS } from './constants.js';

/**
 * Helpers for fields that arrive as JSON, urlencoded or multipart alike: forms carry only strings, so
 * numbers, booleans and lists are coerced here, once, for every transport.
 */

export const NUL_MESSAGE = 'Matnda ruxsat etilmagan belgi bor (U+0000)';

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

export const listField = (itemMax: number, maxItems: number, itemLabel: string) =>
  z.preprocess(
    splitList,
    z
      .array(
        z
          .string({ error: `${itemLabel} matn bo‘lishi kerak` })
          .max(itemMax, { error: `${itemLabel} ${itemMax} belgidan oshmasin` }),
        { error: `${itemLabel} ro‘yxati noto‘g‘ri` },
      )
      .max(maxItems, { error: `Ko‘pi bilan ${maxItems} ta bo‘lishi mumkin` }),
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
  z.boolean({ error: 'Qiymat true yoki false bo‘lishi kerak' }),
);

/** Non-negative integer from a query string or form. */
export const intField = (min: number, max: number, label: string) =>
  z.coerce
    .number({ error: `${label} son bo‘lishi kerak` })
    .int({ error: `${label} butun son bo‘lishi kerak` })
    .min(min, { error: `${label} kamida ${min} bo‘lishi kerak` })
    .max(max, { error: `${label} ko‘pi bilan ${max} bo‘lishi mumkin` });

/** Optional free text: empty means "not given". */
export const optionalText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: `${label} matn bo‘lishi kerak` })
      .trim()
      .max(max, { error: `${label} ${max} belgidan oshmasin` })
      .nullable()
      .optional(),
  );

export const requiredText = (min: number, max: number, label: string) =>
  z
    .string({ error: `${label} kiritilishi shart` })
    .trim()
    .min(min, { error: min <= 1 ? `${label} kiritilishi shart` : `${label} kamida ${min} belgi bo‘lsin` })
    .max(max, { error: `${label} ${max} belgidan oshmasin` });

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

export const httpUrl = (label: string) =>
  z
    .string({ error: `${label} kiritilishi shart` })
    .trim()
    .max(LIMITS.url.max, { error: `${label} ${LIMITS.url.max} belgidan oshmasin` })
    .refine((value) => HTTP_URL.test(value) && URL.canParse(value), {
      error: `${label} http:// yoki https:// bilan boshlanadigan manzil bo‘lishi kerak`,
    });

export const optionalHttpUrl = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    httpUrl(label).nullable().optional(),
  );

/** A profile link: an http(s) address or a bare handle such as "@alisher" or "alisher-dev". */
export const profileLink = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: `${label} matn bo‘lishi kerak` })
      .trim()
      .max(LIMITS.profileLink.max, { error: `${label} ${LIMITS.profileLink.max} belgidan oshmasin` })
      .refine(
        (value) => /^@?[A-Za-z0-9_.-]{1,100}$/.test(value) || (HTTP_URL.test(value) && URL.canParse(value)),
        { error: `${label} havola (https://...) yoki foydalanuvchi nomi bo‘lishi kerak` },
      )
      .nullable()
      .optional(),
  );

/** A file part in multipart bodies; described for OpenAPI, checked by the server. */
export const fileField = z.any().meta({ type: 'string', format: 'binary' });
