import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy in front sends (nginx's `$request_id` is 32 hex digits). */
const ACCEPTED = /^[\w.:-]{1,128}$/;

const assigned = Symbol('requestId');

/**
 * Gives each request an id for its log lines and its `x-request-id` answer header: the one the proxy in
 * front sent when there is a trusted proxy (`TRUST_PROXY`) and it looks like an id, else a new one, unique
 * across instances (a random prefix per process, then a count).
 */
export function requestIds(trustIncoming: boolean): (request: IncomingMessage) => string {
  const prefix = randomBytes(4).toString('hex');
  let sequence = 0;
  return (request) => {
    const carrier = request as IncomingMessage & { [assigned]?: string };
    const known = carrier[assigned];
    if (known !== undefined) return known;
    const incoming = trustIncoming ? request.headers[REQUEST_ID_HEADER] : undefined;
    sequence += 1;
    const id =
      typeof incoming === 'string' && ACCEPTED.test(incoming)
        ? incoming
        : `${prefix}-${sequence.toString(36)}`;
    carrier[assigned] = id;
    return id;
  };
}
