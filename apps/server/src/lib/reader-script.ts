import { preferredScript, SCRIPT_COOKIE, type Script } from '@portfolio-master/contract';
import type { FastifyRequest } from 'fastify';

const SCRIPT_IN_COOKIE = new RegExp(`(?:^|;)\\s*${SCRIPT_COOKIE}=([^;]*)`);

/**
 * The script the reader chose (the `script` cookie the header's switch sets), else the one their
 * browser asks for first (`Accept-Language: uz-Cyrl`), else Latin.
 */
export function readerScript(request: Pick<FastifyRequest, 'headers'>): Script {
  const cookie = request.headers.cookie;
  const chosen = cookie === undefined ? undefined : SCRIPT_IN_COOKIE.exec(cookie)?.[1]?.trim();
  return preferredScript(chosen, request.headers['accept-language']);
}
