import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { leave, PASSWORD, registerByApi } from './support/accounts';
import { mailWithLink } from './support/mail';
import { chooseLanguage, hydrated, open } from './support/pages';

/**
 * Russian and English readers, once at phone width and once at desktop width: each reads the list, signs
 * up through the emailed link, posts a portfolio and sees it in their language, with the form's refusals
 * in it too, then switches language from the portfolio's page and lands on the same portfolio. Each
 * reader's browser asks for their language; what a browser asking for Uzbek gets on the Russian pages is
 * the last test's.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** Words of the Uzbek interface that a page in another language must not show. */
const UZBEK_WORDS = [
  'Portfoliolar',
  'Portfolio joylash',
  'Kirish',
  'Ro‘yxatdan',
  'Sahifalar',
  'Menyuni',
  'Qidiruv',
  'Bosh sahifa',
  'Texnologiyalar',
  'yoqtirish',
  'Izoh',
  'Tahrirlash',
  'O‘chirish',
  'Barcha huquqlar',
];

interface Language {
  locale: 'ru' | 'en';
  /** What the browser asks for: a Russian reader's browser speaks Russian, an English reader's English. */
  browser: string;
  prefix: string;
  /** The language the reader switches to from the portfolio's page, and what that page then says. */
  next: { name: string; tag: string; prefix: string; technologies: string };
  listTitle: string;
  pages: string;
  search: string;
  copyright: string;
  openMenu: string;
  register: string;
  create: string;
  email: string;
  sendLink: string;
  sent: string;
  registerTitle: string;
  username: string;
  firstname: string;
  lastname: string;
  password: string;
  submitRegister: string;
  mail: { subject: string; greeting: string; action: string };
  form: { heading: string; title: string; url: string; used: string; submit: string };
  refused: { checkFields: string; titleTooShort: string; urlFormat: string };
  portfolio: { technologies: string; project: string; edit: string; likes: string; comments: string };
  card: { likes: string; comments: string };
  titleWord: string;
}

const LANGUAGES: Language[] = [
  {
    locale: 'ru',
    browser: 'ru-RU',
    prefix: '/ru',
    next: { name: 'English', tag: 'en', prefix: '/en', technologies: 'Technologies used' },
    listTitle: 'Портфолио',
    pages: 'Страницы',
    search: 'Что вы ищете?',
    copyright: 'Все права защищены.',
    openMenu: 'Открыть меню',
    register: 'Регистрация',
    create: 'Добавить портфолио',
    email: 'Почта',
    sendLink: 'Отправить ссылку',
    sent: 'Ссылка отправлена на {email}',
    registerTitle: 'Регистрация',
    username: 'Имя пользователя',
    firstname: 'Имя',
    lastname: 'Фамилия',
    password: 'Пароль',
    submitRegister: 'Зарегистрироваться',
    mail: {
      subject: 'Portfolio Master: подтвердите адрес электронной почты',
      greeting: 'Здравствуйте!',
      action: 'Продолжить регистрацию',
    },
    form: {
      heading: 'Добавить портфолио',
      title: 'Название',
      url: 'Адрес проекта',
      used: 'Технологии',
      submit: 'Опубликовать',
    },
    refused: {
      checkFields: 'В данных есть ошибки: исправьте отмеченные поля.',
      titleTooShort: 'Название должно быть не короче 3 символов',
      urlFormat: 'Адрес проекта должен начинаться с http:// или https://',
    },
    portfolio: {
      technologies: 'Технологии',
      project: 'Открыть проект',
      edit: 'Редактировать',
      likes: '0 отметок «нравится»',
      comments: 'Комментарии (0)',
    },
    card: { likes: '0 отметок «нравится»', comments: '0 комментариев' },
    titleWord: 'Проект',
  },
  {
    locale: 'en',
    browser: 'en-US',
    prefix: '/en',
    next: { name: 'Русский', tag: 'ru', prefix: '/ru', technologies: 'Технологии' },
    listTitle: 'Portfolios',
    pages: 'Pages',
    search: 'Search for anything',
    copyright: 'All rights reserved.',
    openMenu: 'Open menu',
    register: 'Sign up',
    create: 'Post a portfolio',
    email: 'Email',
    sendLink: 'Send the link',
    sent: 'We sent a link to {email}',
    registerTitle: 'Sign up',
    username: 'Username',
    firstname: 'First name',
    lastname: 'Last name',
    password: 'Password',
    submitRegister: 'Sign up',
    mail: {
      subject: 'Portfolio Master: confirm your email address',
      greeting: 'Hello!',
      action: 'Continue signing up',
    },
    form: {
      heading: 'Post a portfolio',
      title: 'Title',
      url: 'Project URL',
      used: 'Technologies',
      submit: 'Post',
    },
    refused: {
      checkFields: 'Some of the details are invalid: please correct the highlighted fields.',
      titleTooShort: 'The title must be at least 3 characters',
      urlFormat: 'The project’s address must start with http:// or https://',
    },
    portfolio: {
      technologies: 'Technologies used',
      project: 'View project',
      edit: 'Edit',
      likes: '0 likes',
      comments: 'Comments (0)',
    },
    card: { likes: '0 likes', comments: '0 comments' },
    titleWord: 'Project',
  },
];

