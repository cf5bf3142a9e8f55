import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { leave, PASSWORD, registerByApi } from './support/accounts';
import { open, shot } from './support/pages';

/**
 * Moderation at phone and desktop width: a reader reports a portfolio, an admin finds it in the queue,
 * hides it and blocks its author; visitors no longer find it, the author is told why and cannot write,
 * and the log keeps what was done.
 */

/**
 * The e2e server makes admin-{project}@example.test an admin. The journey may have registered it
 * already; then it signs in. `created` says whether this spec made it (and so removes it).
 */
async function adminSession(request: APIRequestContext, project: string) {
  const email = `admin-${project}@example.test`;
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  if (login.ok()) return { token: login.headers()['x-token']!, created: false };
  const token = await registerByApi(request, `admin-${project}`, {
    firstname: 'Bosh',
    lastname: 'Moderator',
  });
  return { token, created: true };
}

async function signInAs(page: Page, token: string | null) {
  await page.evaluate((value) => {
    if (value) localStorage.setItem('token', value);
    else localStorage.removeItem('token');
  }, token);
}

/** The navbar's moderation link; on a phone through the slide-in menu. */
async function openModeration(page: Page, info: TestInfo) {
  if (info.project.name === 'phone') {
    await page.getByRole('button', { name: 'Menyuni ochish' }).click();
    await page.locator('.drawer__panel').getByRole('link', { name: 'Moderatsiya' }).click();
  } else {
    await page.locator('.nav--wide').getByRole('link', { name: 'Moderatsiya' }).click();
  }
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Moderatsiya' })).toBeVisible();
}

