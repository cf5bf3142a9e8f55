import { ApiError, errorMessage } from './api-client';

export interface FormErrors {
  /** Server messages by field name. */
  fields: Record<string, string[]>;
  /** A message for the whole form, or null. */
  message: string | null;
}

export const noFormErrors: FormErrors = { fields: {}, message: null };

/** Splits a failed submit into messages next to fields and one for the form. */
export function toFormErrors(error: unknown): FormErrors {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors;
    return { fields, message: errorMessage(error) };
  }
  return { fields: {}, message: errorMessage(error) };
}
