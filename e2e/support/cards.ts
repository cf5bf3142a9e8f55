import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page on a site of its own, as someone's blog or README would be: its address and a way to close it. */
export interface OtherSite {
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves one HTML page at `/` from a throwaway server on another port of 127.0.0.1: another origin than
 * the site's, so what the page frames or shows comes from a stranger's page, as it would on the web.
 */
export async function otherSite(title: string, body: string): Promise<OtherSite> {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
    `<body style="margin:16px;font-family:sans-serif"><h1 style="font-size:18px">${title}</h1>${body}</body></html>`;
  const server = http.createServer((incoming, answer) => {
    if (incoming.url === '/') answer.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else answer.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
