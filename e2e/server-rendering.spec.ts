import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerByApi } from './support/accounts';
import { chooseLanguage, open } from './support/pages';

/**
 * What a visitor gets before (or without) JavaScript: pages that arrive rendered, can be read, paged,
 * filtered and searched with JavaScript switched off, and that the app then takes over without asking the
 * API again and without a word in the console.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

test.describe.configure({ mode: 'serial' });

interface Seeded {
  username: string;
  token: string;
  ids: string[];
  tech: string;
  first: { title: string; linktitle: string };
  titles: string[];
}

/** An author with eleven portfolios (two list pages); the first has an image, a description and a comment. */
async function seed(request: APIRequestContext, project: string): Promise<Seeded> {
  const username = `ssr_${project}`;
  const token = await registerByApi(request, username, { firstname: 'Server', lastname: 'Rendering' });
  const tech = `SsrTech${project}`;
  const titles: string[] = [];
  const ids: string[] = [];
  let first: Seeded['first'] | undefined;
  for (let index = 0; index < 11; index += 1) {
    const title = `SSR loyiha ${project} ${String(index).padStart(2, '0')}`;
    titles.push(title);
    const created = await request.post('/api/portfolio/create', {
      headers: { 'x-token': token },
      multipart: {
        title,
        url: 'https://example.uz',
        used: index === 0 ? `${tech}, TypeScript` : 'Go',
        description: index === 0 ? '## Tavsif\n\nServerda chizilgan **sahifa**.' : '',
        ...(index === 0
          ? {
              images: {
                name: 'one.png',
                mimeType: 'image/png',
                buffer: fs.readFileSync(path.join(here, 'fixtures', 'one.png')),
              },
            }
          : {}),
      },
    });
    expect(created.status()).toBe(201);
    const body = (await created.json()) as { _id: string; linktitle: string };
    ids.push(body._id);
    if (index === 0) {
      first = { title, linktitle: body.linktitle };
      const comment = await request.put(`/api/portfolio/comment/${body._id}`, {
        headers: { 'x-token': token },
        data: { body: 'JavaScriptsiz ham o‘qiladi' },
      });
      expect(comment.status()).toBe(201);
    }
  }
  return { username, token, ids, tech, first: first!, titles };
}

let seeded: Seeded;

test.beforeAll(async ({ request }, info) => {
  seeded = await seed(request, info.project.name);
});

// The journey of the next project starts from an empty site.
test.afterAll(async ({ request }) => {
  for (const id of seeded.ids) {
    const deleted = await request.delete(`/api/portfolio/delete/${id}`, {
      headers: { 'x-token': seeded.token },
    });
    expect(deleted.status()).toBe(204);
  }
});

