import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { HttpError } from '../lib/http-error.js';

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that an empty body is no body:
 * clients send `Content-Type: application/json` on body-less PUT and DELETE calls such as a like.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new HttpError(400, 'BAD_REQUEST', 'JSON noto‘g‘ri yozilgan'), undefined);
    }
  });
}
