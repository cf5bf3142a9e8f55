import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { leave, registerByApi } from './support/accounts';
import { open, shot } from './support/pages';

/**
 * "O‘xshash loyihalar" under a portfolio: rendered by the server (read without JavaScript), links with
 * pictures that say what they show, one card per author, and a click that opens the other portfolio.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

test.describe.configure({ mode: 'serial' });

const tokens: string[] = [];

async function post(request: APIRequestContext, token: string, title: string, used: string, image = false) {
  const created = await request.post('/api/portfolio/create', {
    headers: { 'x-token': token },
    multipart: {
      title,
      url: 'https://example.uz',
      used,
      ...(image
        ? {
            imageAlts: 'Ombor jadvali',
            images: {
              name: 'one.png',
              mimeType: 'image/png',
              buffer: fs.readFileSync(path.join(here, 'fixtures', 'one.png')),
            },
          }
        : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { linktitle: string }).linktitle;
}

let pageAddress = '';

test.beforeAll(async ({ request }, info) => {
  const project = info.project.name;
  const names = ['owner', 'first', 'second'].map((role) => `rel_${role}_${project}`);
  for (const username of names) {
    tokens.push(await registerByApi(request, username, { firstname: 'Oxshash', lastname: username }));
  }
  const tech = `RelTech${project}`;
  pageAddress = await post(request, tokens[0]!, `Ombor ${project}`, `${tech}, Go, SQLite`);
  await post(request, tokens[1]!, `Ikki umumiy ${project}`, `${tech}, Go`, true);
  await post(request, tokens[1]!, `Shu muallifning boshqasi ${project}`, tech);
  await post(request, tokens[2]!, `Bitta umumiy ${project}`, tech);
});

test.afterAll(async ({ request }) => {
  for (const token of tokens) await leave(request, token);
});

test('a portfolio page shows its related work, read without JavaScript and followed with it', async ({
  browser,
  page,
}, info) => {
  const project = info.project.name;
  const bare = await browser.newContext({
    javaScriptEnabled: false,
    viewport: info.project.use.viewport ?? { width: 1280, height: 800 },
  });
  const plain = await bare.newPage();
  await plain.goto(`/portfolio/${encodeURIComponent(pageAddress)}`);
  const section = plain.getByRole('region', { name: 'O‘xshash loyihalar' });
  await expect(section).toBeVisible();
  const links = section.getByRole('link');
  await expect(links).toHaveText([`Ikki umumiy ${project}`, `Bitta umumiy ${project}`]);
  await expect(section.getByRole('img', { name: 'Ombor jadvali' })).toHaveCount(1);
  // Nothing of the section reaches past the page's width.
  const overflow = await plain.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await bare.close();

  await open(page, `/portfolio/${encodeURIComponent(pageAddress)}`);
  const related = page.getByRole('region', { name: 'O‘xshash loyihalar' });
  await related.scrollIntoViewIfNeeded();
  // The cover comes as it nears the view.
  await related.locator('.lazy-image.is-loaded').waitFor();
  await page.screenshot({
    path: path.join(here, 'screenshots', `${project}-related.png`),
    fullPage: false,
  });
  await shot(page, info, 'related-page');
  await related.getByRole('link', { name: `Bitta umumiy ${project}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Bitta umumiy ${project}` })).toBeVisible();
});