test('reading without JavaScript: list, paging, technology links, search, filter, portfolio, profile', async ({
  browser,
}, info) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: info.project.use.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const newest = seeded.titles[seeded.titles.length - 1]!;

  await page.goto('/page/1');
  await expect(page.getByRole('link', { name: newest })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Sahifalar' })
    .getByRole('link', { name: 'Keyingi sahifa' })
    .click();
  await expect(page).toHaveURL(/\/page\/2$/);
  await expect(page.getByRole('link', { name: seeded.first.title })).toBeVisible();

  // The search box is a plain GET form.
  await page.getByRole('searchbox').fill(seeded.first.title);
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/page\/1\?q=/);
  await expect(page.getByText('1 ta natija')).toBeVisible();

  // So is the technology filter, with its own button.
  await page.goto('/page/1');
  await page.getByRole('checkbox', { name: seeded.tech }).check();
  await page.getByRole('button', { name: 'Filtrlash' }).click();
  await expect(page).toHaveURL(new RegExp(`/page/1\\?filter=${seeded.tech}$`));
  await expect(page.getByRole('link', { name: seeded.first.title })).toBeVisible();
  await expect(page.getByText('1 ta natija')).toBeVisible();

  // A portfolio: its first image, its description, its comments; its technologies lead to their lists.
  await page.goto(`/portfolio/${encodeURIComponent(seeded.first.linktitle)}`);
  await expect(page.getByRole('heading', { level: 1, name: seeded.first.title })).toBeVisible();
  await expect(page.locator('.markdown strong')).toHaveText('sahifa');
  await expect(page.getByText('JavaScriptsiz ham o‘qiladi')).toBeVisible();
  const image = page.locator('.slider img').first();
  await expect(image).toBeVisible();
  expect(
    await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0),
  ).toBe(true);
  await page
    .getByRole('region', { name: 'Ishlatilgan texnologiyalar' })
    .getByRole('link', { name: seeded.tech })
    .click();
  await expect(page).toHaveURL(new RegExp(`/page/1\\?filter=${seeded.tech}$`));

  // A profile with its portfolios.
  await page.goto(`/profile/${seeded.username}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Server Rendering' })).toBeVisible();
  await expect(page.getByRole('link', { name: newest })).toBeVisible();
  await context.close();
});

/**
 * Opens a page and collects what the app reads from the API again and says in the console once it has
 * taken over. A portfolio page's one view count (`POST …/view`) is a write, not a second read.
 */
async function firstVisit(page: Page, url: string) {
  const apiRequests: string[] = [];
  const views: string[] = [];
  const messages: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/')) return;
    if (request.method() === 'POST' && pathname.endsWith('/view')) views.push(pathname);
    else apiRequests.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(String(error)));
  const response = await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  return { status: response?.status(), apiRequests, views, messages };
}

test('a first visit hydrates without asking the API again and without console messages', async ({ page }) => {
  for (const url of [
    '/page/1',
    '/page/2',
    `/page/1?filter=${seeded.tech}`,
    `/portfolio/${encodeURIComponent(seeded.first.linktitle)}`,
    `/profile/${seeded.username}`,
    '/about',
  ]) {
    const visit = await firstVisit(page, url);
    expect(visit.status, url).toBe(200);
    expect(visit.apiRequests, url).toEqual([]);
    expect(visit.views, url).toEqual(
      url.startsWith('/portfolio/') ? [`/api/portfolio/${seeded.ids[0]}/view`] : [],
    );
    expect(visit.messages, url).toEqual([]);
  }
  const missing = await firstVisit(page, '/portfolio/bunday_portfolio_yoq');
  expect(missing.status).toBe(404);
  await expect(page.getByRole('heading', { name: 'Portfolio topilmadi' })).toBeVisible();
  // The browser reports the page's own 404 status; nothing else may appear.
  expect(missing.messages.filter((message) => !message.includes('status of 404'))).toEqual([]);
});

test('a first visit loads the dates’ and numbers’ data on a worker before it hydrates', async ({ page }) => {
  for (const url of ['/page/1', '/ru/page/1']) {
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    await page.goto(url);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(workers, url).toEqual([expect.stringMatching(/^\/assets\/intl-data\.worker-[\w-]+\.js$/)]);
    // It answered, rather than being given up on (hydration waits for one or the other).
    const ready = await page.evaluate(() => performance.getEntriesByName('intl-data-ready').length);
    expect(ready, url).toBe(1);
    page.removeAllListeners('worker');
  }
});

/** The server's HTML without its scripts: what a browser lays out before the app runs. */
const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');

test('the list stays where it is first painted while the rest of the page arrives', async ({ page }) => {
  // The server's HTML without its scripts, whole and cut where the list ends (what a browser may paint
  // before the filter that follows the list in the page has arrived): the list stands at the same place.
  const html = withoutScripts(await (await page.request.get('/page/1')).text());
  const cut = html.indexOf('<section class="panel filter');
  expect(cut).toBeGreaterThan(0);
  const listTop = async (body: string) => {
    await page.route('**/page/1', (route) =>
      route.fulfill({ body, contentType: 'text/html; charset=utf-8' }),
    );
    await page.goto('/page/1');
    await page.unroute('**/page/1');
    return page.locator('.home__list').evaluate((list) => list.getBoundingClientRect().top);
  };
  const whole = await listTop(html);
  expect(await listTop(html.slice(0, cut))).toBe(whole);
});

test('a filtered list is not pushed down by its open filter arriving after it', async ({ page }, info) => {
  // The page comes in two parts, the second a second and a half later, cut inside the filter's list of
  // technologies: a browser that paints what it has would show the list below half a filter, then move
  // it down. The first paint waits for the whole filter on a phone, where it shows above the list.
  const address = `/page/1?filter=${seeded.tech}`;
  const origin = new URL(info.project.use.baseURL!).origin;
  const whole = withoutScripts(await (await page.request.get(address)).text());
  const served = async (html: string) => {
    const cut = html.indexOf('<ul class="filter__list">') + 200;
    expect(cut).toBeGreaterThan(200);
    const server = http.createServer((request, response) => {
      if (request.url === address) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.write(html.slice(0, cut));
        setTimeout(() => response.end(html.slice(cut)), 1500);
        return;
      }
      // Images and the rest from the site itself.
      fetch(origin + request.url)
        .then(async (answer) => {
          response.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'application/octet-stream',
          });
          response.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => response.writeHead(502).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}${address}`,
      close: () => {
        server.close();
        server.closeAllConnections();
      },
    };
  };
  const listShifts = async (html: string) => {
    const { url, close } = await served(html);
    try {
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { listShifts: number[] }).listShifts = shifts;
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries() as (PerformanceEntry & {
            value: number;
            sources: { node?: Node }[];
          })[]) {
            if (
              entry.sources.some((source) =>
                (source.node as Element | undefined)?.classList?.contains('home__list'),
              )
            )
              shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The whole page is in once it has loaded; its last layout is painted two frames later.
      await page.goto(url, { waitUntil: 'load' });
      return await page.evaluate(
        () =>
          new Promise<number[]>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                resolve((window as unknown as { listShifts: number[] }).listShifts),
              ),
            ),
          ),
      );
    } finally {
      close();
    }
  };
  expect(whole).toContain('<link rel="expect" href="#home-users" blocking="render"');
  expect(await listShifts(whole)).toEqual([]);
  if (info.project.name === 'phone') {
    // Without it the list does move on a phone: what the test measures is there to see.
    const early = await listShifts(whole.replace(/<link rel="expect"[^>]*>/, ''));
    expect(early.length).toBeGreaterThan(0);
  }
});