const isPhone = (info: TestInfo) => info.project.name === 'phone';

/** Everything the interface says: its text and the words it gives only to assistive technology. */
function interfaceWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('script, style, template, noscript').forEach((element) => element.remove());
    const attributes = Array.from(
      copy.querySelectorAll('[aria-label], [title], [placeholder], [alt]'),
    ).flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.title, copy.textContent ?? '', ...attributes].join('\n');
  });
}

async function expectNoUzbek(page: Page, where: string) {
  const words = await interfaceWords(page);
  for (const word of UZBEK_WORDS) expect(words, `${where}: "${word}"`).not.toContain(word);
}

/** The page's `<html lang>` and its `hreflang` alternates: the four languages and x-default. */
async function expectLanguageTags(page: Page, tag: string, ownPath: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', tag);
  const alternates = await page
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      Object.fromEntries(
        links.map((link) => [link.getAttribute('hreflang'), new URL(link.getAttribute('href')!).pathname]),
      ),
    );
  expect(alternates).toEqual({
    'uz-Latn': ownPath,
    'uz-Cyrl': `/uz-Cyrl${ownPath}`,
    ru: `/ru${ownPath}`,
    en: `/en${ownPath}`,
    'x-default': ownPath,
  });
}

/** Clicks a navbar link; on a phone through the slide-in menu, whose button says so in the page's language. */
async function navigate(page: Page, info: TestInfo, language: Language, name: string) {
  if (isPhone(info)) await page.getByRole('button', { name: language.openMenu }).click();
  const menu = page.locator(isPhone(info) ? '.drawer__panel' : '.nav--wide');
  await menu.getByRole('link', { name, exact: true }).click();
}

async function screenshot(page: Page, info: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(here, 'test-results', `languages-${name}-${info.project.name}.png`),
    fullPage: true,
  });
}

/** Accounts a test made: they leave with everything they posted, so the next spec finds the site empty. */
const tokens: string[] = [];

test.afterEach(async ({ request }) => {
  for (const token of tokens.splice(0)) await leave(request, token);
});

