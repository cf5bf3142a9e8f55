import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** After an early answer, at most this much more of the body is read and thrown away... */
const LINGER_BYTES = 64 * 1024 * 1024;
/** ...for at most this long, before the connection is closed. */
const LINGER_MS = 10_000;

/**
 * An answer may go out before its request body has all arrived: a 401 or 429 decided from the headers, a
 * 413 at the size limit. Closing the connection at once would make the kernel reset it while the client
 * is still sending, and many clients then report a broken pipe instead of the answer; leaving it alone
 * would leave a paused socket open until the request times out. So, as nginx's lingering close does, the
 * rest of the body is read and discarded, within a bound of bytes and time, and the connection is closed
 * only if the bound is reached; a client that finishes sending keeps its connection for the next request.
 */
export function registerLingeringClose(app: FastifyInstance): void {
  app.addHook('onResponse', async (request) => linger(request));
}

function linger(request: FastifyRequest): void {
  const raw = request.raw;
  // Requests made with inject have no real socket, and a finished body needs nothing.
  if (raw.complete || raw.destroyed || !(raw.socket instanceof Socket)) return;
  const socket = raw.socket;
  let budget = LINGER_BYTES;
  const close = () => socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  raw.unpipe();
  raw.on('data', (chunk: Buffer) => {
    budget -= chunk.length;
    if (budget < 0) close();
  });
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}
