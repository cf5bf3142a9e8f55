import { expect, test } from '@playwright/test';
import { leave, registerByApi } from './support/accounts';
import { open, shot, withoutJavaScript } from './support/pages';

/**
 * The people directory at phone and desktop width: a person who states their region and shows work in a
 * technology is found by both, from the front page's users card, with JavaScript and without it.
 */
test('finding a person in /people by technology and region', async ({ page, browser, request }, info) => {
  const p = `${info.project.name}${Date.now().toString(36)}`;
  const username = `dasturchi_${p}`;
  const technology = `Elm${p}`;
  const token = await registerByApi(request, username, { firstname: 'Dilnoza', lastname: 'Qidirilgan' });
  try {
    const updated = await request.put('/api/user/me/update', {
      headers: { 'x-token': token },
      data: {
        headline: 'Frontend dasturchi',
        city: 'namangan',
        openToWork: { status: 'looking', roles: [], employment: [], remote: true },
      },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    const created = await request.post('/api/portfolio/create', {
      headers: { 'x-token': token },
      data: { title: `Topiladigan ish ${p}`, url: 'https://example.uz', used: [technology] },
    });
    expect(created.status()).toBe(201);

    // From the front page's users card to the directory.
    await open(page, '/page/1');
    await page.getByRole('link', { name: 'Barcha dasturchilar' }).click();
    await expect(page.getByRole('heading', { name: 'Dasturchilar', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/people$/);

    await page.getByLabel('Texnologiya').fill(technology);
    await page.getByLabel('Hudud').selectOption('namangan');
    await page.getByRole('button', { name: 'Ko‘rsatish' }).click();
    await expect(page).toHaveURL(new RegExp(`/people\\?technology=${technology}&city=namangan$`));
    const card = page.getByRole('article').filter({ hasText: 'Dilnoza Qidirilgan' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Ishga tayyor')).toBeVisible();
    await expect(card.getByText('Frontend dasturchi')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await shot(page, info, 'people-found');

    // Another region finds nobody.
    await page.getByLabel('Hudud').selectOption('buxoro');
    await page.getByRole('button', { name: 'Ko‘rsatish' }).click();
    await expect(page.getByText('Bu shartlarga mos dasturchi topilmadi')).toBeVisible();

    // Without JavaScript the form is sent by the browser and the server renders the answer.
    await withoutJavaScript(browser, page, info, async (noScript) => {
      await noScript.goto('/people');
      await noScript.getByLabel('Texnologiya').fill(technology);
      await noScript.getByLabel('Hudud').selectOption('namangan');
      await noScript.getByRole('button', { name: 'Ko‘rsatish' }).click();
      await expect(noScript).toHaveURL(/\/people\?q=&technology=.*&city=namangan&sort=liked$/);
      await expect(noScript.getByRole('article').filter({ hasText: 'Dilnoza Qidirilgan' })).toBeVisible();
      // The person's card leads to their profile.
      await noScript.getByRole('link', { name: /Dilnoza Qidirilgan/ }).click();
      await expect(noScript).toHaveURL(new RegExp(`/profile/${username}$`));
    });
  } finally {
    await leave(request, token);
  }
});
