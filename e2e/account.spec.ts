import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { registerByApi } from './support/accounts';
import { open, shot } from './support/pages';
import { mailedLink } from './support/mail';

/**
 * An account's own care, at phone and desktop width: a forgotten password reset through the mailed link,
 * the email address moved to another one, the data downloaded, and the account deleted.
 */

test('a forgotten password, a new address, my data and leaving', async ({ page, request }, info) => {
  const p = `${info.project.name}${Date.now().toString(36)}`;
  const username = `hisob_${p}`;
  const email = `${username}@example.test`;
  const oldToken = await registerByApi(request, username, { firstname: 'Hilola', lastname: 'Rahimova' });
  const newPassword = 'Yangi-yashil-parol-2026';

  // From the sign-in page to the form that mails a reset link.
  await open(page, '/auth/login');
  await page.getByRole('link', { name: 'Parolni unutdingizmi?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Parolni tiklash' })).toBeVisible();
  let since = Date.now();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Havolani yuborish' }).click();
  await expect(page.getByText(`Agar ${email} bilan hisob bo‘lsa`)).toBeVisible();
  await shot(page, info, 'forgot-password');

  // The mailed link: a new password, signed in here, signed out everywhere else.
  const resetLink = new URL(await mailedLink(email, '/auth/reset-password', since));
  await open(page, `${resetLink.pathname}${resetLink.search}`);
  await expect(page.getByRole('heading', { name: 'Yangi parol o‘rnatish' })).toBeVisible();
  await page.getByLabel('Yangi parol').fill('qisqa');
  await page.getByRole('button', { name: 'Parolni saqlash' }).click();
  // The browser itself refuses a password under 8 characters; the page stays.
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await page.getByLabel('Yangi parol').fill(newPassword);
  await shot(page, info, 'reset-password');
  await page.getByRole('button', { name: 'Parolni saqlash' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Parolingiz yangilandi')).toBeVisible();
  expect((await request.get('/api/user/me', { headers: { 'x-token': oldToken } })).status()).toBe(401);
  // The link works once.
  await open(page, `${resetLink.pathname}${resetLink.search}`);
  await page.getByLabel('Yangi parol').fill('Boshqa-yangi-parol-2026');
  await page.getByRole('button', { name: 'Parolni saqlash' }).click();
  await expect(page.getByText('Havola eskirgan yoki allaqachon ishlatilgan')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Yangi havola so‘rash' })).toBeVisible();

  // Another address, confirmed through the link mailed there.
  await open(page, '/profile?edit=1');
  const emailSection = page.getByRole('region', { name: 'Email manzilni o‘zgartirish' });
  await expect(emailSection.getByText(`Hozirgi manzil: ${email}`)).toBeVisible();
  const newEmail = `yangi_${p}@example.test`;
  await emailSection.getByLabel('Yangi email').fill(newEmail);
  await emailSection.getByLabel('Joriy parol').fill('notogri-parol-1');
  await emailSection.getByRole('button', { name: 'Tasdiqlash havolasini yuborish' }).click();
  await expect(emailSection.getByText('Joriy parol noto‘g‘ri')).toBeVisible();
  await expect(emailSection.getByLabel('Yangi email')).toHaveValue(newEmail);
  since = Date.now();
  await emailSection.getByLabel('Joriy parol').fill(newPassword);
  await emailSection.getByRole('button', { name: 'Tasdiqlash havolasini yuborish' }).click();
  await expect(emailSection.getByText(`${newEmail} manziliga tasdiqlash havolasi yuborildi`)).toBeVisible();
  await shot(page, info, 'account-settings');
  const confirmLink = new URL(await mailedLink(newEmail, '/auth/confirm-email', since));
  await open(page, `${confirmLink.pathname}${confirmLink.search}`);
  await expect(page.getByText(`Email manzilingiz ${newEmail} ga o‘zgartirildi`)).toBeVisible();
  await shot(page, info, 'email-confirmed');
  await page.getByRole('link', { name: 'Profilimga o‘tish' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // Everything held about me, as a file.
  await open(page, '/profile?edit=1');
  const dataSection = page.getByRole('region', { name: 'Ma’lumotlarim' });
  const downloading = page.waitForEvent('download');
  await dataSection.getByRole('button', { name: 'Ma’lumotlarimni yuklab olish' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^portfolio-master-${username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
  expect(exported.account).toMatchObject({ username, email: newEmail, firstname: 'Hilola' });
  await expect(dataSection.getByText('yuklab olindi')).toBeVisible();

  // Leaving: the password, a confirmation, and the account is gone.
  const deleteSection = page.getByRole('region', { name: 'Hisobni o‘chirish' });
  await deleteSection.getByLabel('Joriy parol').fill(newPassword);
  await deleteSection.getByRole('button', { name: 'Hisobimni o‘chirish' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('butunlay o‘chiriladi');
  await shot(page, info, 'delete-account');
  await dialog.getByRole('button', { name: 'Ha, o‘chirilsin' }).click();
  await expect(page).toHaveURL(/\/page\/1$/);
  await expect(page.getByText('Hisobingiz o‘chirildi')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const signIn = await request.post('/api/login', { data: { email: newEmail, password: newPassword } });
  expect(signIn.status()).toBe(401);
});
