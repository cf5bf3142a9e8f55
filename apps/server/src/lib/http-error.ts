import type { ErrorCode } from '@portfolio-master/contract';
import type { Message } from './messages.js';

/**
 * An error that becomes a 4xx (or 503) answer with a stable machine code and a message of the catalog,
 * written in the reader's language when it is sent.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: Message,
    readonly errors?: Record<string, Message[]>,
    readonly headers?: Record<string, string>,
  ) {
    // The key says in the log what happened, in no reader's language.
    super(typeof detail === 'string' ? detail : detail.key);
    this.name = 'HttpError';
  }
}

export const notFound = (detail: Message = 'problem.title.notFound') =>
  new HttpError(404, 'NOT_FOUND', detail);
export const forbidden = (detail: Message = 'problem.forbidden') => new HttpError(403, 'FORBIDDEN', detail);
export const unauthorized = (detail: Message = 'problem.signIn') =>
  new HttpError(401, 'UNAUTHORIZED', detail);
/** A 422 whose one message is also the field's. */
export const validationFailed = (field: string, detail: Message) =>
  new HttpError(422, 'VALIDATION_FAILED', detail, { [field]: [detail] });
