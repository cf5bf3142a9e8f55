import type { Translate } from '../i18n/translator';
import { ApiError, errorMessage } from './api-client';

export interface FormErrors {
  /** Server messages by field name. */
  fields: Record<string, string[]>;
  /** A message for the whole form, or null. */
  message: string | null;
}

export const noFormErrors: FormErrors = { fields: {}, message: null };

/**
 * Splits a failed submit into messages next to fields and one for the whole form. `shownFields` are the
 * fields the form shows messages for, each with its parts ("experience" shows "experience.0.role"): when
 * the server refused only those, the form-level message just points at them instead of repeating them;
 * messages about any other field are spelled out.
 */
export function toFormErrors(t: Translate, error: unknown, shownFields: readonly string[] = []): FormErrors {
  if (!(error instanceof ApiError)) return { fields: {}, message: errorMessage(t, error) };
  const fields = error.fieldErrors;
  const names = Object.keys(fields);
  if (names.length === 0) return { fields, message: errorMessage(t, error) };
  const shown = (name: string) => shownFields.some((field) => name === field || name.startsWith(`${field}.`));
  const elsewhere = names.filter((name) => !shown(name)).flatMap((name) => fields[name] ?? []);
  return { fields, message: elsewhere.length ? elsewhere.join(' ') : t('errors.checkFields') };
}

/** The messages about `field` and about its parts ("openToWork.roles", "openToWork.roles.2"), together. */
export function messagesUnder(errors: FormErrors, field: string): string[] | undefined {
  const messages = Object.entries(errors.fields)
    .filter(([name]) => name === field || name.startsWith(`${field}.`))
    .flatMap(([, list]) => list);
  return messages.length ? messages : undefined;
}
