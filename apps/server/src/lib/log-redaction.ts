import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: the mailed links' tokens. */
const SECRET_PARAMETERS = /([?&](?:token|code)=)[^&#]*/gi;

/** The address with every secret query value replaced, as it may be written to a log. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[REDACTED]');
}

/**
 * What the log says of a request (Fastify's own fields), with the links' tokens taken out of the
 * address: a page like /auth/reset-password?token=… would otherwise put a working secret in every log.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Headers that carry a secret, for pino's `redact`. */
export const SECRET_HEADERS = [
  'req.headers["x-token"]',
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-telegram-bot-api-secret-token"]',
];
