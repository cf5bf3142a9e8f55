import { expect, test } from '@playwright/test';
import { leave, registerByApi } from './support/accounts';
import { hydrated, open, shot } from './support/pages';

/**
 * Drafts at phone and desktop width (docs/decisions/0053-drafts.md): what is typed survives a closed tab,
 * is saved as a draft listed under "Qoralamalar" on one's own profile and nowhere else, is previewed as the
 * page will show it, and is published from there.
 */
test('writing a draft, closing the tab, coming back, previewing and publishing', async ({
  page,
  context,
  browser,
  request,
}, info) => {
  const p = `${info.project.name}${Date.now().toString(36)}`;
  const username = `qoralamachi_${p}`;
  const title = `Qoralama loyiha ${p}`;
  const token = await registerByApi(request, username, { firstname: 'Qodir', lastname: 'Qoralamachi' });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  try {
    await open(page, '/page/1');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await open(page, '/create');
    await page.getByLabel('Sarlavha').fill(title);
    await page.getByLabel('Texnologiyalar').fill('Elixir, Phoenix');
    await page.getByLabel('Tavsif').fill('## Reja\n\nBu **muhim** qism.');
    // Kept on the device at once, on the server once typing rests.
    await expect(page.getByRole('status').filter({ hasText: 'qurilmada' })).toBeVisible();
    await expect(page.getByText('Qoralama saqlandi')).toBeVisible({ timeout: 15_000 });
    await shot(page, info, 'draft-saved');

    // More text, and the tab is closed before any save could reach the server.
    await page.getByLabel('Tavsif').fill('## Reja\n\nBu **muhim** qism.\n\nYopilishdan oldin yozildi.');
    await page.close();
    const again = await context.newPage();
    await open(again, '/create');
    await expect(again.getByLabel('Sarlavha')).toHaveValue(title);
    await expect(again.getByLabel('Tavsif')).toHaveValue(/Yopilishdan oldin yozildi\.$/);
    await expect(again.getByText('Qoralama saqlandi')).toBeVisible({ timeout: 15_000 });

    // Navigating away and back through "Qoralamalar" on one's own profile.
    await open(again, '/profile');
    const drafts = again.getByRole('region', { name: 'Qoralamalar' });
    await expect(drafts.getByRole('link', { name: title })).toBeVisible();
    await shot(again, info, 'draft-on-profile');

    // Nobody else sees it: not on the profile, not in the list, not by search.
    const visitor = await browser.newContext({
      baseURL: info.project.use.baseURL,
      viewport: again.viewportSize(),
    });
    try {
      const other = await visitor.newPage();
      await open(other, `/profile/${username}`);
      await expect(other.getByRole('heading', { level: 1, name: 'Qodir Qoralamachi' })).toBeVisible();
      await expect(other.getByText('Qoralamalar')).toHaveCount(0);
      await expect(other.getByText(title)).toHaveCount(0);
      await open(other, `/page/1?q=${encodeURIComponent(title)}`);
      await expect(other.getByRole('searchbox')).toHaveValue(title);
      await expect(other.getByRole('link', { name: title })).toHaveCount(0);
    } finally {
      await visitor.close();
    }

    await drafts.getByRole('link', { name: title }).click();
    await expect(again).toHaveURL(/\/create\?draft=[0-9a-f]{24}$/);
    await hydrated(again);
    await expect(again.getByLabel('Tavsif')).toHaveValue(/Yopilishdan oldin yozildi\.$/);

    // "Ko‘rib chiqish": the description as the page will render it.
    await again.getByRole('button', { name: 'Ko‘rib chiqish' }).click();
    const preview = again.getByRole('region', { name: 'Ko‘rib chiqish' });
    await expect(preview.getByRole('heading', { level: 2, name: 'Reja' })).toBeVisible();
    await expect(preview.locator('.markdown strong')).toHaveText('muhim');
    await shot(again, info, 'draft-preview');
    await again.getByRole('button', { name: 'Tahrirlashga qaytish' }).click();

    // Publishing: the portfolio page, and no draft left.
    await again.getByLabel('Loyiha manzili').fill('https://example.uz/qoralama');
    await again.getByRole('button', { name: 'Joylash' }).click();
    await expect(again.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(again.locator('.markdown strong')).toHaveText('muhim');
    await shot(again, info, 'draft-published');
    const left = await request.get('/api/portfolio/drafts', { headers: { 'x-token': token } });
    expect(await left.json()).toEqual([]);
    await open(again, '/create');
    await expect(again.getByLabel('Sarlavha')).toHaveValue('');
    const listed = await request.get(`/api/portfolio?q=${encodeURIComponent(title)}`);
    expect((await listed.json()).total).toBe(1);
    expect(pageErrors).toEqual([]);
  } finally {
    await leave(request, token);
  }
});
