import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { HttpError } from '../lib/http-error.js';

/** Refuses bytes that are not UTF-8 instead of replacing them; keeps a byte order mark out of the text. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that an empty body is no body:
 * clients send `Content-Type: application/json` on body-less PUT and DELETE calls such as a like.
 * A body that is not valid UTF-8 is refused with 400 (RFC 8259 requires UTF-8).
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    let text: string;
    try {
      text = typeof body === 'string' ? body : UTF8.decode(body);
    } catch {
      // Decoded leniently, the bad bytes would be stored as U+FFFD: what was sent would be lost.
      return done(new HttpError(400, 'BAD_REQUEST', 'problem.body.notUtf8'), undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new HttpError(400, 'BAD_REQUEST', 'problem.json.malformed'), undefined);
    }
  });
}
