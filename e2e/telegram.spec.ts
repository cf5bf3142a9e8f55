import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, registerByApi } from './support/accounts';
import { open, shot } from './support/pages';
import { signedPayload, telegramWidget } from './support/telegram-bot.mjs';

/**
 * Signing in with Telegram, at phone and desktop width. Telegram cannot be reached from here: its widget
 * script is played by a stand-in that hands back payloads signed with the journey bot's token, which the
 * server checks exactly as it checks Telegram's.
 */

const WIDGET = 'https://telegram.org/js/telegram-widget.js**';
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Telegram's window, as the stand-in plays it: `payloads` are handed back one per sign-in. */
async function telegramAnswers(page: Page, payloads: object[]) {
  await page.unrouteAll({ behavior: 'wait' });
  await page.route(WIDGET, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: telegramWidget(payloads) }),
  );
}

async function setToken(page: Page, token: string | null) {
  await page.evaluate((value) => {
    if (value) localStorage.setItem('token', value);
    else localStorage.removeItem('token');
  }, token);
}

test('a new account from Telegram, its first password, a replayed payload refused, and signing in again', async ({
  page,
  request,
}, info) => {
  const tag = `${info.project.name}${Date.now().toString(36)}`;
  const telegramId = 800_000_000 + Math.floor(Math.random() * 100_000_000);
  const username = `tg_${tag}`;
  const first = signedPayload({
    id: telegramId,
    first_name: 'Shahzoda',
    last_name: 'Yusupova',
    username,
    auth_date: nowSeconds(),
  });
  await telegramAnswers(page, [first]);

  // The button under the sign-in form opens Telegram's window for the site's bot.
  await open(page, '/auth/login');
  const button = page.getByRole('button', { name: 'Telegram orqali kirish' });
  await expect(button).toBeEnabled();
  await shot(page, info, 'telegram-login');
  await button.click();

  // A new Telegram id made an account: its profile form, with the name Telegram gave.
  await expect(page).toHaveURL(/\/profile\?edit=1$/);
  await expect(page.getByText('Xush kelibsiz! Hisobingiz Telegram orqali yaratildi')).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { telegramAsked: { bot_id: string }[] }).telegramAsked[0]?.bot_id,
    ),
  ).toBe('7000000001');
  await expect(page.getByLabel('Ism', { exact: true })).toHaveValue('Shahzoda');
  await expect(page.getByLabel('Foydalanuvchi nomi')).toHaveValue(username);
  // No password to type anywhere: the account has none yet.
  await expect(page.getByLabel('Joriy parol')).toHaveCount(0);
  await expect(page.getByText('Hisobingizda email manzil yo‘q')).toBeVisible();
  const telegramSection = page.getByRole('region', { name: 'Telegram orqali kirish' });
  await expect(telegramSection.getByText('Telegram — hisobingizga kirishning yagona yo‘li')).toBeVisible();
  await expect(telegramSection.getByRole('button', { name: 'Telegramni uzish' })).toHaveCount(0);
  await shot(page, info, 'telegram-new-account');

  // Its first password, confirmed by the sign-in a moment ago; then the password signs in too.
  await expect(page.getByRole('group', { name: 'Parol o‘rnatish' })).toBeVisible();
  await page.getByLabel('Yangi parol').fill('Birinchi-parolim-2026');
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expect(page.getByText('O‘zgarishlar saqlandi')).toBeVisible();
  const byPassword = await request.post('/api/login', {
    data: { email: username, password: 'Birinchi-parolim-2026' },
  });
  expect(byPassword.status()).toBe(200);

  // Signed out, the same payload again is refused: a payload is taken once.
  await setToken(page, null);
  await open(page, '/auth/login');
  await page.getByRole('button', { name: 'Telegram orqali kirish' }).click();
  await expect(page.getByText('Bu Telegram kirishi allaqachon ishlatilgan')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // A new sign-in in Telegram's window brings the same account back.
  await telegramAnswers(page, [
    signedPayload({ id: telegramId, first_name: 'Shahzoda', username, auth_date: nowSeconds() }),
  ]);
  await open(page, '/auth/login');
  await page.getByRole('button', { name: 'Telegram orqali kirish' }).click();
  await expect(page).toHaveURL(/\/page\/1$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await request.get('/api/user/me', { headers: { 'x-token': token! } });
  expect((await me.json()).username).toBe(username);
});

test('linking Telegram to an account with a password, and unlinking it', async ({ page, request }, info) => {
  const tag = `${info.project.name}${Date.now().toString(36)}`;
  const token = await registerByApi(request, `parolli_${tag}`, { firstname: 'Otabek', lastname: 'Karimov' });
  const telegramId = 900_000_000 + Math.floor(Math.random() * 90_000_000);
  await telegramAnswers(page, [
    signedPayload({
      id: telegramId,
      first_name: 'Otabek',
      username: `otabek_${tag}`,
      auth_date: nowSeconds(),
    }),
  ]);
  await open(page, '/page/1');
  await setToken(page, token);
  await open(page, '/profile?edit=1');

  const section = page.getByRole('region', { name: 'Telegram orqali kirish' });
  await expect(section.getByText('Telegramni bog‘lasangiz')).toBeVisible();
  await section.getByLabel('Joriy parol').fill(PASSWORD);
  await section.getByRole('button', { name: 'Telegramni bog‘lash' }).click();
  await expect(section.getByText('Telegram hisobingizga bog‘landi.')).toBeVisible();
  await expect(section.getByText('Hisobingizga Telegram bog‘langan')).toBeVisible();
  // The profile's Telegram link filled itself.
  const me = await request.get('/api/user/me', { headers: { 'x-token': token } });
  expect((await me.json()).telegramProfile).toBe(`https://t.me/otabek_${tag}`);
  // The open profile form follows it, so saving the form keeps it (below).
  await expect(page.getByLabel('Telegram profili')).toHaveValue(`https://t.me/otabek_${tag}`);
  await shot(page, info, 'telegram-linked');

  await section.getByRole('button', { name: 'Telegramni uzish' }).click();
  await expect(section.getByText('Telegram hisobingizdan uzildi.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Telegramni bog‘lash' })).toBeVisible();

  // Unlinking leaves the profile's link as it is; saving the form keeps it too.
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expect(page.getByText('O‘zgarishlar saqlandi')).toBeVisible();
  const saved = await request.get('/api/user/me', { headers: { 'x-token': token } });
  expect((await saved.json()).telegramProfile).toBe(`https://t.me/otabek_${tag}`);
});
