import { expect, test } from '@playwright/test';
import { leave, registerByApi } from './support/accounts';
import { hydrated, open, shot } from './support/pages';

/**
 * Mentioning someone with the keyboard alone (docs/decisions/0057-mentions.md): "@" and the start of a
 * username in the comment box bring up suggestions, the arrows choose, Enter puts the username in; the
 * comment links to the profile, and the person named hears of it in the bell.
 */
test('mentioning someone in a comment with the keyboard', async ({ page, browser, request }, info) => {
  const p = `${info.project.name}${Date.now().toString(36)}`;
  const writerName = `yozuvchi_${p}`;
  const namedName = `eslatilgan_${p}`;
  const title = `Eslatmali loyiha ${p}`;
  const writerToken = await registerByApi(request, writerName, {
    firstname: 'Jasur',
    lastname: 'Yozuvchiyev',
  });
  const namedToken = await registerByApi(request, namedName, { firstname: 'Nodira', lastname: 'Eslatova' });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  try {
    const created = await request.post('/api/portfolio/create', {
      headers: { 'x-token': writerToken },
      data: { title, url: 'https://example.uz', description: 'Izohlar uchun', used: 'Go' },
    });
    expect(created.status()).toBe(201);
    const { linktitle } = (await created.json()) as { linktitle: string };

    await open(page, '/page/1');
    await page.evaluate((value) => localStorage.setItem('token', value), writerToken);
    await open(page, `/portfolio/${encodeURIComponent(linktitle)}`);
    await hydrated(page);
    const box = page.getByRole('textbox', { name: 'Izohingiz' });
    await box.scrollIntoViewIfNeeded();
    await box.focus();
    await page.keyboard.type(`Ko‘rib chiqing, @eslatilgan_${info.project.name}`);
    const list = page.getByRole('listbox', { name: 'Eslatish uchun foydalanuvchilar' });
    const wanted = list.getByRole('option', { name: new RegExp(`@${namedName}$`) });
    await expect(wanted).toBeVisible();
    await shot(page, info, 'mention-suggestions');
    // Down until the one wanted is the chosen one (others from earlier runs may share the start).
    for (let step = 0; step < 8 && (await wanted.getAttribute('aria-selected')) !== 'true'; step += 1) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(wanted).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await wanted.getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(box).toHaveValue(`Ko‘rib chiqing, @${namedName} `);
    await page.keyboard.type('bu sizga qiziq');
    await page.getByRole('button', { name: 'Yuborish', exact: true }).click();

    const link = page.locator('.comment__body').getByRole('link', { name: `@${namedName}` });
    await expect(link).toHaveAttribute('href', `/profile/${namedName}`);
    await expect(box).toHaveValue('');
    await shot(page, info, 'mention-posted');

    // The person named hears of it in the bell.
    const named = await browser.newContext({
      baseURL: info.project.use.baseURL,
      viewport: page.viewportSize(),
    });
    try {
      const other = await named.newPage();
      await open(other, '/page/1');
      await other.evaluate((value) => localStorage.setItem('token', value), namedToken);
      await open(other, '/notifications');
      await hydrated(other);
      await expect(
        other.getByText(`Jasur Yozuvchiyev sizni «${title}» portfoliosidagi izohda eslatib o‘tdi`),
      ).toBeVisible();
      await shot(other, info, 'mention-notification');
    } finally {
      await named.close();
    }
    expect(pageErrors).toEqual([]);
  } finally {
    await leave(request, writerToken);
    await leave(request, namedToken);
  }
});
