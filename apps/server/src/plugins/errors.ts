import { type ErrorCode, LIMITS } from '@portfolio-master/contract';
import { LOCALE_INFO, type MessageKey, type MessageValues } from '@portfolio-master/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.js';
import { isForeignKeyViolation } from '../lib/database-errors.js';
import { isMessageKey, message, type Message, say } from '../lib/messages.js';
import type { Outages } from '../lib/outages.js';
import { requestLocale } from './authentication.js';

const TITLES: Record<number, MessageKey> = {
  400: 'problem.title.badRequest',
  401: 'problem.title.unauthorized',
  403: 'problem.title.forbidden',
  404: 'problem.title.notFound',
  405: 'problem.title.methodNotAllowed',
  409: 'problem.title.conflict',
  413: 'problem.title.tooLarge',
  415: 'problem.title.unsupportedMediaType',
  422: 'problem.title.invalid',
  429: 'problem.title.tooManyRequests',
  500: 'problem.title.serverError',
  502: 'problem.title.badGateway',
  503: 'problem.title.unavailable',
};

/** Clients that ask for JSON get an RFC 9457 document; all others (the old client accepts anything) plain text. */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') || accept.includes('application/problem+json');
}

export interface Problem {
  status: number;
  code: ErrorCode;
  detail: Message;
  errors?: Record<string, Message[]> | undefined;
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: Problem): FastifyReply {
  reply.code(problem.status);
  // The words are in the reader's language; the code is the same in every one.
  const locale = requestLocale(request);
  reply.header('content-language', LOCALE_INFO[locale].tag);
  const words = (said: Message) => say(locale, said);
  if (!wantsJson(request)) return reply.type('text/plain; charset=utf-8').send(words(problem.detail));
  const document = {
    type: `about:blank#${problem.code}`,
    title: words(TITLES[problem.status] ?? 'problem.title.other'),
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
const FRAMEWORK_ERRORS: Record<string, Problem> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', detail: 'problem.json.malformed' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', detail: 'problem.body.empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'problem.body.tooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    detail: 'problem.body.mediaType',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    detail: 'problem.body.contentLength',
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    detail: message('problem.multipart.fileTooLarge', { megabytes: LIMITS.images.maxBytes / 1024 / 1024 }),
  },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'problem.multipart.tooManyFiles' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'problem.multipart.tooManyParts' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'problem.multipart.tooManyFields' },
  FST_PROTO_VIOLATION: { status: 400, code: 'BAD_REQUEST', detail: 'problem.body.forbiddenKey' },
  FST_INVALID_JSON_FIELD_ERROR: {
    status: 400,
    code: 'BAD_REQUEST',
    detail: 'problem.multipart.jsonField',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    detail: 'problem.multipart.expected',
  },
  FST_ERR_VALIDATION: { status: 422, code: 'VALIDATION_FAILED', detail: 'problem.title.invalid' },
};

/** Checks that give no message of their own (zod's defaults), by the issue's code. */
const CHECKS: Record<string, MessageKey> = {
  invalid_type: 'validation.invalidType',
  too_small: 'validation.tooSmall',
  too_big: 'validation.tooBig',
  invalid_format: 'validation.invalidFormat',
  invalid_value: 'validation.invalidValue',
  unrecognized_keys: 'validation.unrecognizedKeys',
};

const numberOr = (value: unknown) =>
  typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined;
const listOr = (value: unknown) => (Array.isArray(value) ? value.map(String).join(', ') : undefined);
const textOr = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * A field's message for a schema's issue: the catalog key the contract gave as its message, else the
 * catalog's own for the kind of check. Either is given what the issue knows: the field's path, the
 * check's bounds, the values it allows, and a refinement's `params`.
 */
function fieldMessage(
  issue: { keyword: string; message?: string | undefined; params: Record<string, unknown> },
  field: string,
): Message {
  const { params } = issue;
  const own = params.params !== null && typeof params.params === 'object' ? params.params : {};
  const values: MessageValues = {
    field,
    min: numberOr(params.minimum),
    max: numberOr(params.maximum),
    expected: textOr(params.expected),
    origin: textOr(params.origin),
    values: listOr(params.values),
    keys: listOr(params.keys),
    ...(own as MessageValues),
  };
  const key =
    issue.message !== undefined && isMessageKey(issue.message)
      ? issue.message
      : (CHECKS[issue.keyword] ?? 'validation.invalid');
  return message(key, values);
}

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
      const errors: Record<string, Message[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (errors[field] ??= []).push(fieldMessage(issue, field));
      }
      const first = Object.values(errors)[0]?.[0] ?? 'problem.title.invalid';
      return sendProblem(request, reply, { status: 422, code: 'VALIDATION_FAILED', detail: first, errors });
    }
    // What the write referred to was deleted while it ran (an account, a portfolio): nothing was written.
    if (isForeignKeyViolation(error)) {
      return sendProblem(request, reply, {
        status: 409,
        code: 'CONFLICT',
        detail: 'problem.deletedMeanwhile',
      });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return sendProblem(request, reply, known);
    if (isMalformedMultipart(request, error)) {
      request.log.info({ err: { message: error.message } }, 'malformed multipart body');
      return sendProblem(request, reply, {
        status: 400,
        code: 'BAD_REQUEST',
        detail: 'problem.multipart.broken',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed multipart and similar client faults from the parsers.
      request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
      return sendProblem(request, reply, {
        status,
        code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST',
        detail: TITLES[status] ?? 'problem.title.badRequest',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(request, reply, {
      status: 500,
      code: 'INTERNAL_ERROR',
      detail: 'problem.internal',
    });
  });
}

/** The answer for a route that does not exist (app.ts installs it, once, as the not-found handler). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendProblem(request, reply, { status: 404, code: 'NOT_FOUND', detail: 'problem.route.notFound' });
}
