import { z } from 'zod';

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_CREDENTIALS',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'FORBIDDEN',
  'BLOCKED',
  'PERSON_BLOCKED',
  'RATE_LIMITED',
  'EMAIL_NOT_VERIFIED',
  'LINK_INVALID',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNSUPPORTED_IMAGE',
  'REMOTE_ADDRESS_REFUSED',
  'REMOTE_IMAGE_UNAVAILABLE',
  'REMOTE_IMAGE_TOO_LARGE',
  'CONFLICT',
  'TELEGRAM_INVALID',
  'TELEGRAM_EXPIRED',
  'TELEGRAM_REPLAYED',
  'TELEGRAM_TAKEN',
  'CONFIRMATION_REQUIRED',
  'GITHUB_ADDRESS',
  'GITHUB_NOT_FOUND',
  'GITHUB_RATE_LIMITED',
  'GITHUB_UNAVAILABLE',
  'COAUTHORS_FULL',
  'COAUTHOR_SELF',
  'COAUTHOR_UNKNOWN',
  'COAUTHOR_DUPLICATE',
  'NOT_INVITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** RFC 9457 problem document as this API sends it. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(ERROR_CODES),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;
