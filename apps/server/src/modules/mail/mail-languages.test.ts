import { LOCALE_INFO, LOCALES, localizePath, type Locale, type MessageKey } from '@portfolio-master/i18n';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../lib/translators.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { tokenFromMail } from '../../test/smtp.js';
import { emailChangedMail, notificationMail } from './templates.js';

/** A notification as a mail is made of it: never an invitation, which has no mail of its own. */
type MailedNotification = Parameters<typeof notificationMail>[1];

/*
 * Every mail, through a real SMTP server, in each language: a mail answering someone's own request in
 * that request's language (the `lang` cookie, else Accept-Language, else the account's, else Latin Uzbek),
 * a notification in the language its recipient last read the site in. Expected words are read from the
 * catalog; what people gave and the links stay as written, the links at the page in that language.
 */

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const PUBLIC_URL = 'http://localhost:5173';
const states = (locale: Locale) => ({ cookie: `lang=${locale}` });
let sequence = 0;
const address = (what: string) => `${what}_${Date.now().toString(36)}_${(sequence += 1)}@example.uz`;

/** The next mail to `to` after what has arrived so far, once `send` has run. */
/** The first mail to `to` sent after `send` (with `subject`, where mails of other kinds may come too). */
async function mailAfter(to: string, send: () => Promise<unknown>, subject?: string): Promise<ParsedMail> {
  const before = context.smtp.messages.length;
  await send();
  return context.smtp.waitForMail(
    to,
    (mail) =>
      context.smtp.messages.indexOf(mail) >= before && (subject === undefined || mail.subject === subject),
  );
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A mail whose words are `locale`'s: its subject, its paragraphs in both parts, the document's language. */
function expectWords(
  mail: ParsedMail,
  locale: Locale,
  subject: MessageKey,
  lines: MessageKey[],
  values: Record<string, string | number> = {},
) {
  const { t } = translator(locale);
  expect(mail.subject).toBe(t(subject, values));
  for (const line of ['mail.greeting' as const, ...lines]) {
    expect(mail.text, line).toContain(t(line, values));
    expect(String(mail.html), line).toContain(escapeHtml(t(line, values)));
  }
  expect(String(mail.html)).toContain(`<html lang="${LOCALE_INFO[locale].tag}">`);
}

/** The first link in the mail's text to one of the site's pages. */
const linkIn = (mail: ParsedMail) => /http:\/\/localhost:5173\/\S+/.exec(mail.text ?? '')?.[0] ?? '';

const pagePath = (locale: Locale, path: string) => `${PUBLIC_URL}${localizePath(locale, path)}`;

describe.each(LOCALES)('mails that answer a reader of %s', (locale) => {
  it('sends the sign-up link, at the sign-up page in that language, that works', async () => {
    const email = address('yangi');
    const mail = await mailAfter(email, () =>
      call(context.app, {
        method: 'POST',
        url: '/api/register/send-verification',
        headers: states(locale),
        payload: { email },
      }),
    );
    expectWords(mail, locale, 'mail.verification.subject', [
      'mail.verification.body',
      'mail.verification.ignore',
    ]);
    expect(String(mail.html)).toContain(escapeHtml(translator(locale).t('mail.verification.action')));
    expect(String(mail.html)).toContain(escapeHtml(translator(locale).t('mail.buttonFallback')));
    const { link, token } = tokenFromMail(mail);
    expect(
      link.startsWith(pagePath(locale, `/auth/register?email=${encodeURIComponent(email)}&token=`)),
    ).toBe(true);
    const registered = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      headers: { token },
      payload: {
        username: `til_${sequence}_${Date.now().toString(36)}`,
        email,
        password: 'yashil-olma-daraxti-42',
        firstname: 'Til',
        lastname: 'Sinov',
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
  });

  it('tells an address that already has an account, and links the sign-in page', async () => {
    const user = await signUp(context);
    const mail = await mailAfter(user.email, () =>
      call(context.app, {
        method: 'POST',
        url: '/api/register/send-verification',
        headers: states(locale),
        payload: { email: user.email },
      }),
    );
    expectWords(mail, locale, 'mail.alreadyRegistered.subject', [
      'mail.alreadyRegistered.body',
      'mail.notYou',
    ]);
    expect(linkIn(mail)).toBe(pagePath(locale, '/auth/login'));
  });

  it('sends a reset link, says there is no account elsewhere, and reports the new password', async () => {
    const user = await signUp(context);
    const forgot = (email: string) =>
      call(context.app, {
        method: 'POST',
        url: '/api/password/forgot',
        headers: states(locale),
        payload: { email },
      });

    const reset = await mailAfter(user.email, () => forgot(user.email));
    expectWords(reset, locale, 'mail.passwordReset.subject', [
      'mail.passwordReset.body',
      'mail.passwordReset.ignore',
    ]);
    const link = linkIn(reset);
    expect(link.startsWith(pagePath(locale, '/auth/reset-password?token='))).toBe(true);

    const nobody = address('hech_kim');
    const none = await mailAfter(nobody, () => forgot(nobody));
    expectWords(none, locale, 'mail.noAccount.subject', ['mail.noAccount.body', 'mail.notYou']);
    expect(linkIn(none)).toBe(pagePath(locale, '/auth/register/emailverification'));

    const token = new URL(link).searchParams.get('token')!;
    const changed = await mailAfter(user.email, async () => {
      const answer = await call(context.app, {
        method: 'POST',
        url: '/api/password/reset',
        headers: states(locale),
        payload: { token, password: 'qizil-nok-daraxti-2026' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    });
    expectWords(changed, locale, 'mail.passwordChanged.subject', [
      'mail.passwordChanged.body',
      'mail.passwordChanged.notYou',
    ]);
    expect(linkIn(changed)).toBe(pagePath(locale, '/auth/forgot-password'));
  });

  it('confirms a new address, refuses a taken one, and tells the old address, the new one as written', async () => {
    const user = await signUp(context);
    const other = await signUp(context);
    const ask = (email: string) =>
      call(context.app, {
        method: 'POST',
        url: '/api/user/me/email',
        headers: { 'x-token': user.token, ...states(locale) },
        payload: { email, currentPassword: user.password },
      });

    const taken = await mailAfter(other.email, () => ask(other.email));
    expectWords(taken, locale, 'mail.emailInUse.subject', ['mail.emailInUse.body', 'mail.notYou']);
    expect(linkIn(taken)).toBe(pagePath(locale, '/auth/login'));

    const newEmail = address('boshqa');
    const change = await mailAfter(newEmail, () => ask(newEmail));
    expectWords(change, locale, 'mail.emailChange.subject', [
      'mail.emailChange.body',
      'mail.emailChange.ignore',
    ]);
    const link = linkIn(change);
    expect(link.startsWith(pagePath(locale, '/auth/confirm-email?token='))).toBe(true);

    const changed = await mailAfter(user.email, () =>
      call(context.app, {
        method: 'POST',
        url: '/api/email/confirm',
        headers: states(locale),
        payload: { token: new URL(link).searchParams.get('token') },
      }),
    );
    expectWords(
      changed,
      locale,
      'mail.emailChanged.subject',
      ['mail.emailChanged.body', 'mail.emailChanged.notYou'],
      { email: newEmail },
    );
    expect(changed.text).toContain(newEmail);
  });

  it('says goodbye to a deleted account by its username', async () => {
    const user = await signUp(context);
    const mail = await mailAfter(user.email, async () => {
      const answer = await call(context.app, {
        method: 'DELETE',
        url: '/api/user/me',
        headers: { 'x-token': user.token, ...states(locale) },
        payload: { currentPassword: user.password },
      });
      expect(answer.statusCode, answer.body).toBe(204);
    });
    expectWords(mail, locale, 'mail.accountDeleted.subject', ['mail.accountDeleted.body'], {
      username: user.username,
    });
  });
});

describe('the language a request states, else its account’s', () => {
  it('takes Accept-Language when there is no cookie, and the cookie over it', async () => {
    const email = address('brauzer');
    const byHeader = await mailAfter(email, () =>
      call(context.app, {
        method: 'POST',
        url: '/api/password/forgot',
        headers: { 'accept-language': 'en-US,en;q=0.9,ru;q=0.8' },
        payload: { email },
      }),
    );
    expect(byHeader.subject).toBe(translator('en').t('mail.noAccount.subject'));
    const byCookie = await mailAfter(email, () =>
      call(context.app, {
        method: 'POST',
        url: '/api/password/forgot',
        headers: { 'accept-language': 'en', cookie: 'lang=uz-Cyrl' },
        payload: { email },
      }),
    );
    expect(byCookie.subject).toBe(translator('uz-Cyrl').t('mail.noAccount.subject'));
  });

  it('writes Latin Uzbek to a client that says nothing, as before', async () => {
    const email = address('jim');
    const mail = await mailAfter(email, () =>
      call(context.app, { method: 'POST', url: '/api/password/forgot', payload: { email } }),
    );
    expect(mail.subject).toBe('Portfolio Master: bu manzil bilan hisob yo‘q');
    expect(String(mail.html)).toContain('<html lang="uz-Latn">');
    expect(linkIn(mail)).toBe(`${PUBLIC_URL}/auth/register/emailverification`);
  });

  it('answers a signed-in request that states nothing in the account’s language', async () => {
    const user = await signUp(context);
    await stateLanguage(user, { 'accept-language': 'ru' });
    const newEmail = address('hisob_tili');
    const mail = await mailAfter(newEmail, () =>
      call(context.app, {
        method: 'POST',
        url: '/api/user/me/email',
        headers: { 'x-token': user.token },
        payload: { email: newEmail, currentPassword: user.password },
      }),
    );
    expect(mail.subject).toBe(translator('ru').t('mail.emailChange.subject'));
    const refused = await call(context.app, {
      method: 'POST',
      url: '/api/user/me/email',
      headers: { 'x-token': user.token },
      payload: { email: user.email, currentPassword: user.password },
    });
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: translator('ru').t('problem.email.same'),
      errors: { email: [translator('ru').t('problem.email.same')] },
    });
  });
});

const storedLocale = async (user: TestUser) =>
  (
    await context.app.services.db
      .selectFrom('users')
      .select('locale')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
  ).locale;

const stateLanguage = (user: TestUser, headers: Record<string, string>) =>
  call(context.app, { method: 'GET', url: '/api/user/me', headers: { 'x-token': user.token, ...headers } });

describe('notification mails in the language the account reads the site in', () => {
  it('remembers the language a signed-in request states; a client that states nothing changes nothing', async () => {
    const user = await signUp(context);
    expect(await storedLocale(user)).toBeNull();
    await stateLanguage(user, { cookie: 'script=cyrl' });
    expect(await storedLocale(user)).toBe('uz-Cyrl');
    await stateLanguage(user, {});
    await stateLanguage(user, { 'accept-language': 'de-DE,fr;q=0.5' });
    expect(await storedLocale(user)).toBe('uz-Cyrl');
    await stateLanguage(user, { 'accept-language': 'en-US,en;q=0.9' });
    expect(await storedLocale(user)).toBe('en');
    await stateLanguage(user, { cookie: 'lang=ru', 'accept-language': 'en' });
    expect(await storedLocale(user)).toBe('ru');
  });

  it.each(LOCALES)(
    'writes each kind in %s, its unsubscribe link at the page in that language',
    async (locale) => {
      const author = await signUp(context);
      const fan = await signUp(context, { firstname: 'Sherzod', lastname: 'Qodirov' });
      const other = await signUp(context, { firstname: 'Dilnoza', lastname: 'Karimova' });
      await stateLanguage(author, states(locale));
      await stateLanguage(fan, states(locale));
      const as = (user: TestUser) => ({ 'x-token': user.token });
      // Every kind by mail, likes included.
      for (const user of [author, fan]) {
        await call(context.app, {
          method: 'PUT',
          url: '/api/notifications/settings',
          headers: as(user),
          payload: { email: { comment: true, like: true, reply: true, post: true } },
        });
      }
      await call(context.app, {
        method: 'PUT',
        url: `/api/user/${author.username}/follow`,
        headers: as(fan),
      });

      const title = 'Ob-havo ilovasi';
      let portfolio = { _id: '', linktitle: '' };
      const posted = await mailAfter(fan.email, async () => {
        const created = await call(context.app, {
          method: 'POST',
          url: '/api/portfolio/create',
          headers: as(author),
          payload: { title, url: 'https://ob-havo.example.uz', used: ['React'] },
        });
        expect(created.statusCode, created.body).toBe(201);
        portfolio = created.json();
      });
      const name = 'Ali Valiyev';
      expectWords(posted, locale, 'mail.post.subject', ['mail.post.line'], { name, title });
      const page = pagePath(locale, `/portfolio/${encodeURIComponent(portfolio.linktitle)}`);
      expect(linkIn(posted)).toBe(page);

      const commented = await mailAfter(author.email, () =>
        call(context.app, {
          method: 'PUT',
          url: `/api/portfolio/comment/${portfolio._id}`,
          headers: as(fan),
          payload: { body: 'Zo‘r ish!' },
        }),
      );
      const fanName = 'Sherzod Qodirov';
      expectWords(commented, locale, 'mail.comment.subject', ['mail.comment.line'], {
        name: fanName,
        title,
        comment: 'Zo‘r ish!',
      });
      expect(commented.text).toContain('Zo‘r ish!');
      expect(linkIn(commented)).toBe(page);
      const unsubscribe = new RegExp(
        `${pagePath(locale, '/unsubscribe').replace(/[.?]/g, '\\$&')}\\?token=[\\w-]+&kind=comment`,
      );
      expect(commented.text).toMatch(unsubscribe);
      // The one-click address is the API's, the same in every language.
      const oneClick = commented.headerLines.find((header) => header.key === 'list-unsubscribe')?.line;
      expect(oneClick?.replace(/\r?\n\s+/g, '')).toMatch(
        /<http:\/\/localhost:5173\/api\/notifications\/unsubscribe\?token=[\w-]+&kind=comment>$/,
      );

      const replied = await mailAfter(fan.email, () =>
        call(context.app, {
          method: 'PUT',
          url: `/api/portfolio/comment/${portfolio._id}`,
          headers: as(other),
          payload: { body: 'Menga ham yoqdi' },
        }),
      );
      expectWords(replied, locale, 'mail.reply.subject', ['mail.reply.line'], {
        name: 'Dilnoza Karimova',
        title,
        comment: 'Menga ham yoqdi',
      });

      // The author hears of the reply as a comment too, and that mail may still be on its way.
      const liked = await mailAfter(
        author.email,
        () =>
          call(context.app, { method: 'PUT', url: `/api/portfolio/like/${portfolio._id}`, headers: as(fan) }),
        translator(locale).t('mail.like.subject', { name: fanName, title, others: 0 }),
      );
      expectWords(liked, locale, 'mail.like.subject', ['mail.like.line'], {
        name: fanName,
        title,
        others: 0,
      });
      expect(liked.text).toContain(
        translator(locale).t('mail.unsubscribe', { link: '' }).trim().slice(0, 20),
      );
    },
  );

  it('writes Latin Uzbek to an account that never stated a language', async () => {
    const author = await signUp(context);
    const reader = await signUp(context, { firstname: 'Sherzod' });
    const created = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: { 'x-token': author.token },
      payload: { title: 'Kutubxona', url: 'https://kutubxona.example.uz', used: ['Go'] },
    });
    const mail = await mailAfter(author.email, () =>
      call(context.app, {
        method: 'PUT',
        url: `/api/portfolio/comment/${created.json()._id}`,
        headers: { 'x-token': reader.token, 'accept-language': 'ru' },
        payload: { body: 'Zo‘r' },
      }),
    );
    expect(mail.subject).toBe('Portfolio Master: «Kutubxona» portfoliongizga izoh');
    expect(String(mail.html)).toContain('<html lang="uz-Latn">');
  });
});

describe('what people gave stays as written', () => {
  it('keeps an address, a name, a title and a comment in a Cyrillic mail, and says how many others liked', () => {
    const changed = emailChangedMail('old@example.uz', 'yangi.manzil@example.uz', 'uz-Cyrl');
    expect(changed.text).toContain('yangi.manzil@example.uz га ўзгартирилди');
    const notification = {
      kind: 'comment',
      actor: { firstname: 'Sherzod', lastname: 'Qodirov' },
      portfolio: { title: 'Ob-havo ilovasi' },
      comment: { excerpt: 'Juda yaxshi!' },
      othersCount: 0,
    } as unknown as MailedNotification;
    const links = {
      portfolioLink: 'https://portfolio.uz/uz-Cyrl/portfolio/x',
      unsubscribeLink: 'https://portfolio.uz/uz-Cyrl/unsubscribe?token=abc&kind=comment',
      oneClickLink: 'https://portfolio.uz/api/notifications/unsubscribe?token=abc&kind=comment',
    };
    const cyrillic = notificationMail('to@example.uz', notification, links, 'uz-Cyrl');
    expect(cyrillic.subject).toBe('Portfolio Master: «Ob-havo ilovasi» портфолионгизга изоҳ');
    expect(cyrillic.text).toContain(
      'Sherzod Qodirov «Ob-havo ilovasi» портфолионгизга изоҳ қолдирди: «Juda yaxshi!»',
    );
    expect(cyrillic.text).toContain(links.unsubscribeLink);
    expect(notificationMail('to@example.uz', notification, links).subject).toBe(
      'Portfolio Master: «Ob-havo ilovasi» portfoliongizga izoh',
    );

    const likes: MailedNotification = { ...notification, kind: 'like', othersCount: 4 };
    for (const locale of LOCALES) {
      const { t } = translator(locale);
      const line = t('mail.like.line', { name: 'Sherzod Qodirov', others: 4, title: 'Ob-havo ilovasi' });
      expect(notificationMail('to@example.uz', likes, links, locale).text).toContain(line);
      expect(line).toContain('4');
      expect(line).not.toBe(
        t('mail.like.line', { name: 'Sherzod Qodirov', others: 0, title: 'Ob-havo ilovasi' }),
      );
    }
  });
});
