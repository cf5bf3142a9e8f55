import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { startBucketSite } from './support/start-bucket-site.mjs';

/**
 * Images in a bucket behind a CDN (S3_URL and PUBLIC_IMAGE_URL): /image/ redirects to the bucket's own
 * origin. Every image of the lists, a portfolio and a profile loads, on a first visit (the page follows
 * the redirects itself) and once the service worker controls the page (it fetches them, with CORS, and
 * keeps them), at phone and desktop widths, and the browser reports no Content-Security-Policy violation.
 */

let site: Awaited<ReturnType<typeof startBucketSite>>;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startBucketSite();
});

test.afterAll(async () => {
  await site?.stop();
});

/** Opens a page and waits for each image a reader can see to be loaded, scrolling to the lazy ones. */
async function everyImageLoads(page: Page, path: string): Promise<string[]> {
  await page.goto(`${site.url}${path}`);
  const images = page.locator('img');
  const loaded: string[] = [];
  for (let index = 0; index < (await images.count()); index += 1) {
    const image = images.nth(index);
    if (!(await image.isVisible())) continue;
    await image.scrollIntoViewIfNeeded();
    const src = await image.getAttribute('src');
    await expect
      .poll(
        () => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)),
        { message: `${path}: ${src}` },
      )
      .toBeGreaterThan(0);
    loaded.push(await image.evaluate((element: HTMLImageElement) => element.currentSrc));
  }
  expect(loaded.length, path).toBeGreaterThan(0);
  return loaded;
}

test('every image loads from the bucket’s origin, before and after the service worker takes over', async ({
  page,
  context,
}) => {
  const violations: string[] = [];
  const watch = (message: ConsoleMessage) => {
    if (/Content.Security.Policy|CSP violation|Refused to (load|connect)/i.test(message.text())) {
      violations.push(message.text());
    }
  };
  context.on('console', watch);
  context.on('serviceworker', (worker) => worker.on('console', watch));
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  const fromBucket: string[] = [];
  context.on('response', (response) => {
    if (response.url().startsWith(site.bucketUrl) && response.status() === 200)
      fromBucket.push(response.url());
  });

  // A first visit: no worker yet; the page follows /image/'s redirects to the bucket.
  const first = await everyImageLoads(page, '/page/1');
  expect(first.every((src) => src.startsWith(`${site.url}/image/`))).toBe(true);
  expect(fromBucket.length).toBeGreaterThan(0);

  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)))
    .toBe(true);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.evaluate(() => caches.delete('images'));

  // The worker fetches them now.
  for (const path of ['/page/1', '/page/2']) await everyImageLoads(page, path);
  const portfolio = await page.locator('main a[href^="/portfolio/"]').first().getAttribute('href');
  const profile = await page.locator('main a[href^="/profile/"]').first().getAttribute('href');
  await everyImageLoads(page, portfolio!);
  await everyImageLoads(page, profile!);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // And keeps them, as readable answers from the bucket (an opaque one could not be kept).
  const kept = await page.evaluate(async () => {
    const cache = await caches.open('images');
    const answers = await Promise.all((await cache.keys()).map((request) => cache.match(request)));
    return answers.map((answer) => ({ type: answer!.type, status: answer!.status, url: answer!.url }));
  });
  expect(kept.length).toBeGreaterThan(0);
  for (const answer of kept) {
    expect(answer.status).toBe(200);
    expect(answer.type).not.toBe('opaque');
    expect(answer.url.startsWith(site.bucketUrl)).toBe(true);
  }
  expect(violations).toEqual([]);
});
