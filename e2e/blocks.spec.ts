import { expect, test } from '@playwright/test';
import { leave, registerByApi } from './support/accounts';
import { open, shot } from './support/pages';

/**
 * Blocking someone from their profile (after a confirmation), finding them under "Bloklanganlar va
 * ovozsizlar" in settings, and unblocking them there; muting is undone on the profile itself.
 */
test('blocking someone from their profile, seeing them in settings, unblocking', async ({
  page,
  request,
}, info) => {
  const p = `${info.project.name}${Date.now().toString(36)}`;
  const other = `bezori_${p}`;
  const otherToken = await registerByApi(request, other, { firstname: 'Bobur', lastname: 'Bezoriyev' });
  const meToken = await registerByApi(request, `men_${p}`, { firstname: 'Malika', lastname: 'Tinchova' });

  try {
    await open(page, '/about');
    await page.evaluate((token) => localStorage.setItem('token', token), meToken);
    await open(page, `/profile/${other}`);

    await page.getByRole('button', { name: 'Ovozsiz qilish', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Ovozini qaytarish', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Ovozini qaytarish', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Ovozsiz qilish', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Bloklash', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`@${other}`);
    await shot(page, info, 'block-confirm');
    await confirm.getByRole('button', { name: 'Bloklash', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Blokdan chiqarish', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // They can no longer follow me: the refusal in Uzbek, nothing more.
    const refused = await request.put(`/api/user/men_${p}/follow`, { headers: { 'x-token': otherToken } });
    expect(refused.status()).toBe(403);

    await open(page, '/profile?edit=1');
    const section = page.getByRole('region', { name: 'Bloklanganlar va ovozsizlar' });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('link', { name: 'Bobur Bezoriyev' })).toBeVisible();
    await shot(page, info, 'blocks-settings');
    await section.getByRole('button', { name: 'Blokdan chiqarish', exact: true }).click();
    await expect(section.getByRole('link', { name: 'Bobur Bezoriyev' })).toBeHidden();
    await expect(section.getByText('Hech kim yo‘q')).toHaveCount(2);

    const allowed = await request.put(`/api/user/men_${p}/follow`, { headers: { 'x-token': otherToken } });
    expect(allowed.status()).toBe(200);
  } finally {
    await leave(request, otherToken);
    await leave(request, meToken);
  }
});
