import dns from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { LIMITS } from '@portfolio-master/contract';
import { HttpError } from '../../lib/http-error.js';
import { message, type Message } from '../../lib/messages.js';
import type { AddressPolicy } from '../../lib/address-policy.js';

export interface FetchLimits {
  /** For the whole exchange: every look-up, redirect and byte of the body. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const refused = () => new HttpError(403, 'REMOTE_ADDRESS_REFUSED', 'problem.remoteImage.refused');
/** Why the source gave no picture, as the catalog says it. */
export const unavailable = (why: Message = 'problem.remoteImage.noAnswer') =>
  new HttpError(502, 'REMOTE_IMAGE_UNAVAILABLE', why);
export const tooLarge = (maxBytes: number) =>
  new HttpError(
    502,
    'REMOTE_IMAGE_TOO_LARGE',
    message('problem.remoteImage.tooLarge', {
      megabytes: Math.round(maxBytes / 1024 / 1024),
      megapixels: LIMITS.images.maxPixels / 1_000_000,
    }),
  );
export const notAnImage = () => new HttpError(502, 'UNSUPPORTED_IMAGE', 'problem.remoteImage.notImage');

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * `application/octet-stream` and no type at all are let through: some hosts send pictures so. The bytes
 * decide in the end (see `ImageStore.check`).
 */
const mayBeImage = (type: string | undefined) =>
  type === undefined || /^\s*(image\/|application\/octet-stream\b)/i.test(type);

/**
 * GETs a picture from another site on a reader's behalf, as a server that must not be turned against its
 * own network does: http(s) only; every host looked up here and refused unless each of its addresses is
 * one `policy` allows; the connection made to exactly the address that was checked (the request's
 * `lookup` answers it, so a second, different DNS answer cannot slip in); each redirect checked the same
 * way; the body refused once it passes `maxBytes`, while it streams; all of it within `timeoutMs`.
 */
export async function fetchRemote(url: URL, policy: AddressPolicy, limits: FetchLimits): Promise<Buffer> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), limits.timeoutMs);
  try {
    let current = url;
    for (let redirects = 0; ; redirects += 1) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') throw refused();
      const addresses = await withDeadline(checkedAddresses(current.hostname, policy), deadline.signal);
      const answer = await withDeadline(get(current, addresses, deadline.signal), deadline.signal);
      const status = answer.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        answer.destroy();
        const location = answer.headers.location;
        if (!location) throw unavailable('problem.remoteImage.noLocation');
        if (redirects >= limits.maxRedirects) throw unavailable('problem.remoteImage.tooManyRedirects');
        current = new URL(location, current);
        continue;
      }
      if (status !== 200) {
        answer.destroy();
        throw unavailable(message('problem.remoteImage.status', { status }));
      }
      if (!mayBeImage(answer.headers['content-type'])) {
        answer.destroy();
        throw notAnImage();
      }
      const length = Number(answer.headers['content-length']);
      if (Number.isFinite(length) && length > limits.maxBytes) {
        answer.destroy();
        throw tooLarge(limits.maxBytes);
      }
      return await withDeadline(readAtMost(answer, limits.maxBytes), deadline.signal);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (deadline.signal.aborted) throw unavailable('problem.remoteImage.slow');
    throw unavailable();
  } finally {
    clearTimeout(timer);
  }
}

/** The addresses to connect to: the host itself when it is one, otherwise its DNS answers, all allowed. */
async function checkedAddresses(hostname: string, policy: AddressPolicy): Promise<dns.LookupAddress[]> {
  // The URL keeps an IPv6 literal in brackets.
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = net.isIP(host);
  if (family !== 0) {
    if (!policy.allows(host)) throw refused();
    return [{ address: host, family }];
  }
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    throw unavailable('problem.remoteImage.unknownHost');
  }
  // A host with any address that is not allowed is refused as a whole: its owner decides which one a
  // given look-up returns.
  if (addresses.length === 0 || addresses.some((entry) => !policy.allows(entry.address))) throw refused();
  return addresses;
}

function get(url: URL, checked: dns.LookupAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  // The socket's own look-up, answered with what was checked: Node tries them in turn (IPv6 and IPv4) when
  // it asks for all, the first when it asks for one.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, checked);
    else callback(null, checked[0]!.address, checked[0]!.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'GET',
      lookup,
      signal,
      // A fresh connection each time: a pooled one could be to an address checked for another request.
      agent: false,
      headers: {
        accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1',
        'accept-encoding': 'identity',
        'user-agent': 'PortfolioMaster-ImageProxy/1.0',
      },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}

async function readAtMost(answer: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of answer as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      answer.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  if (!answer.complete) throw unavailable('problem.remoteImage.incomplete');
  return Buffer.concat(chunks, total);
}

/** A look-up cannot be aborted: the wait for it is. */
function withDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('deadline passed'));
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new Error('deadline passed'));
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
