import { expect, test } from '@playwright/test';
import { leave, registerByApi } from './support/accounts';
import { mailedLink } from './support/mail';
import { open, shot } from './support/pages';

/**
 * What people do with each other, at phone and desktop width: following an author, reading what they post,
 * and saving a portfolio to read later.
 */

// Headless Chromium names itself in its user agent, and the site does not count crawlers' views.
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

test('following an author, reading what they post, saving it for later', async ({ page, request }, info) => {
  const p = `${info.project.name}${Date.now().toString(36)}`;
  const author = `muallif_${p}`;
  const authorToken = await registerByApi(request, author, { firstname: 'Aziz', lastname: 'Muallifov' });
  const readerToken = await registerByApi(request, `oquvchi_${p}`, {
    firstname: 'Olim',
    lastname: 'Oquvchiyev',
  });
  const title = `Kuzatiladigan loyiha ${p}`;
  const created = await request.post('/api/portfolio/create', {
    headers: { 'x-token': authorToken },
    data: { title, url: 'https://example.uz', used: ['Go'] },
  });
  expect(created.status()).toBe(201);
  const { linktitle } = (await created.json()) as { linktitle: string };

  try {
    await open(page, '/about');
    await page.evaluate((token) => localStorage.setItem('token', token), readerToken);
    await open(page, `/profile/${author}`);
    const counts = page.locator('.follow-counts');
    await expect(counts.getByRole('button', { name: '0 kuzatuvchi' })).toBeVisible();
    await page.getByRole('button', { name: 'Kuzatish', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Kuzatilmoqda', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(counts.getByRole('button', { name: '1 kuzatuvchi' })).toBeVisible();
    await shot(page, info, 'follow-profile');

    await counts.getByRole('button', { name: '1 kuzatuvchi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kuzatuvchilar' });
    await expect(dialog.getByRole('link', { name: 'Olim Oquvchiyev' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // After a reload the page still knows (the server answers with who is asking).
    await open(page, `/profile/${author}`);
    await expect(page.getByRole('button', { name: 'Kuzatilmoqda', exact: true })).toBeVisible();

    await open(page, '/following');
    await expect(page.getByRole('heading', { name: 'Kuzatuvlar', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
    await shot(page, info, 'following-feed');

    // The list's order is chosen with links that keep the filter.
    await open(page, '/page/1?filter=Go');
    const order = page.getByRole('navigation', { name: 'Saralash' });
    await order.getByRole('link', { name: 'Trenddagilar' }).click();
    await expect(page).toHaveURL(/\/page\/1\?filter=Go&sort=trending$/);
    await expect(order.getByRole('link', { name: 'Trenddagilar' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();

    // Saved to read later, from the portfolio's page; the list is the reader's own.
    await open(page, `/portfolio/${linktitle}`);
    await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Saqlangan', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await open(page, '/saved');
    await expect(page.getByRole('heading', { name: 'Saqlanganlar', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
    await shot(page, info, 'saved');
    const othersView = await request.get('/api/user/me/saved', { headers: { 'x-token': authorToken } });
    expect((await othersView.json()).total).toBe(0);
    await open(page, `/portfolio/${linktitle}`);
    await page.getByRole('button', { name: 'Saqlangan', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Saqlash', exact: true })).toBeVisible();
    await open(page, '/saved');
    await expect(page.getByText('Hali hech narsa saqlamadingiz')).toBeVisible();

    await open(page, `/profile/${author}`);
    await page.getByRole('button', { name: 'Kuzatilmoqda', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Kuzatish', exact: true })).toBeVisible();
    await expect(counts.getByRole('button', { name: '0 kuzatuvchi' })).toBeVisible();
    await open(page, '/following');
    await expect(page.getByText('Siz hali hech kimni kuzatmayapsiz')).toBeVisible();

    // The reader's visits are one viewer today; the author sees it, the reader does not.
    await expect(page.getByRole('heading', { name: 'Ko‘rishlar' })).toHaveCount(0);
    await page.evaluate((token) => localStorage.setItem('token', token), authorToken);
    await open(page, `/portfolio/${linktitle}`);
    const views = page.getByRole('region', { name: 'Ko‘rishlar' });
    // The chart is named by its heading and the sentence with the total; the numbers are also a table.
    await expect(
      views.getByRole('img', { name: /Ko‘rishlar So‘nggi 30 kunda .* 1 ta noyob ko‘ruvchi/ }),
    ).toBeVisible();
    await expect(views.getByRole('table')).toContainText('1 ta noyob ko‘ruvchi');
    await shot(page, info, 'views');
  } finally {
    await leave(request, authorToken);
    await leave(request, readerToken);
  }
});

test('notifications: the bell, the list, mail settings and the one-click unsubscribe', async ({
  page,
  request,
}, info) => {
  const p = `${info.project.name}${Date.now().toString(36)}`;
  const author = `xabar_${p}`;
  const authorToken = await registerByApi(request, author, { firstname: 'Nilufar', lastname: 'Xabarova' });
  const readerToken = await registerByApi(request, `yozuvchi_${p}`, {
    firstname: 'Sardor',
    lastname: 'Yozuvchi',
  });
  const title = `Xabarli loyiha ${p}`;
  const created = await request.post('/api/portfolio/create', {
    headers: { 'x-token': authorToken },
    data: { title, url: 'https://example.uz', used: ['Go'] },
  });
  const { _id: id } = (await created.json()) as { _id: string };

  try {
    const since = Date.now();
    const commented = await request.put(`/api/portfolio/comment/${id}`, {
      headers: { 'x-token': readerToken },
      data: { body: 'Ajoyib loyiha, tabriklayman!' },
    });
    expect(commented.status()).toBe(201);
    expect(
      (await request.put(`/api/portfolio/like/${id}`, { headers: { 'x-token': readerToken } })).ok(),
    ).toBe(true);

    await open(page, '/about');
    await page.evaluate((token) => localStorage.setItem('token', token), authorToken);
    await open(page, '/about');
    const bell = page.getByRole('link', { name: 'Bildirishnomalar: 2 ta o‘qilmagan' });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(
      page.getByRole('link', { name: `Sardor Yozuvchi «${title}» portfoliongizga izoh qoldirdi` }),
    ).toBeVisible();
    await expect(page.getByText('«Ajoyib loyiha, tabriklayman!»')).toBeVisible();
    await expect(
      page.getByRole('link', { name: `Sardor Yozuvchi «${title}» portfoliongizni yoqtirdi` }),
    ).toBeVisible();
    await shot(page, info, 'notifications');
    // Seen, so read: the bell has no number any more.
    await expect(page.getByRole('link', { name: 'Bildirishnomalar', exact: true })).toBeVisible();

    // The comment came by mail too; its link stops such mail without signing in.
    const unsubscribe = new URL(await mailedLink(`${author}@example.test`, '/unsubscribe', since));
    expect(unsubscribe.searchParams.get('kind')).toBe('comment');
    await page.evaluate(() => localStorage.removeItem('token'));
    await open(page, `${unsubscribe.pathname}${unsubscribe.search}`);
    await expect(page.getByText('Endi «Portfoliomga izoh qoldirilsa» haqida xat olmaysiz')).toBeVisible();

    // The settings show it, and take it back.
    await page.evaluate((token) => localStorage.setItem('token', token), authorToken);
    await open(page, '/profile?edit=1');
    const settings = page.getByRole('region', { name: 'Xat orqali bildirishnomalar' });
    const comments = settings.getByLabel('Portfoliomga izoh qoldirilsa');
    await expect(comments).not.toBeChecked();
    await expect(settings.getByLabel('Portfoliom yoqtirilsa')).not.toBeChecked();
    await comments.check();
    await expect(settings.getByText('Sozlamalar saqlandi')).toBeVisible();
    const saved = await request.get('/api/notifications/settings', { headers: { 'x-token': authorToken } });
    expect((await saved.json()).email).toEqual({
      comment: true,
      like: false,
      reply: true,
      mention: true,
      post: true,
    });
  } finally {
    await leave(request, authorToken);
    await leave(request, readerToken);
  }
});
