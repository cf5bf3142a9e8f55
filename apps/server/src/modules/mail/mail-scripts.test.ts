import type { Notification } from '@portfolio-master/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, signUp, type TestContext } from '../../test/app.js';
import { tokenFromMail } from '../../test/smtp.js';
import { emailChangedMail, notificationMail } from './templates.js';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

describe('mails in the script of the person they answer', () => {
  it('sends the sign-up link in Cyrillic to a Cyrillic reader, through a real SMTP server', async () => {
    const email = `kirill_${Date.now()}@example.uz`;
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/register/send-verification',
      headers: { cookie: 'script=cyrl' },
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    const mail = await context.smtp.waitForMail(email);
    expect(mail.subject).toBe('Portfolio Master: email манзилингизни тасдиқланг');
    expect(mail.text).toContain('Ассалому алайкум!');
    expect(String(mail.html)).toContain('<html lang="uz-Cyrl">');
    expect(String(mail.html)).toContain('Тугма ишламаса');
    // The link is untouched and works.
    const { token, link } = tokenFromMail(mail);
    expect(link).toContain(`email=${encodeURIComponent(email)}`);
    expect(token).toMatch(/^[\w-]+$/);
  });

  it('sends Latin when the reader asked for nothing, and for Accept-Language: uz-Latn', async () => {
    const email = `lotin_${Date.now()}@example.uz`;
    await call(context.app, {
      method: 'POST',
      url: '/api/password/forgot',
      headers: { 'accept-language': 'uz-Latn' },
      payload: { email },
    });
    const mail = await context.smtp.waitForMail(email);
    expect(mail.subject).toBe('Portfolio Master: bu manzil bilan hisob yo‘q');
    expect(String(mail.html)).toContain('<html lang="uz-Latn">');
  });

  it('asks for a new password in the reader’s script, for an account that exists', async () => {
    const user = await signUp(context);
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/password/forgot',
      headers: { 'accept-language': 'uz-Cyrl' },
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(200);
    const mail = await context.smtp.waitForMail(user.email, (m) => /парол/i.test(m.subject ?? ''));
    expect(mail.subject).toBe('Portfolio Master: паролни тиклаш');
  });
});

describe('notification mails in the script the account reads the site in', () => {
  it('remembers the script a signed-in request states, and writes the account’s notifications in it', async () => {
    const author = await signUp(context);
    const reader = await signUp(context, { firstname: 'Sherzod' });
    const me = (headers: Record<string, string>) =>
      call(context.app, {
        method: 'GET',
        url: '/api/user/me',
        headers: { 'x-token': author.token, ...headers },
      });
    const stored = async () =>
      (
        await context.app.services.db
          .selectFrom('users')
          .select('script')
          .where('id', '=', author.id)
          .executeTakeFirstOrThrow()
      ).script;
    expect(await stored()).toBeNull();
    expect((await me({ cookie: 'script=cyrl' })).statusCode).toBe(200);
    expect(await stored()).toBe('cyrl');
    // A client that states nothing (the original web app, curl) changes nothing.
    await me({});
    await me({ 'accept-language': 'en-US,en;q=0.9' });
    expect(await stored()).toBe('cyrl');

    const created = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: { 'x-token': author.token },
      payload: { title: 'Ob-havo ilovasi', url: 'https://ob-havo.example.uz', used: ['React'] },
    });
    expect(created.statusCode).toBe(201);
    const portfolio = created.json() as { _id: string; title: string };
    const before = context.smtp.messages.length;
    const comment = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/comment/${portfolio._id}`,
      headers: { 'x-token': reader.token },
      payload: { body: 'Zo‘r ish!' },
    });
    expect(comment.statusCode).toBe(201);
    const mail = await context.smtp.waitForMail(author.email, () => context.smtp.messages.length > before);
    expect(mail.subject).toMatch(/портфолионгизга изоҳ$/);
    expect(mail.text).toContain('«Zo‘r ish!»');
    expect(mail.text).toContain(portfolio.title);

    // Back to Latin.
    await me({ 'accept-language': 'uz-Latn' });
    expect(await stored()).toBe('latn');
  });
});

describe('what people gave stays as written', () => {
  it('keeps an address, a name, a title and a comment in a Cyrillic mail', () => {
    const changed = emailChangedMail('old@example.uz', 'yangi.manzil@example.uz', 'cyrl');
    expect(changed.text).toContain('yangi.manzil@example.uz га ўзгартирилди');
    const notification = {
      kind: 'comment',
      actor: { firstname: 'Sherzod', lastname: 'Qodirov' },
      portfolio: { title: 'Ob-havo ilovasi' },
      comment: { excerpt: 'Juda yaxshi!' },
      othersCount: 0,
    } as unknown as Notification;
    const links = {
      portfolioLink: 'https://portfolio.uz/portfolio/x',
      unsubscribeLink: 'https://portfolio.uz/unsubscribe?token=abc&kind=comment',
      oneClickLink: 'https://portfolio.uz/api/notifications/unsubscribe?token=abc&kind=comment',
    };
    const cyrillic = notificationMail('to@example.uz', notification, links, 'cyrl');
    expect(cyrillic.subject).toBe('Portfolio Master: «Ob-havo ilovasi» портфолионгизга изоҳ');
    expect(cyrillic.text).toContain(
      'Sherzod Qodirov «Ob-havo ilovasi» портфолионгизга изоҳ қолдирди: «Juda yaxshi!»',
    );
    expect(cyrillic.text).toContain(links.unsubscribeLink);
    const latin = notificationMail('to@example.uz', notification, links);
    expect(latin.subject).toBe('Portfolio Master: «Ob-havo ilovasi» portfoliongizga izoh');
    expect(latin.text).not.toMatch(/[\uE000\uE001]/);
    expect(cyrillic.text).not.toMatch(/[\uE000\uE001]/);
  });
});
