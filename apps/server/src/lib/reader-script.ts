import { preferredScript, SCRIPT_COOKIE, type Script } from '@portfolio-master/contract';
import type { FastifyRequest } from 'fastify';

const SCRIPT_IN_COOKIE = new RegExp(`(?:^|;)\\s*${SCRIPT_COOKIE}=([^;]*)`);

/**
 * The script the reader chose (the `script` cookie the header's switch sets), else the one their
 * browser asks for first (`Accept-Language: uz-Cyrl`), else Latin.
 */
export function readerScript(request: Pick<FastifyRequest, 'headers'>): Script {
  return preferredScript(chosenScript(request), request.headers['accept-language']);
}

const chosenScript = (request: Pick<FastifyRequest, 'headers'>) => {
  const cookie = request.headers.cookie;
  return cookie === undefined ? undefined : SCRIPT_IN_COOKIE.exec(cookie)?.[1]?.trim();
};

/**
 * The script a request says its reader wants, when it says so: the cookie, or an Uzbek tag in
 * `Accept-Language`. Undefined for clients that state nothing (an API client, the original web app),
 * whose requests must not change what an account chose.
 */
export function statedScript(request: Pick<FastifyRequest, 'headers'>): Script | undefined {
  const chosen = chosenScript(request);
  if (chosen === 'latn' || chosen === 'cyrl') return chosen;
  const languages = request.headers['accept-language'];
  return languages !== undefined && /(^|,)\s*uz\b/i.test(languages) ? readerScript(request) : undefined;
}
