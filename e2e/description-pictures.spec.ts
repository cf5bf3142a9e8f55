import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { leave, registerByApi } from './support/accounts';

/**
 * A picture written in a description (`![…](http://another.site/…)`) shows: the page loads it from the
 * site's picture proxy, which the Content-Security-Policy allows, and the other site sees only the server.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const picture = fs.readFileSync(path.join(here, 'fixtures', 'one.png'));

test('a picture written in a description shows, loaded through the site', async ({ page, request }, info) => {
  const agents: string[] = [];
  const host = http.createServer((incoming, answer) => {
    agents.push(incoming.headers['user-agent'] ?? '');
    if (incoming.url === '/picture.png') answer.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    else answer.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const { port } = host.address() as AddressInfo;
  let token: string | undefined;
  try {
    const project = info.project.name;
    token = await registerByApi(request, `rasmli_${project}`, {
      firstname: 'Rasm',
      lastname: 'Chizar',
    });
    const created = await request.post('/api/portfolio/create', {
      headers: { 'x-token': token },
      data: {
        title: `Rasmli tavsif ${project}`,
        url: 'https://example.uz',
        used: ['Markdown'],
        description: `Loyihaning tuzilishi:\n\n![Loyiha sxemasi](http://127.0.0.1:${port}/picture.png)`,
      },
    });
    expect(created.status()).toBe(201);
    const { linktitle } = (await created.json()) as { linktitle: string };

    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to load/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`/portfolio/${encodeURIComponent(linktitle)}`);
    const shown = page.getByRole('img', { name: 'Loyiha sxemasi' });
    await shown.scrollIntoViewIfNeeded();
    await expect(shown).toBeVisible();
    expect(await shown.getAttribute('src')).toMatch(/^\/image\/remote\/[\w-]{43}\/[\w-]+$/);
    await expect.poll(() => shown.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(800);
    expect(await shown.evaluate((element: HTMLImageElement) => element.naturalHeight)).toBe(500);
    expect(await shown.getAttribute('loading')).toBe('lazy');
    // The other site was asked once, by the server, never by the reader's browser.
    expect(agents).toEqual(['PortfolioMaster-ImageProxy/1.0']);
    expect(violations).toEqual([]);
  } finally {
    await new Promise<void>((resolve) => host.close(() => resolve()));
    if (token) await leave(request, token);
  }
});