test('a report, hiding and blocking, and what each person then sees', async ({ page, request }, info) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  const p = `${info.project.name}${Date.now().toString(36)}`;
  const authorToken = await registerByApi(request, `mod_muallif_${p}`, {
    firstname: 'Jasur',
    lastname: 'Spamov',
  });
  const readerToken = await registerByApi(request, `mod_oquvchi_${p}`, {
    firstname: 'Dilnoza',
    lastname: 'Ziyrak',
  });
  const admin = await adminSession(request, info.project.name);
  const title = `Reklama loyihasi ${p}`;
  const created = await request.post('/api/portfolio/create', {
    headers: { 'x-token': authorToken },
    data: { title, url: 'https://example.uz', used: ['PHP'] },
  });
  expect(created.status()).toBe(201);
  const { linktitle } = (await created.json()) as { linktitle: string };
  const portfolioPath = `/portfolio/${linktitle}`;
  const hideReason = `Reklama va spam havolalar ${p}`;
  const blockReason = `Takroriy spam ${p}`;

  try {
    // The reader finds it on the list and reports it; the report stays small beside the portfolio's links.
    await open(page, '/about');
    await signInAs(page, readerToken);
    await open(page, '/page/1');
    await page.getByRole('link', { name: title }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await shot(page, info, 'moderation-0-portfolio');
    await page.getByRole('button', { name: 'Shikoyat qilish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Shikoyat qilish' });
    await expect(dialog.getByRole('radio')).toHaveCount(5);
    await expect(dialog.getByText(`Portfolio: «${title}»`)).toBeVisible();
    await dialog.getByRole('radio', { name: 'Spam yoki reklama' }).check();
    await dialog
      .getByRole('textbox', { name: 'Izoh (ixtiyoriy)' })
      .fill('Har bir bo‘limda reklama havolasi bor');
    await shot(page, info, 'moderation-1-report-dialog');
    await dialog.getByRole('button', { name: 'Yuborish' }).click();
    await expect(page.getByText('Shikoyatingiz yuborildi. Rahmat!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The admin finds it in the queue, with the reason, the words and who reported it, and hides it.
    await signInAs(page, admin.token);
    await open(page, '/page/1');
    await openModeration(page, info);
    const item = page.locator('.mod-item', { has: page.getByRole('link', { name: title }) });
    await expect(item).toContainText('Spam yoki reklama');
    await expect(item).toContainText('Har bir bo‘limda reklama havolasi bor');
    await expect(item.getByRole('link', { name: 'Dilnoza Ziyrak' })).toBeVisible();
    await expect(item.getByRole('link', { name: 'Jasur Spamov' })).toBeVisible();
    await shot(page, info, 'moderation-2-queue');
    await item.getByRole('button', { name: 'Yashirish' }).click();
    const hide = page.getByRole('dialog', { name: 'Yashirish' });
    await hide.getByRole('button', { name: 'Yashirish' }).click();
    await expect(hide.getByText('Sababni yozing')).toBeVisible();
    await hide.getByRole('textbox', { name: 'Sabab' }).fill(hideReason);
    await hide.getByRole('button', { name: 'Yashirish' }).click();
    await expect(hide).toBeHidden();
    await expect(page.getByText(/^Bajarildi: Yashirish\./)).toBeVisible();

    // Handled, it is among the closed ones, marked hidden; from there the author is blocked for 7 days.
    await page.getByRole('link', { name: 'Yopilgan', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\?status=closed$/);
    await expect(item).toContainText(`Yashirilgan. Sabab: ${hideReason}`);
    await item.getByRole('button', { name: 'Bloklash' }).click();
    const block = page.getByRole('dialog', { name: 'Bloklash' });
    await block.getByRole('combobox', { name: 'Muddat' }).selectOption({ label: '7 kun' });
    await block.getByRole('textbox', { name: 'Sabab' }).fill(blockReason);
    await block.getByRole('button', { name: 'Bloklash' }).click();
    await expect(block).toBeHidden();
    await expect(item).toContainText(/Egasi .*gacha bloklangan/);
    await expect(item.getByRole('button', { name: 'Blokdan chiqarish' })).toBeVisible();
    await shot(page, info, 'moderation-3-queue-closed');

    // A visitor finds it neither on the list nor at its address.
    await signInAs(page, null);
    await open(page, '/page/1');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    await open(page, portfolioPath);
    await expect(page.getByRole('heading', { name: 'Portfolio topilmadi' })).toBeVisible();
    expect((await request.get(`/api/portfolio/${linktitle}`)).status()).toBe(404);

    // The author still sees it, with why; writing is refused with the reason and the date.
    await signInAs(page, authorToken);
    await open(page, portfolioPath);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'moderator tomonidan yashirilgan' })).toHaveText(
      `Bu portfolio moderator tomonidan yashirilgan. Sabab: ${hideReason}`,
    );
    await expect(page.getByRole('button', { name: 'Shikoyat qilish', exact: true })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Izohingiz' }).fill('Nega yashirildi?');
    await page.getByRole('button', { name: 'Yuborish' }).click();
    const refusal = page.locator('.comment-form').getByRole('alert');
    await expect(refusal).toContainText(blockReason);
    await shot(page, info, 'moderation-4-hidden-banner');
    await open(page, '/profile');
    await expect(
      page.getByRole('status').filter({ hasText: /^Sizga .+gacha yozish taqiqlangan\. Sabab: / }),
    ).toHaveText(
      new RegExp(
        `^Sizga \\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}gacha yozish taqiqlangan\\. Sabab: ${blockReason}$`,
      ),
    );
    await shot(page, info, 'moderation-5-blocked-banner');
    await open(page, '/create');
    await expect(page.getByText(`Sabab: ${blockReason}`)).toBeVisible();

    // The admin's numbers and log.
    await signInAs(page, admin.token);
    await open(page, '/admin?tab=stats');
    const blocked = page.locator('.stat', { hasText: 'Bloklangan foydalanuvchilar' });
    await expect(blocked.locator('dd')).not.toHaveText('0');
    await expect(page.locator('.stat', { hasText: 'Yashirilgan portfoliolar' }).locator('dd')).not.toHaveText(
      '0',
    );
    await expect(
      page.getByRole('img', { name: /Haftalik ro‘yxatdan o‘tishlar So‘nggi 12 haftada/ }),
    ).toBeVisible();
    await expect(page.getByRole('table')).toBeAttached();
    await shot(page, info, 'moderation-6-stats');
    await page
      .getByRole('navigation', { name: 'Moderatsiya bo‘limlari' })
      .getByRole('link', { name: 'Jurnal' })
      .click();
    await expect(page).toHaveURL(/\/admin\?tab=audit$/);
    const entries = page.locator('.audit__entry');
    const hidden = entries.filter({ hasText: `Yashirdi: Portfolio «${title}»` });
    await expect(hidden).toContainText(`Sabab: ${hideReason}`);
    const blockedEntry = entries.filter({ hasText: blockReason });
    await expect(blockedEntry).toContainText('Blokladi: Foydalanuvchi');
    await expect(blockedEntry).toContainText(/Muddat: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}gacha/);
    // Newest first: the block above the hiding.
    const texts = await entries.allTextContents();
    const blockAt = texts.findIndex((text) => text.includes(blockReason));
    const hideAt = texts.findIndex((text) => text.includes(hideReason));
    expect(blockAt).toBeGreaterThanOrEqual(0);
    expect(blockAt).toBeLessThan(hideAt);
    await shot(page, info, 'moderation-7-audit');
    expect(pageErrors).toEqual([]);
  } finally {
    await leave(request, authorToken);
    await leave(request, readerToken);
    if (admin.created) await leave(request, admin.token);
  }
});