test('O‘zbekcha | Ўзбекча: Cyrillic at its own address from the first byte, what people wrote as written, search across scripts', async ({
  page,
}, info) => {
  const newest = seeded.titles[seeded.titles.length - 1]!;
  const portfolio = `/portfolio/${encodeURIComponent(seeded.first.linktitle)}`;
  const pathOf = () => {
    const { pathname, search } = new URL(page.url());
    return pathname + search;
  };
  const latin = await firstVisit(page, '/page/1');
  expect(latin.messages).toEqual([]);
  await chooseLanguage(page, info, 'Ўзбекча', /\/uz-Cyrl\/page\/1$/);

  // The server's first byte is already Cyrillic: the document, and the same address fetched again.
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Cyrl');
  const document = await page.request.get('/uz-Cyrl/page/1');
  const html = await document.text();
  expect(html).toContain('<html lang="uz-Cyrl">');
  expect(html).toContain('Портфолио жойлаш');
  expect(document.headers()['content-language']).toBe('uz-Cyrl');
  await expect(page.getByRole('heading', { level: 1, name: 'Портфолиолар' })).toBeVisible();
  // Titles are the authors' own.
  await expect(page.getByRole('link', { name: newest })).toBeVisible();
  await page.screenshot({ path: path.join(here, 'test-results', `cyrillic-${info.project.name}.png`) });

  // The unprefixed address stays Latin, for this reader too: an address names its language.
  const unprefixed = await page.request.get('/page/1');
  expect(await unprefixed.text()).toContain('<html lang="uz-Latn">');
  expect(unprefixed.headers()['content-language']).toBe('uz-Latn');

  // From any page to the same page in Cyrillic: a portfolio read in Latin.
  await open(page, portfolio);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Latn');
  await chooseLanguage(page, info, 'Ўзбекча', (url) => url.pathname === `/uz-Cyrl${portfolio}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Cyrl');

  // It hydrates in Cyrillic, quietly and without asking the API again; what people wrote stays as written.
  const visit = await firstVisit(page, `/uz-Cyrl${portfolio}`);
  expect(visit.status).toBe(200);
  expect(visit.messages).toEqual([]);
  expect(visit.apiRequests).toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Cyrl');
  await expect(page.getByRole('heading', { level: 1, name: seeded.first.title })).toBeVisible();
  await expect(page.locator('.markdown strong')).toHaveText('sahifa');
  await expect(page.getByText('JavaScriptsiz ham o‘qiladi')).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Cyrl');

  // The site's root sends this reader to the language they chose.
  await open(page, '/');
  expect(pathOf()).toBe('/uz-Cyrl/page/1');

  // A Cyrillic search finds Latin titles ("SSR loyiha ..." by "лойиҳа").
  await open(page, `/uz-Cyrl/page/1?q=${encodeURIComponent('лойиҳа')}`);
  await expect(page.getByRole('link', { name: newest })).toBeVisible();

  // O‘zbekcha leads back to the unprefixed address, which the root then follows.
  await open(page, '/uz-Cyrl/page/1');
  await chooseLanguage(page, info, 'O‘zbekcha', (url) => url.pathname === '/page/1');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz-Latn');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfoliolar' })).toBeVisible();
  await open(page, '/');
  expect(pathOf()).toBe('/page/1');
});