for (const language of LANGUAGES) {
  test.describe(language.locale, () => {
    test.use({ locale: language.browser });

    test('read, sign up, post, and switch language from the portfolio', async ({ page }, info) => {
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(String(error)));
      const p = info.project.name;
      const at = (ownPath: string) => `${language.prefix}${ownPath}`;
      const who = {
        email: `${language.locale}-${p}@example.test`,
        username: `${language.locale}_${p}`,
        first: language.locale === 'ru' ? 'Ирина' : 'Emily',
        last: language.locale === 'ru' ? 'Смирнова' : 'Walker',
      };
      const title = `${language.titleWord} ${language.locale} ${p}`;
      const tech = `LangTech${language.locale}${p}`;

      // The list, in the language from the first byte.
      await open(page, at('/page/1'));
      await expectLanguageTags(page, language.locale, '/page/1');
      await expect(page.getByRole('heading', { level: 1, name: language.listTitle })).toBeVisible();
      await expect(page.getByRole('navigation', { name: language.pages })).toBeAttached();
      await expect(page.getByRole('searchbox')).toHaveAttribute('placeholder', language.search);
      await expect(page.locator('footer')).toContainText(language.copyright);
      await expectNoUzbek(page, at('/page/1'));

      // Signing up through the emailed link, which is written in the language and leads back to it.
      await navigate(page, info, language, language.register);
      await expect(page).toHaveURL(new RegExp(`${at('/auth/register/emailverification')}$`));
      await expectNoUzbek(page, page.url());
      await page.getByLabel(language.email, { exact: true }).fill(who.email);
      await page.getByRole('button', { name: language.sendLink }).click();
      await expect(page.getByText(language.sent.replace('{email}', who.email))).toBeVisible();
      const mail = await mailWithLink(who.email, '/auth/register');
      expect(mail.subject).toBe(language.mail.subject);
      expect(mail.text).toContain(language.mail.greeting);
      expect(mail.html).toContain(`lang="${language.locale}"`);
      expect(mail.html).toContain(language.mail.action);
      const link = new URL(mail.link);
      expect(link.pathname).toBe(at('/auth/register'));
      await open(page, link.pathname + link.search);
      await expect(page.locator('html')).toHaveAttribute('lang', language.locale);
      await expect(page.getByRole('heading', { level: 1, name: language.registerTitle })).toBeVisible();
      await expect(page.getByLabel(language.email, { exact: true })).toHaveValue(who.email);
      await expectNoUzbek(page, at('/auth/register'));
      await page.getByLabel(language.username, { exact: true }).fill(who.username);
      await page.getByLabel(language.firstname, { exact: true }).fill(who.first);
      await page.getByLabel(language.lastname, { exact: true }).fill(who.last);
      await page.getByLabel(language.password, { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: language.submitRegister, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${at('/profile')}$`));
      await expect(page.getByRole('heading', { level: 1, name: `${who.first} ${who.last}` })).toBeVisible();
      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect(token).toBeTruthy();
      tokens.push(token!);
      await expectNoUzbek(page, at('/profile'));

      // Posting: what the server refuses is said in the language, next to the field, and nothing is lost.
      await navigate(page, info, language, language.create);
      await expect(page).toHaveURL(new RegExp(`${at('/create')}$`));
      await expect(page.getByRole('heading', { level: 1, name: language.form.heading })).toBeVisible();
      await expectNoUzbek(page, at('/create'));
      const titleField = page.getByLabel(language.form.title, { exact: true });
      const urlField = page.getByLabel(language.form.url, { exact: true });
      // Spaces pass the browser's own checks but are no title; ftp:// is an address, but not a web page's.
      await titleField.fill('   ');
      await urlField.fill('ftp://example.com/project');
      await page.getByLabel(language.form.used, { exact: true }).fill(`${tech}, React`);
      await page.getByRole('button', { name: language.form.submit, exact: true }).click();
      await expect(page.locator('.form').getByRole('alert').first()).toContainText(
        language.refused.checkFields,
      );
      const fieldOf = (field: typeof titleField) => page.locator('.field', { has: field });
      await expect(fieldOf(titleField)).toHaveClass(/field--invalid/);
      await expect(fieldOf(titleField).getByRole('alert')).toHaveText(language.refused.titleTooShort);
      await expect(fieldOf(urlField).getByRole('alert')).toHaveText(language.refused.urlFormat);
      await expect(urlField).toHaveValue('ftp://example.com/project');
      await expectNoUzbek(page, `${at('/create')} refused`);
      await screenshot(page, info, `${language.locale}-refused`);
      await titleField.fill(title);
      await urlField.fill('https://example.com/project');
      await page.getByRole('button', { name: language.form.submit, exact: true }).click();

      // The portfolio's page, in the language.
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${at('/portfolio/')}[^/]+$`));
      const ownPath = new URL(page.url()).pathname.slice(language.prefix.length);
      await open(page, at(ownPath));
      await expectLanguageTags(page, language.locale, ownPath);
      await expect(page).toHaveTitle(`${title} | Portfolio Master`);
      const technologies = page.getByRole('region', { name: language.portfolio.technologies });
      await expect(technologies.getByRole('link', { name: tech })).toBeVisible();
      await expect(page.getByRole('link', { name: language.portfolio.project })).toHaveAttribute(
        'href',
        'https://example.com/project',
      );
      await expect(page.getByRole('link', { name: language.portfolio.edit })).toBeVisible();
      await expect(page.getByRole('button', { name: language.portfolio.likes })).toBeVisible();
      await expect(page.getByRole('heading', { name: language.portfolio.comments })).toBeVisible();
      await expectNoUzbek(page, at(ownPath));
      await screenshot(page, info, `${language.locale}-portfolio`);

      // The list shows it, with its counts in the language.
      await open(page, at('/page/1'));
      const card = page.locator('.portfolio-card', { has: page.getByRole('link', { name: title }) });
      await expect(card).toBeVisible();
      await expect(card).toContainText(language.card.likes);
      await expect(card).toContainText(language.card.comments);
      await expect(card).toContainText(`${who.first} ${who.last}`);
      await expectNoUzbek(page, `${at('/page/1')} with the portfolio`);
      await screenshot(page, info, `${language.locale}-list`);

      // From the portfolio's page to the same portfolio in the other language.
      await open(page, at(ownPath));
      if (!isPhone(info)) {
        await expect(page.locator('.language-menu > summary')).toHaveText(
          language.locale === 'ru' ? 'Русский' : 'English',
        );
      }
      await chooseLanguage(
        page,
        info,
        language.next.name,
        (url) => url.pathname === language.next.prefix + ownPath,
      );
      await expect(page.locator('html')).toHaveAttribute('lang', language.next.tag);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(
        page.getByRole('region', { name: language.next.technologies }).getByRole('link', { name: tech }),
      ).toBeVisible();
      await hydrated(page);
      expect(pageErrors).toEqual([]);
    });
  });
}

