import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';

export interface ImageHost {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Requests that reached a path (with its query). */
  hits(path: string): number;
  /** Whether the last answer of `/huge.png` was cut off by its reader before it was all sent. */
  hugeCutOff(): boolean;
  close(): Promise<void>;
}

const DECLARED_BYTES = 6 * 1024 * 1024;
/** Far more than sockets buffer, so a reader that stops early is seen to. */
const HUGE_BYTES = 64 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x42);

/**
 * Another site, as the picture proxy meets them, on 127.0.0.1: real pictures, a page, a file that only
 * says it is a picture, bodies over the limit (declared, or found while streaming), redirects (a chain,
 * or to any address given), an answer that never comes, a 404.
 */
export async function startImageHost(): Promise<ImageHost> {
  const picture = await sharp({
    create: { width: 2400, height: 1200, channels: 3, background: { r: 20, g: 140, b: 90 } },
  })
    .png()
    .toBuffer();
  const small = await sharp({
    create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 60, b: 30 } },
  })
    .png()
    .toBuffer();
  const counts = new Map<string, number>();
  let cutOff = false;
  const sockets = new Set<Socket>();

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    const key = `${url.pathname}${url.search}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const redirect = /^\/redirect\/(\d+)$/.exec(url.pathname);
    if (redirect) {
      const left = Number(redirect[1]);
      if (left === 0) return response.writeHead(200, { 'content-type': 'image/png' }).end(small);
      return response.writeHead(302, { location: `/redirect/${left - 1}` }).end();
    }
    switch (url.pathname) {
      case '/picture.png':
        return response.writeHead(200, { 'content-type': 'image/png' }).end(picture);
      case '/small.png':
        return response.writeHead(200, { 'content-type': 'image/png' }).end(small);
      case '/page.html':
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Salom</h1>');
      case '/disguised.png':
        return response
          .writeHead(200, { 'content-type': 'image/png' })
          .end('just some text, not a picture\n');
      case '/declared-huge.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': DECLARED_BYTES });
        return response.write(CHUNK);
      case '/huge.png': {
        cutOff = false;
        response.writeHead(200, { 'content-type': 'image/png' });
        let sent = 0;
        const more = () => {
          while (sent < HUGE_BYTES) {
            sent += CHUNK.length;
            if (!response.write(CHUNK)) return void response.once('drain', more);
          }
          response.end();
        };
        response.once('close', () => {
          if (sent < HUGE_BYTES) cutOff = true;
        });
        return more();
      }
      case '/to':
        return response.writeHead(302, { location: url.searchParams.get('location') ?? '/' }).end();
      case '/slow.png':
        // Never answers; the socket is closed with the server.
        return;
      default:
        return response.writeHead(404, { 'content-type': 'text/plain' }).end('yo‘q');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits: (path) => counts.get(path) ?? 0,
    hugeCutOff: () => cutOff,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
