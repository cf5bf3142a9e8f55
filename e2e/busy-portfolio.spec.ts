import { expect, test } from '@playwright/test';
import { registerByApi } from './support/accounts';

/**
 * A portfolio with more comments than one page and a few likes: the page shows the newest comments, the
 * older ones come with "Ko‘proq izohlar", and the "Yoqtirganlar" dialog opens and closes by keyboard.
 */

test.describe.configure({ mode: 'serial' });

interface Busy {
  id: string;
  linktitle: string;
  ownerToken: string;
}

let busy: Busy;
const COMMENTS = 25;

test.beforeAll(async ({ request }, info) => {
  const p = info.project.name;
  const names = [
    { firstname: 'Dilshod', lastname: 'Egasi' },
    { firstname: 'Madina', lastname: 'Ikkinchi' },
    { firstname: 'Nodir', lastname: 'Uchinchi' },
  ];
  // Three people, because one may write nine comments in 30 seconds.
  const tokens = [];
  for (const [index, name] of names.entries())
    tokens.push(await registerByApi(request, `busy${index}_${p}`, name));
  const created = await request.post('/api/portfolio/create', {
    headers: { 'x-token': tokens[0]! },
    data: { title: `Gavjum loyiha ${p}`, url: 'https://example.uz', used: ['Go'] },
  });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as { _id: string; linktitle: string };
  busy = { id: body._id, linktitle: body.linktitle, ownerToken: tokens[0]! };
  for (let index = 0; index < COMMENTS; index += 1) {
    const posted = await request.put(`/api/portfolio/comment/${busy.id}`, {
      headers: { 'x-token': tokens[Math.floor(index / 9)]! },
      data: { body: `Izoh ${String(index + 1).padStart(2, '0')}` },
    });
    expect(posted.status()).toBe(201);
  }
  for (const token of tokens.slice(1)) {
    expect(
      (await request.put(`/api/portfolio/like/${busy.id}`, { headers: { 'x-token': token } })).ok(),
    ).toBe(true);
  }
});

// The journey of the next project starts from an empty site.
test.afterAll(async ({ request }) => {
  const deleted = await request.delete(`/api/portfolio/delete/${busy.id}`, {
    headers: { 'x-token': busy.ownerToken },
  });
  expect(deleted.status()).toBe(204);
});

test('older comments come a page at a time, and the likers dialog works by keyboard', async ({ page }) => {
  await page.goto(`/portfolio/${encodeURIComponent(busy.linktitle)}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const comments = page.locator('.comment-list .comment');
  await expect(page.getByRole('heading', { name: `Izohlar (${COMMENTS})` })).toBeVisible();
  await expect(comments).toHaveCount(20);
  await expect(comments.first()).toContainText(`Izoh ${COMMENTS}`);
  await page.getByRole('button', { name: 'Ko‘proq izohlar' }).click();
  await expect(comments).toHaveCount(COMMENTS);
  await expect(comments.last()).toContainText('Izoh 01');
  await expect(page.getByRole('button', { name: 'Ko‘proq izohlar' })).toHaveCount(0);

  const open = page.getByRole('button', { name: 'Yoqtirganlar (2)' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Yoqtirganlar' });
  await expect(dialog).toBeVisible();
  // Newest first.
  await expect(dialog.getByRole('link')).toHaveCount(2);
  await expect(dialog.getByRole('link').nth(0)).toHaveAccessibleName('Nodir Uchinchi');
  await expect(dialog.getByRole('link').nth(1)).toHaveAccessibleName('Madina Ikkinchi');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
});

test('a tap on older comments before the section’s code is in still loads them', async ({ page }) => {
  // The comment section's code is held back until after the tap, as on a slow phone.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/comment-section-[^/]+\.js$/, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  await page.goto(`/portfolio/${encodeURIComponent(busy.linktitle)}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const comments = page.locator('.comment-list .comment');
  await expect(comments).toHaveCount(20);
  await page.getByRole('button', { name: 'Ko‘proq izohlar' }).click();
  await expect.poll(() => asked).toBe(true);
  await expect(comments).toHaveCount(20);
  release();
  await expect(comments).toHaveCount(COMMENTS);
  await expect(comments.last()).toContainText('Izoh 01');
});
