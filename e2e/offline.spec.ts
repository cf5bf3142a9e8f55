import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Route } from '@playwright/test';
import { PASSWORD, registerByApi } from './support/accounts';

/**
 * Installable, and readable without a connection: the manifest and the service worker, the pages and
 * images read before served offline, the offline page for an address never opened, and nothing kept
 * after signing out.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** Offline for the page and for its service worker's own fetches (Chromium applies setOffline to pages only). */
const cutServiceWorker = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue();

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**', cutServiceWorker);
}

async function goOnline(context: BrowserContext) {
  await context.unroute('**', cutServiceWorker);
  await context.setOffline(false);
}

test('installable, readable offline, and forgotten on signing out', async ({
  page,
  context,
  request,
}, info) => {
  const project = info.project.name;
  const username = `offline_${project}`;
  const token = await registerByApi(request, username, { firstname: 'Oflayn', lastname: 'O‘quvchi' });
  const created = await request.post('/api/portfolio/create', {
    headers: { 'x-token': token },
    multipart: {
      title: `Oflayn loyiha ${project}`,
      url: 'https://example.uz',
      used: 'PWA',
      description: 'Internetsiz ham **o‘qiladi**.',
      images: {
        name: 'one.png',
        mimeType: 'image/png',
        buffer: fs.readFileSync(path.join(here, 'fixtures', 'one.png')),
      },
    },
  });
  expect(created.status()).toBe(201);
  const portfolio = (await created.json()) as { _id: string; linktitle: string; title: string };
  const portfolioPath = `/portfolio/${encodeURIComponent(portfolio.linktitle)}`;
  const second = (await (
    await request.post('/api/portfolio/create', {
      headers: { 'x-token': token },
      multipart: { title: `Ichkarida ochilgan ${project}`, url: 'https://example.uz', used: 'PWA' },
    })
  ).json()) as { _id: string; linktitle: string; title: string };

  // Install criteria: a manifest with a name, a start URL, standalone display and 192/512 (and maskable)
  // icons that load, and a service worker that controls the page.
  await page.goto('/page/1');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(manifestHref!)).json()) as {
    name: string;
    lang: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Portfolio Master',
    lang: 'uz',
    start_url: '/page/1',
    display: 'standalone',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const answer = await request.get(icon.src);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(
    /\/sw\.js$/,
  );
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Read a portfolio (its page and its image are kept as they are read).
  await page.goto(portfolioPath);
  const image = page.locator('.portfolio-page img').first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  await expect
    .poll(() => page.evaluate(async () => (await caches.open('images')).keys().then((keys) => keys.length)))
    .toBeGreaterThan(0);

  // One opened inside the app, from the list (no page load of its own).
  await page.goto('/page/1');
  await page.getByRole('link', { name: second.title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
  const secondPath = `/portfolio/${encodeURIComponent(second.linktitle)}`;
  await expect
    .poll(() =>
      page.evaluate(async (path) => Boolean(await caches.match(path, { ignoreVary: true })), secondPath),
    )
    .toBe(true);

  await goOffline(context);
  await page.goto(secondPath);
  await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
  // A page read before opens, with its image.
  await page.goto(portfolioPath);
  await expect(page.getByRole('heading', { level: 1, name: portfolio.title })).toBeVisible();
  await expect(page.getByText('o‘qiladi')).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  // One never opened gets the offline page, in Uzbek.
  await page.goto('/portfolio/hech_ochilmagan_sahifa');
  await expect(page.getByRole('heading', { name: 'Internet yo‘q' })).toBeVisible();
  await page.screenshot({ path: path.join(here, 'test-results', `offline-${project}.png`) });
  await goOnline(context);

  // Signing out forgets what this device kept.
  await page.goto('/page/1');
  if (project === 'phone') await page.getByRole('button', { name: 'Menyuni ochish' }).click();
  // Signing out reloads the page once the caches are gone.
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('button', { name: 'Chiqish' }).first().click(),
  ]);
  await expect(page.locator('a[href="/auth/login"]').first()).toBeAttached();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // What was read while signed in is gone (the list page just loaded is kept again, as for anyone).
  const kept = await page.evaluate(async () => {
    const urls = async (name: string) =>
      (await caches.has(name)) ? (await (await caches.open(name)).keys()).map((request) => request.url) : [];
    return [...(await urls('pages')), ...(await urls('images'))];
  });
  expect(kept.filter((url) => !url.endsWith('/page/1'))).toEqual([]);

  // Signing out ended that session; the clean-up signs in again.
  const again = await request.post('/api/login', { data: { email: username, password: PASSWORD } });
  const cleanup = again.headers()['x-token']!;
  for (const id of [portfolio._id, second._id]) {
    const deleted = await request.delete(`/api/portfolio/delete/${id}`, { headers: { 'x-token': cleanup } });
    expect(deleted.status()).toBe(204);
  }
});
