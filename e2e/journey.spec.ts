import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { registrationLink } from './support/mail';
import { hydrated, open, shot } from './support/pages';

/**
 * The whole journey of two users and an admin, once at phone width and once at desktop width:
 * emailed registration link, creating a portfolio with two images, finding it by filter and by search,
 * liking, commenting, deleting, editing the profile, signing out, and the 404 page.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => path.join(here, 'fixtures', name);
const PASSWORD = 'Juda-maxfiy-parol-42';

test.describe.configure({ mode: 'serial' });

const isPhone = (info: TestInfo) => info.project.name === 'phone';

async function reload(page: Page) {
  await page.reload();
  await hydrated(page);
}

/** Clicks a navbar entry; on a phone through the slide-in menu. */
async function navClick(page: Page, info: TestInfo, name: string) {
  if (isPhone(info)) {
    await page.getByRole('button', { name: 'Menyuni ochish' }).click();
    await page
      .locator('.drawer__panel')
      .getByRole(name === 'Chiqish' ? 'button' : 'link', { name, exact: true })
      .click();
  } else {
    await page
      .locator('.nav--wide')
      .getByRole(name === 'Chiqish' ? 'button' : 'link', { name, exact: true })
      .click();
  }
}

/** Drops a file on an element the way a file manager would. */
async function dropFile(page: Page, selector: string, file: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type: 'image/png' }));
      return transfer;
    },
    { name: path.basename(file), base64: fs.readFileSync(file).toString('base64') },
  );
  await page.dispatchEvent(selector, 'dragover', { dataTransfer });
  await page.dispatchEvent(selector, 'drop', { dataTransfer });
}

