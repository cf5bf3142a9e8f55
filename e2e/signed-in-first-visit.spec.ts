import { expect, test } from '@playwright/test';
import { leave, registerByApi } from './support/accounts';

/**
 * A signed-in reader's first visit: the server renders the page as everyone sees it, and after hydration
 * it stays on screen until the reader's own answer (liked, followed) arrives; no spinner or skeleton ever
 * takes the place of what is already there.
 */

let author: string;
let linktitle: string;
let readerToken: string;
let authorToken: string;

test.beforeAll(async ({ request }, info) => {
  const p = info.project.name;
  author = `kutilgan_${p}`;
  authorToken = await registerByApi(request, author, { firstname: 'Kutilgan', lastname: 'Muallif' });
  readerToken = await registerByApi(request, `kirgan_${p}`, { firstname: 'Kirgan', lastname: 'O‘quvchi' });
  const created = await request.post('/api/portfolio/create', {
    headers: { 'x-token': authorToken },
    data: { title: `Miltillamaydigan sahifa ${p}`, url: 'https://example.uz', used: ['Svelte'] },
  });
  expect(created.status()).toBe(201);
  const portfolio = (await created.json()) as { _id: string; linktitle: string };
  linktitle = portfolio.linktitle;
  const headers = { 'x-token': readerToken };
  expect((await request.put(`/api/portfolio/like/${portfolio._id}`, { headers })).ok()).toBe(true);
  expect((await request.put(`/api/user/${author}/follow`, { headers })).ok()).toBe(true);
});

test.afterAll(async ({ request }) => {
  await leave(request, authorToken);
  await leave(request, readerToken);
});

test('profile, portfolio and list stay on screen while the reader’s own answers arrive', async ({ page }) => {
  await page.addInitScript((token) => {
    localStorage.setItem('token', token);
    // Every spinner or skeleton that ever appears in the page's main part, from the first byte on.
    const seen: string[] = [];
    (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
    const loading = '.spinner, .page-spinner, .skeleton, [aria-busy="true"]';
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof Element) || !node.closest('main')) continue;
          if (node.matches(loading) || node.querySelector(loading)) seen.push(node.outerHTML.slice(0, 120));
        }
    }).observe(document, { childList: true, subtree: true });
  }, readerToken);

  const visit = async (url: string) => {
    const personal = page.waitForResponse(
      (response) =>
        response.url().includes('/api/') && response.request().headers()['x-token'] === readerToken,
    );
    await page.goto(url);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await personal;
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen),
      url,
    ).toEqual([]);
  };

  await visit(`/profile/${author}`);
  await expect(page.getByRole('heading', { level: 1, name: /Kutilgan Muallif/ })).toBeVisible();
  // The reader's own answer arrived: they follow the author.
  await expect(page.getByRole('button', { name: 'Kuzatilmoqda', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await visit(`/portfolio/${encodeURIComponent(linktitle)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main [aria-pressed="true"]').first()).toBeVisible();

  await visit('/page/1');
  await expect(page.locator('main article').first()).toBeVisible();
});
