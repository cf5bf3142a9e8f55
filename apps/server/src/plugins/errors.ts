import { type ErrorCode, inScript } from '@portfolio-master/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.js';
import { isForeignKeyViolation } from '../lib/database-errors.js';
import type { Outages } from '../lib/outages.js';
import { readerScript } from '../lib/reader-script.js';

const TITLES: Record<number, string> = {
  400: 'Noto‘g‘ri so‘rov',
  401: 'Avtorizatsiya talab qilinadi',
  403: 'Ruxsat yo‘q',
  404: 'Topilmadi',
  405: 'Usul qo‘llab-quvvatlanmaydi',
  409: 'Ziddiyat',
  413: 'Juda katta',
  415: 'Qo‘llab-quvvatlanmaydigan format',
  422: 'Ma’lumotlar noto‘g‘ri',
  429: 'Juda ko‘p so‘rov',
  500: 'Server xatosi',
  502: 'Tashqi manba javob bermadi',
  503: 'Xizmat vaqtincha ishlamayapti',
};

/** Clients that ask for JSON get an RFC 9457 document; all others (the old client accepts anything) plain text. */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') || accept.includes('application/problem+json');
}

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  problem: { status: number; code: ErrorCode; detail: string; errors?: Record<string, string[]> | undefined },
): FastifyReply {
  reply.code(problem.status);
  // The words are the site's own, in the reader's script; the code is the same in both.
  const script = readerScript(request);
  const words = (text: string) => inScript(text, script);
  if (!wantsJson(request)) return reply.type('text/plain; charset=utf-8').send(words(problem.detail));
  const document = {
    type: `about:blank#${problem.code}`,
    title: words(TITLES[problem.status] ?? 'Xato'),
    status: problem.status,
    detail: words(problem.detail),
    code: problem.code,
    ...(problem.errors
      ? {
          errors: Object.fromEntries(
            Object.entries(problem.errors).map(([field, messages]) => [field, messages.map(words)]),
          ),
        }
      : {}),
  };
  return reply.type('application/problem+json; charset=utf-8').send(JSON.stringify(document));
}

/** Fastify's and its plugins' own error codes, as our answers. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: ErrorCode; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', detail: 'JSON noto‘g‘ri yozilgan' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', detail: 'So‘rov tanasi bo‘sh' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'So‘rov tanasi juda katta' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    detail: 'Bu Content-Type qo‘llab-quvvatlanmaydi: JSON, form yoki multipart yuboring',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    detail: 'Content-Length noto‘g‘ri',
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    detail: 'Fayl juda katta: ko‘pi bilan 10 MB',
  },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'Fayllar soni juda ko‘p' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'So‘rov qismlari juda ko‘p' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'Maydonlar soni juda ko‘p' },
  FST_PROTO_VIOLATION: { status: 400, code: 'BAD_REQUEST', detail: 'So‘rovda taqiqlangan kalit bor' },
  FST_INVALID_JSON_FIELD_ERROR: {
    status: 400,
    code: 'BAD_REQUEST',
    detail: 'application/json deb belgilangan maydonda JSON noto‘g‘ri yozilgan',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    detail: 'multipart/form-data kutilgan edi',
  },
  FST_ERR_VALIDATION: { status: 422, code: 'VALIDATION_FAILED', detail: 'Ma’lumotlar noto‘g‘ri' },
};

/**
 * @fastify/busboy rejects a malformed multipart body (no boundary, truncated data) with plain Errors that
 * carry only a message, so they are told apart from server faults by that message.
 */
function isMalformedMultipart(request: FastifyRequest, error: FastifyError): boolean {
  return (
    error.statusCode === undefined &&
    request.isMultipart?.() === true &&
    /multipart data|boundary|needle|content-type/i.test(error.message)
  );
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
};

function sendHttpError(request: FastifyRequest, reply: FastifyReply, error: HttpError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return sendProblem(request, reply, {
    status: error.statusCode,
    code: error.code,
    detail: error.detail,
    errors: error.errors,
  });
}

/** The app's outages, once its services exist (an error before then is no outage of theirs). */
const outagesOf = (request: FastifyRequest): Outages | undefined =>
  (request.server as { services?: { outages?: Outages } }).services?.outages;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A part the site needs is away (the database, the disk): 503 with when to try again.
    const refusal = outagesOf(request)?.refusal(error);
    if (refusal) return sendHttpError(request, reply, refusal);
    if (error instanceof HttpError) return sendHttpError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (errors[field] ??= []).push(issue.message ?? 'Noto‘g‘ri qiymat');
      }
      const first = error.validation[0]?.message ?? 'Ma’lumotlar noto‘g‘ri';
      return sendProblem(request, reply, { status: 422, code: 'VALIDATION_FAILED', detail: first, errors });
    }
    // What the write referred to was deleted while it ran (an account, a portfolio): nothing was written.
    if (isForeignKeyViolation(error)) {
      return sendProblem(request, reply, {
        status: 409,
        code: 'CONFLICT',
        detail: 'Amal bajarilmadi: u bog‘liq bo‘lgan ma’lumot hozirgina o‘chirildi',
      });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return sendProblem(request, reply, known);
    if (isMalformedMultipart(request, error)) {
      request.log.info({ err: { message: error.message } }, 'malformed multipart body');
      return sendProblem(request, reply, {
        status: 400,
        code: 'BAD_REQUEST',
        detail: 'multipart/form-data tanasi buzilgan',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed multipart and similar client faults from the parsers.
      request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
      return sendProblem(request, reply, {
        status,
        code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST',
        detail: TITLES[status] ?? 'Noto‘g‘ri so‘rov',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(request, reply, {
      status: 500,
      code: 'INTERNAL_ERROR',
      detail: 'Serverda kutilmagan xato yuz berdi. Birozdan keyin qayta urinib ko‘ring',
    });
  });
}

/** The answer for a route that does not exist (app.ts installs it, once, as the not-found handler). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendProblem(request, reply, { status: 404, code: 'NOT_FOUND', detail: 'Bunday manzil topilmadi' });
}
