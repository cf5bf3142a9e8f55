import type { ErrorCode } from '@portfolio-master/contract';

/** An error that becomes a 4xx (or 503) answer with an Uzbek message and a stable machine code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const notFound = (detail = 'Topilmadi') => new HttpError(404, 'NOT_FOUND', detail);
export const forbidden = (detail = 'Bu amal uchun ruxsatingiz yo‘q') =>
  new HttpError(403, 'FORBIDDEN', detail);
export const unauthorized = (detail = 'Avval tizimga kiring') => new HttpError(401, 'UNAUTHORIZED', detail);
export const validationFailed = (field: string, message: string) =>
  new HttpError(422, 'VALIDATION_FAILED', message, { [field]: [message] });