async function register(
  page: Page,
  info: TestInfo,
  who: { email: string; username: string; first: string; last: string },
) {
  await open(page, '/page/1');
  await navClick(page, info, 'Ro‘yxatdan o‘tish');
  await expect(page).toHaveURL(/\/auth\/register\/emailverification$/);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByRole('button', { name: 'Havolani yuborish' }).click();
  await expect(page.getByText(`${who.email} manziliga havola yuborildi`)).toBeVisible();
  const link = new URL(await registrationLink(who.email));
  await open(page, link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Ro‘yxatdan o‘tish' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(who.email);
  await page.getByLabel('Foydalanuvchi nomi').fill(who.username);
  await page.getByLabel('Ism', { exact: true }).fill(who.first);
  await page.getByLabel('Familiya', { exact: true }).fill(who.last);
  await page.getByLabel('Parol', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Ro‘yxatdan o‘tish' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: `${who.first} ${who.last}` })).toBeVisible();
}

async function signOut(page: Page, info: TestInfo) {
  // Signing out reloads the page.
  await Promise.all([page.waitForEvent('load'), navClick(page, info, 'Chiqish')]);
  await expect(page.locator('a.nav__link[href="/auth/login"]').first()).toBeAttached();
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

test('two users and an admin, from the emailed link to signing out', async ({ page }, info) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  const p = info.project.name;
  const alice = {
    email: `alice-${p}@example.test`,
    username: `alice_${p}`,
    first: 'Alisa',
    last: 'Karimova',
  };
  const bob = { email: `bob-${p}@example.test`, username: `bob_${p}`, first: 'Bobur', last: 'Toshmatov' };
  const admin = {
    email: `admin-${p}@example.test`,
    username: `admin_${p}`,
    first: 'Admin',
    last: 'Boshqaruvchi',
  };
  const tech = `E2eTech${p}`;
  const title = `Sinov loyihasi ${p}`;

  // A visitor: the root goes to /page/1; unknown addresses get a real 404 page.
  await open(page, '/');
  await expect(page).toHaveURL(/\/page\/1$/);
  await expect(page).toHaveTitle('Portfolio Master');
  await expect(page.getByText('Hozircha portfoliolar yo‘q')).toBeVisible();
  const pagination = page.getByRole('navigation', { name: 'Sahifalar' });
  await expect(pagination.getByRole('link', { name: /-sahifa$/ })).toHaveText(['1']);
  const footer = page.locator('footer');
  for (const name of ['VK', 'Instagram', 'Facebook', 'GitHub', 'Telegram']) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', /^https:\/\//);
  }
  await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(footer.getByRole('link', { name: /^Telefon/ })).toHaveAttribute('href', /^tel:\+?\d+$/);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Portfolio Master`);
  await shot(page, info, '01-home-empty');
  await open(page, '/no/such/page');
  await expect(page.getByRole('heading', { name: 'Sahifa topilmadi' })).toBeVisible();
  await expect(page).toHaveTitle(/Sahifa topilmadi/);
  await shot(page, info, '02-not-found');
  await open(page, '/auth/register');
  await expect(page.getByRole('heading', { name: 'Tasdiqlash havolasi kerak' })).toBeVisible();
  await page.getByRole('link', { name: 'Email manzilini tasdiqlash' }).click();
  await expect(page).toHaveURL(/\/auth\/register\/emailverification$/);

  // Alice registers from the emailed link and posts a portfolio with two images.
  await register(page, info, alice);
  await shot(page, info, '03-profile-new');
  await navClick(page, info, 'Portfolio joylash');
  await expect(page).toHaveURL(/\/create$/);
  await page.getByLabel('Sarlavha').fill(title);
  await page.getByLabel('Loyiha manzili').fill('https://example.com/sinov');
  await page.getByLabel('Repozitoriy manzili (ixtiyoriy)').fill('https://github.com/example/sinov');
  await page.getByLabel('Texnologiyalar').fill(`${tech}, React`);
  await page
    .getByLabel('Tavsif')
    .fill('## Sinov\n\nBu **qalin** matn.\n\n<img src="x" onerror="window.hacked = 1">');
  // One image through the file picker, one dropped on the drop zone; the second then becomes the cover.
  await page.getByTestId('image-input').setInputFiles(fixture('one.png'));
  await expect(page.locator('.thumb')).toHaveCount(1);
  await dropFile(page, '.dropzone', fixture('two.png'));
  await expect(page.locator('.thumb')).toHaveCount(2);
  await expect(page.locator('.thumb img')).toHaveCount(2);
  // The dropped picture is described; its description moves with it when it becomes the cover.
  await page.locator('.thumb').nth(1).getByLabel('Rasm tavsifi').fill('Ikkinchi rasm: bosh sahifa');
  await page.getByRole('button', { name: 'Oldinga surish (2)' }).click();
  await expect(page.getByLabel('Rasm tavsifi').first()).toHaveValue('Ikkinchi rasm: bosh sahifa');
  await expect(page.getByLabel('Rasm tavsifi').nth(1)).toHaveValue('');
  await shot(page, info, '04-create-form');
  await page.getByRole('button', { name: 'Joylash' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Portfolio Master`);
  await expect(page.locator('.slider__slide')).toHaveCount(2);
  // The cover is described as its author wrote; the other picture keeps the generated text.
  await expect(page.locator('.slider__slide img').first()).toHaveAttribute(
    'alt',
    'Ikkinchi rasm: bosh sahifa',
  );
  await expect(page.locator('.slider__slide img').nth(1)).toHaveAttribute('alt', `${title} — 2-rasm`);
  await expect(page.locator('.markdown strong')).toHaveText('qalin');
  await expect(page.locator('.markdown')).toContainText('<img src="x"');
  await expect(page.locator('.markdown img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  // Images come in the server's widths and keep their box while loading.
  const firstSlide = page.locator('.slider__slide img').first();
  await expect(firstSlide).toHaveAttribute('srcset', /\/image\/[^ ]+\?w=512 512w, .*\?w=1600 1600w/);
  await expect(page.locator('.slider__slide .lazy-image').first()).toHaveCSS('aspect-ratio', '1.6 / 1');
  await shot(page, info, '05-portfolio');
  const portfolioUrl = new URL(page.url()).pathname;
  await signOut(page, info);

  // A visitor finds it by filter and by search.
  await open(page, '/page/1');
  // On a phone the filter folds behind a button; from 900px it is always open.
  const filterToggle = page.getByRole('button', { name: /Texnologiyalar/ });
  if ((await filterToggle.isVisible()) && (await filterToggle.getAttribute('aria-expanded')) === 'false') {
    await filterToggle.click();
  }
  await page.getByRole('checkbox', { name: tech }).filter({ visible: true }).check();
  await expect(page).toHaveURL(new RegExp(`/page/1\\?filter=${tech}$`));
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await shot(page, info, '06-filtered');
  await page.getByRole('checkbox', { name: tech }).filter({ visible: true }).uncheck();
  await expect(page).toHaveURL(/\/page\/1$/);
  await page.getByRole('searchbox').fill(title);
  await expect(page).toHaveURL(/q=Sinov/);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByText('1 ta natija')).toBeVisible();
  await shot(page, info, '07-search');
  await reload(page);
  await expect(page.getByRole('searchbox')).toHaveValue(title);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await page.getByRole('searchbox').fill('bunday-loyiha-yoq');
  await expect(page.getByText('Bu so‘rov bo‘yicha hech narsa topilmadi')).toBeVisible();
  // A misspelt word is offered its close spelling, which finds the portfolio.
  await page.getByRole('searchbox').fill(`Sinov loyhasi ${p}`);
  const suggestion = page.locator('.search-suggestion');
  await expect(suggestion).toHaveText(`Shuni nazarda tutdingizmi: sinov loyihasi ${p}`);
  // A search comes best match first unless another order was chosen.
  await expect(page.getByRole('link', { name: 'Eng mosi' })).toHaveAttribute('aria-current', 'true');
  await shot(page, info, '07b-suggestion');
  await suggestion.getByRole('link', { name: `sinov loyihasi ${p}` }).click();
  await expect(page).toHaveURL(/q=sinov\+loyihasi/);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveValue(`sinov loyihasi ${p}`);
  await open(page, portfolioUrl);
  await expect(page.getByRole('link', { name: 'Izoh yozish uchun tizimga kiring!' })).toBeVisible();
  // A technology on the portfolio page leads to the list filtered by it.
  await page
    .getByRole('region', { name: 'Ishlatilgan texnologiyalar' })
    .getByRole('link', { name: tech })
    .click();
  await expect(page).toHaveURL(new RegExp(`/page/1\\?filter=${tech}$`));
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // Bob registers, likes and comments, and deletes one of his comments.
  await register(page, info, bob);
  await open(page, portfolioUrl);
  const like = page.getByRole('button', { name: /ta yoqtirish/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1 ta yoqtirish');
  await reload(page);
  await expect(page.getByRole('button', { name: /ta yoqtirish/ })).toHaveAttribute('aria-pressed', 'true');
  const commentBox = page.getByRole('textbox', { name: 'Izohingiz' });
  await commentBox.fill('Birinchi izoh — o‘chiriladi');
  await page.getByRole('button', { name: 'Yuborish' }).click();
  await expect(page.locator('.comment')).toHaveCount(1);
  await expect(commentBox).toHaveValue('');
  await commentBox.fill('Zo‘r loyiha!');
  await page.getByRole('button', { name: 'Yuborish' }).click();
  await expect(page.locator('.comment')).toHaveCount(2);
  await page
    .locator('.comment', { hasText: 'Birinchi izoh' })
    .getByRole('button', { name: 'Izohni o‘chirish' })
    .click();
  await expect(page.getByRole('alertdialog', { name: 'Diqqat!' })).toBeVisible();
  await shot(page, info, '08-delete-dialog');
  await page.getByRole('button', { name: 'Ha' }).click();
  await expect(page.locator('.comment')).toHaveCount(1);
  await expect(page.locator('.comment')).toContainText('Zo‘r loyiha!');
  // Bob corrects his comment in place: it says it was edited, and its code and link render.
  const mine = page.locator('.comment', { hasText: 'Zo‘r loyiha!' });
  await mine.getByRole('button', { name: 'Tahrirlash' }).click();
  const editBox = page.getByRole('textbox', { name: 'Izohni tahrirlash' });
  await expect(editBox).toBeFocused();
  await editBox.fill('Zo‘r loyiha! Ishga tushirish: `npm start`, sayt: https://example.uz');
  await page.getByRole('button', { name: 'Tahrirni saqlash' }).click();
  await expect(editBox).toHaveCount(0);
  await expect(mine.locator('.comment__edited')).toContainText('tahrirlangan');
  await expect(mine.locator('.comment__body code')).toHaveText('npm start');
  await expect(mine.getByRole('link', { name: 'https://example.uz' })).toHaveAttribute(
    'rel',
    'nofollow ugc noopener',
  );
  await reload(page);
  await expect(page.locator('.comment .comment__edited')).toContainText('tahrirlangan');
  await shot(page, info, '09-commented');
  await signOut(page, info);

  // The admin deletes Bob's comment and is marked as admin on their own.
  await register(page, info, admin);
  await open(page, portfolioUrl);
  await page.getByRole('textbox', { name: 'Izohingiz' }).fill('Admin izohi');
  await page.getByRole('button', { name: 'Yuborish' }).click();
  await expect(
    page.locator('.comment', { hasText: 'Admin izohi' }).getByRole('img', { name: 'Bu foydalanuvchi admin' }),
  ).toBeVisible();
  // The admin answers Bob's comment: the reply shows under it, also as the server renders it.
  const bobs = page.locator('.comment:not(.comment--reply)', { hasText: 'Zo‘r loyiha!' });
  await bobs.getByRole('button', { name: 'Javob berish' }).click();
  const replyBox = page.getByRole('textbox', { name: 'Javobingiz' });
  await expect(replyBox).toBeFocused();
  await replyBox.fill('Rahmat, Bob!');
  await page.getByRole('button', { name: 'Javobni yuborish' }).click();
  await expect(replyBox).toHaveCount(0);
  const replies = bobs.getByRole('list', { name: 'Javoblar' });
  await expect(replies.locator('.comment--reply')).toHaveCount(1);
  await expect(replies).toContainText('Rahmat, Bob!');
  // A thread fits its panel at every width: nothing in the comments reaches past the panel's edge.
  const overflowing = await page.locator('section.comments').evaluate((section) => {
    const edge = section.getBoundingClientRect().right;
    return [...section.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > edge + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
  });
  expect(overflowing).toEqual([]);
  await shot(page, info, '10-reply');
  await reload(page);
  await expect(bobs.getByRole('list', { name: 'Javoblar' })).toContainText('Rahmat, Bob!');
  // Deleting Bob's comment keeps the thread readable: it says it was deleted, the reply stays under it.
  await bobs.locator(':scope > .comment__delete').click();
  await page.getByRole('button', { name: 'Ha' }).click();
  const gone = page.locator('.comment--deleted');
  await expect(gone).toContainText('Izoh o‘chirilgan');
  await expect(gone).not.toContainText('Zo‘r loyiha!');
  await expect(gone.getByRole('list', { name: 'Javoblar' })).toContainText('Rahmat, Bob!');
  await expect(page.locator('.comment')).toHaveCount(3);
  await shot(page, info, '10-admin');
  await signOut(page, info);

  // Alice signs in, edits her profile, deletes her portfolio and signs out.
  await navClick(page, info, 'Kirish');
  await page.getByLabel('Email yoki foydalanuvchi nomi').fill(alice.email);
  await page.getByLabel('Parol', { exact: true }).fill('noto‘g‘ri parol');
  await page.getByRole('button', { name: 'Kirish', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('Email yoki foydalanuvchi nomi')).toHaveValue(alice.email);
  await page.getByLabel('Parol', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Kirish', exact: true }).click();
  await expect(page).toHaveURL(/\/page\/1$/);
  await navClick(page, info, 'Profil');
  await page.getByRole('link', { name: 'Profilni tahrirlash' }).click();
  await page.getByLabel('Ism', { exact: true }).fill('Alisa Yangi');
  await page.getByLabel('O‘zingiz haqingizda').fill('Frontend dasturchi');
  await page.getByLabel('Foydalanuvchi nomi').fill('x');
  await page.getByRole('button', { name: 'Saqlash' }).click();
  // The server's message stands next to the refused field; nothing typed is lost.
  const usernameField = page.locator('.field', { has: page.getByLabel('Foydalanuvchi nomi') });
  await expect(usernameField).toHaveClass(/field--invalid/);
  await expect(usernameField.getByRole('alert')).not.toBeEmpty();
  await expect(page.getByLabel('Ism', { exact: true })).toHaveValue('Alisa Yangi');
  await expect(page.getByLabel('O‘zingiz haqingizda')).toHaveValue('Frontend dasturchi');
  await shot(page, info, '11-profile-error');
  await page.getByLabel('Foydalanuvchi nomi').fill(alice.username);
  await page.getByLabel('Ko‘nikmalar').fill('React, CSS');
  await page.getByLabel('Email manzilim boshqalarga ko‘rinsin').check();
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText('O‘zgarishlar saqlandi')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Alisa Yangi Karimova' })).toBeVisible();
  await expect(page.getByText('Frontend dasturchi')).toBeVisible();
  await shot(page, info, '12-profile-edited');

  // She drops one image of her portfolio, then deletes the portfolio.
  await open(page, portfolioUrl);
  await page.getByRole('link', { name: 'Tahrirlash' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(page.locator('.thumb')).toHaveCount(2);
  await page.getByRole('button', { name: 'Olib tashlash (2)' }).click();
  await expect(page.locator('.thumb')).toHaveCount(1);
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.slider__slide')).toHaveCount(1);
  await page.getByRole('button', { name: 'O‘chirish', exact: true }).click();
  await page.getByRole('button', { name: 'Ha' }).click();
  await expect(page).toHaveURL(/\/page\/1$/);
  await open(page, portfolioUrl);
  await expect(page.getByRole('heading', { name: 'Portfolio topilmadi' })).toBeVisible();
  await signOut(page, info);

  // Signed out, the users card shows Alice with her now public email and her portfolio count.
  await open(page, '/page/1');
  const aliceRow = page
    .getByRole('region', { name: 'Foydalanuvchilar' })
    .getByRole('link', { name: new RegExp(`^Alisa Yangi Karimova ${alice.email}`) });
  await expect(aliceRow).toHaveAttribute('href', `/profile/${alice.username}`);
  await expect(aliceRow).toContainText(alice.email);
  await expect(aliceRow).toContainText('0 ta portfolio');
  await shot(page, info, '13-signed-out');
  expect(pageErrors).toEqual([]);
});
