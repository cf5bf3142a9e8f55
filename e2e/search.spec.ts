import { expect, test } from '@playwright/test';
import { leave, registerByApi } from './support/accounts';
import { open, shot, withoutJavaScript } from './support/pages';

/**
 * Search at phone and desktop width: the header's box suggests as one types and a suggestion is chosen
 * with the keyboard; Enter without one opens the search page, whose tabs (links) switch between
 * portfolios, people and technologies, with JavaScript and without it.
 */
test('suggestions in the header and the search page’s tabs', async ({ page, browser, request }, info) => {
  const p = `${info.project.name}${Date.now().toString(36)}`;
  const word = `Zarafshon${p}`;
  const title = `${word} xaritasi`;
  const technology = `${word}js`;
  const token = await registerByApi(request, `izlovchi_${p}`, { firstname: 'Dilnoza', lastname: word });
  try {
    const created = await request.post('/api/portfolio/create', {
      headers: { 'x-token': token },
      data: { title, url: 'https://example.uz', used: [technology] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { linktitle } = (await created.json()) as { linktitle: string };

    // Type in the header's box; the suggestions of each kind appear, and the keyboard picks one.
    await open(page, '/page/1');
    const box = page.getByRole('combobox', { name: 'Saytdan qidirish' });
    await box.click();
    await box.pressSequentially(word.toLowerCase(), { delay: 20 });
    const listbox = page.getByRole('listbox', { name: 'Takliflar' });
    await expect(listbox.getByRole('option', { name: title })).toBeVisible();
    await expect(listbox.getByRole('option', { name: new RegExp(`Dilnoza ${word}`) })).toBeVisible();
    await expect(listbox.getByRole('option', { name: technology })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'ta taklif' })).toHaveText('3 ta taklif');
    await shot(page, info, 'search-suggestions');
    await box.press('ArrowDown');
    const first = listbox.getByRole('option', { name: title });
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/portfolio/${linktitle}$`));
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

    // Enter without a suggestion chosen opens the search page; its tabs switch kinds.
    await box.fill(word);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    const tabs = page.getByRole('navigation', { name: 'Natijalar turi' });
    await expect(tabs.getByRole('link', { name: 'Portfoliolar 1' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
    await tabs.getByRole('link', { name: 'Dasturchilar 1' }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&type=people$`));
    await expect(page.getByRole('article').filter({ hasText: `Dilnoza ${word}` })).toBeVisible();
    await tabs.getByRole('link', { name: 'Texnologiyalar 1' }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&type=technologies$`));
    await expect(page.getByRole('link', { name: new RegExp(technology) })).toBeVisible();
    await shot(page, info, 'search-tabs');

    // Without JavaScript the header's box is a GET form to the search page, rendered by the server.
    await withoutJavaScript(browser, page, info, async (noScript) => {
      await noScript.goto('/page/1');
      await noScript.getByRole('combobox', { name: 'Saytdan qidirish' }).fill(word);
      await noScript.getByRole('combobox', { name: 'Saytdan qidirish' }).press('Enter');
      await expect(noScript).toHaveURL(new RegExp(`/search\\?q=${word}$`));
      const plainTabs = noScript.getByRole('navigation', { name: 'Natijalar turi' });
      await plainTabs.getByRole('link', { name: 'Dasturchilar 1' }).click();
      await expect(noScript.getByRole('article').filter({ hasText: `Dilnoza ${word}` })).toBeVisible();
    });
  } finally {
    await leave(request, token);
  }
});