/*
 * The page's language wins over the browser's: a reader whose browser asks for Uzbek and who comes to the
 * Russian pages by a link, without choosing Russian in the switch, gets the server's refusals in Russian and
 * a Russian mail whose link keeps the Russian pages (the web app names the page's language to the API).
 */
test('the Russian pages get Russian answers from the API, whatever the browser asks for', async ({
  page,
  request,
}, info) => {
  const p = info.project.name;
  const russian = LANGUAGES.find((language) => language.locale === 'ru')!;
  const email = `uzru-mail-${p}@example.test`;
  await open(page, '/ru/auth/register/emailverification');
  await page.getByLabel(russian.email, { exact: true }).fill(email);
  await page.getByRole('button', { name: russian.sendLink }).click();
  const mail = await mailWithLink(email, '/auth/register');
  expect(mail.subject).toBe(russian.mail.subject);
  expect(new URL(mail.link).pathname).toBe('/ru/auth/register');

  const token = await registerByApi(request, `uzru_${p}`, { firstname: 'Dilnoza', lastname: 'Qodirova' });
  tokens.push(token);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await open(page, '/ru/create');
  await page.getByLabel(russian.form.title, { exact: true }).fill('   ');
  await page.getByLabel(russian.form.url, { exact: true }).fill('ftp://example.com/project');
  await page.getByLabel(russian.form.used, { exact: true }).fill('React');
  await page.getByRole('button', { name: russian.form.submit, exact: true }).click();
  const refusals = page.locator('.field--invalid').getByRole('alert');
  await expect(refusals).toHaveCount(2);
  expect(await refusals.allInnerTexts()).toEqual([russian.refused.titleTooShort, russian.refused.urlFormat]);
});
