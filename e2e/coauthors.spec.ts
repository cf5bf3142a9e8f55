import { expect, test } from '@playwright/test';
import { leave, registerByApi } from './support/accounts';
import { hydrated, open, shot } from './support/pages';

/**
 * Made together at phone and desktop width (docs/decisions/0056-co-authors.md): the owner invites by
 * username on the edit form, the invitee accepts in the bell, and the page shows both avatars.
 */
test('inviting a co-author, accepting in the bell and seeing both avatars', async ({
  page,
  browser,
  request,
}, info) => {
  const p = `${info.project.name}${Date.now().toString(36)}`;
  const ownerName = `egasi_${p}`;
  const partnerName = `hamkor_${p}`;
  const title = `Birgalikdagi loyiha ${p}`;
  const ownerToken = await registerByApi(request, ownerName, { firstname: 'Olim', lastname: 'Egamov' });
  const partnerToken = await registerByApi(request, partnerName, {
    firstname: 'Dilnoza',
    lastname: 'Hamkorova',
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  try {
    const created = await request.post('/api/portfolio/create', {
      headers: { 'x-token': ownerToken },
      data: { title, url: 'https://example.uz', description: 'Ikki kishi qildi', used: 'React' },
    });
    expect(created.status()).toBe(201);
    const { linktitle } = (await created.json()) as { linktitle: string };

    // The owner invites on the edit form.
    await open(page, '/page/1');
    await page.evaluate((value) => localStorage.setItem('token', value), ownerToken);
    await open(page, `/portfolio/${encodeURIComponent(linktitle)}/edit`);
    await hydrated(page);
    const editor = page.getByRole('region', { name: 'Hammualliflar' });
    await editor.getByLabel('Foydalanuvchi nomi').fill(partnerName);
    await editor.getByRole('button', { name: 'Taklif qilish' }).click();
    await expect(editor.getByText('Javob kutilmoqda')).toBeVisible();
    await shot(page, info, 'coauthor-invited');

    // Nothing shows before the answer.
    await open(page, `/portfolio/${encodeURIComponent(linktitle)}`);
    await expect(page.getByRole('list', { name: 'Hammualliflar' })).toHaveCount(0);

    // The invitee accepts in the bell.
    const invitee = await browser.newContext({
      baseURL: info.project.use.baseURL,
      viewport: page.viewportSize(),
    });
    try {
      const other = await invitee.newPage();
      await open(other, '/page/1');
      await other.evaluate((value) => localStorage.setItem('token', value), partnerToken);
      await open(other, '/notifications');
      await hydrated(other);
      await expect(
        other.getByText(`sizni «${title}» portfoliosiga hammuallif bo‘lishga taklif qildi`),
      ).toBeVisible();
      await shot(other, info, 'coauthor-invite-in-bell');
      await other.getByRole('button', { name: 'Qabul qilish' }).click();
      await expect(other.getByText('Siz hammuallifsiz')).toBeVisible();
      await open(other, `/portfolio/${encodeURIComponent(linktitle)}`);
      await expect(other.getByRole('button', { name: 'Hammualliflikdan chiqish' })).toBeVisible();
    } finally {
      await invitee.close();
    }

    // Both avatars on the page, each a link to its profile.
    await open(page, `/portfolio/${encodeURIComponent(linktitle)}`);
    await expect(page.locator('.author-line').getByRole('link', { name: /Olim Egamov/ })).toBeVisible();
    const coauthors = page.getByRole('list', { name: 'Hammualliflar' });
    await expect(coauthors.locator(`a[href$="/profile/${partnerName}"]`)).toBeVisible();
    await shot(page, info, 'coauthor-both-avatars');
    expect(pageErrors).toEqual([]);
  } finally {
    await leave(request, ownerToken);
    await leave(request, partnerToken);
  }
});
