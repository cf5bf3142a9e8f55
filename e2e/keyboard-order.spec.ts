import { expect, test } from '@playwright/test';
import { leave, registerByApi } from './support/accounts';
import { open } from './support/pages';

/**
 * After "Asosiy qismga o‘tish" a keyboard reaches the first portfolio in a few Tabs, at any width: the
 * technology filter (a checkbox per technology, always open from 900px) comes after the list in the page.
 */

const TECHNOLOGIES = 40;
let token: string;

test.beforeAll(async ({ request }, info) => {
  const p = info.project.name;
  token = await registerByApi(request, `tabs_${p}`, { firstname: 'Tabulyator', lastname: 'Sinov' });
  // Many technologies, so a filter read before the list would cost dozens of Tabs.
  const used = Array.from({ length: TECHNOLOGIES }, (_, index) => `Texnologiya${p}${index}`);
  for (let index = 0; index < 4; index += 1) {
    const created = await request.post('/api/portfolio/create', {
      headers: { 'x-token': token },
      data: {
        title: `Klaviatura loyihasi ${p} ${index}`,
        url: 'https://example.uz',
        used: used.slice(index * 10, index * 10 + 10),
      },
    });
    expect(created.status()).toBe(201);
  }
});

test.afterAll(({ request }) => leave(request, token));

test('the first portfolio is a few Tabs after the skip link', async ({ page }) => {
  await open(page, '/page/1');
  await expect(page.locator('.filter__list input[type=checkbox]')).not.toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText('Asosiy qismga o‘tish');
  await page.keyboard.press('Enter');
  const stops: string[] = [];
  for (let tab = 1; tab <= 10; tab += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return { href: element?.getAttribute('href') ?? '', text: element?.textContent?.trim() ?? '' };
    });
    stops.push(focused.href || focused.text);
    if (focused.href.startsWith('/portfolio/')) break;
  }
  expect(stops.at(-1), stops.join(' → ')).toMatch(/^\/portfolio\//);
  // The filter is still there to use, after the list.
  const filter = page.locator('.home__filter');
  await expect(filter).toBeVisible();
});
