import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueuePost } from '../../data/telegram-channel.repository.js';
import { eventually, type StandInBotApi, startBotApi, TOO_MANY } from '../../test/bot-api.js';
import {
  call,
  createTestContext,
  createWithImages,
  signUp,
  type TestContext,
  type TestUser,
} from '../../test/app.js';
import { digestWeek, hashtag, TelegramChannel } from './telegram-channel.js';

/*
 * The site's Telegram channel (docs/decisions/0046-telegram-channel.md): each new public portfolio posted
 * once through an outbox, its post deleted when it is hidden, deleted or opted out, and the week's best
 * every Monday at 09:00 Tashkent time, once per week.
 */

const BOT_TOKEN = '123456789:AAFakeTokenForTests_abcdefghijklmnop';
const CHANNEL = '@portfolio_master_uz';
const SITE = 'http://localhost:5173';
const ADMIN_EMAIL = 'kanal-admin@example.uz';
const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));

let api: StandInBotApi;
let context: TestContext;
let admin: TestUser;
/** The digest's clock: the app's worker reads it, the tests move it. */
let clock = Date.now();

beforeAll(async () => {
  api = await startBotApi();
  context = await createTestContext(
    {
      TELEGRAM_BOT_NAME: 'PortfolioMasterBot',
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_API_URL: api.url,
      TELEGRAM_CHANNEL: CHANNEL,
      ADMIN_EMAILS: ADMIN_EMAIL,
    },
    {
      telegramChannel: {
        idleMs: 25,
        gapMs: 0,
        backoffMs: 100,
        digestCheckMs: 0,
        digestClock: () => clock,
      },
    },
  );
  admin = await signUp(context, { email: ADMIN_EMAIL, username: 'kanal_admin' });
});
afterAll(async () => {
  await context.close();
  await api.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const db = () => context.app.services.db;
const as = (user: TestUser) => ({ 'x-token': user.token });
const photosOf = (linktitle: string) =>
  api.sent.filter((message) => message.chatId === CHANNEL && message.photo?.includes(`/${linktitle}.png`));
const rowOf = (id: string) =>
  db().selectFrom('telegram_channel_posts').selectAll().where('portfolio_id', '=', id).executeTakeFirst();
/** Another worker on the app's database (a restart, a second instance). */
const worker = (options: Partial<ConstructorParameters<typeof TelegramChannel>[0]> = {}) =>
  new TelegramChannel({
    db: db(),
    postgres: context.app.services.dialect === 'postgres',
    bot: context.app.services.telegramChats.bot!,
    channelId: CHANNEL,
    publicUrl: SITE,
    logger: context.app.log,
    idleMs: 10,
    gapMs: 0,
    ...options,
  });
let people = 0;
const person = async () => {
  people += 1;
  return signUp(context, { firstname: 'Kanal', lastname: `Muallif${people}` });
};
const post = (user: TestUser, title: string, fields: Record<string, string> = {}) =>
  createWithImages<{ _id: string; linktitle: string }>(context.app, user, 0, {
    title,
    used: 'React,Node.js,C++',
    ...fields,
  });

describe('a new portfolio', () => {
  it('is posted once: its card, title, author, technologies as hashtags and address; edits post nothing', async () => {
    const author = await person();
    const portfolio = await post(author, 'Kanal uchun loyiha');
    await eventually(async () => (await rowOf(portfolio._id))?.status === 'posted');
    const [sent] = photosOf(portfolio.linktitle);
    expect(sent!.photo).toBe(`${SITE}/og/portfolio/${portfolio.linktitle}.png`);
    expect(sent!.text).toContain('«Kanal uchun loyiha»');
    expect(sent!.text).toContain(`Kanal Muallif${people}`);
    expect(sent!.text).toContain('#React #Node_js #Cpp');
    expect(sent!.text).toContain(`${SITE}/portfolio/${portfolio.linktitle}`);
    expect(Number((await rowOf(portfolio._id))!.message_id)).toBe(sent!.messageId);

    const edited = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/update/${portfolio._id}`,
      headers: { ...as(author), 'content-type': 'application/json' },
      payload: { title: 'Kanal uchun loyiha 2' },
    });
    expect(edited.statusCode).toBe(200);
    // A second worker started later (a restart) finds nothing to post either.
    const restarted = worker({ idleMs: 25, digests: false });
    restarted.start();
    await pause(400);
    await restarted.stop();
    expect(photosOf(portfolio.linktitle)).toHaveLength(1);
  });

  it('opted out (“Kanalda e’lon qilinmasin”) is never posted; opting out later deletes the post', async () => {
    const author = await person();
    const quiet = await post(author, 'Jim loyiha', { channelOptOut: 'true' });
    const loud = await post(author, 'Keyin jim');
    await eventually(async () => (await rowOf(loud._id))?.status === 'posted');
    expect(await rowOf(quiet._id)).toBeUndefined();
    const messageId = photosOf(loud.linktitle)[0]!.messageId;
    const optOut = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/update/${loud._id}`,
      headers: { ...as(author), 'content-type': 'application/json' },
      payload: { channelOptOut: true },
    });
    expect(optOut.statusCode).toBe(200);
    await eventually(() => api.deleted.some((message) => message.messageId === messageId));
    await eventually(async () => (await rowOf(loud._id)) === undefined);
    expect(photosOf(quiet.linktitle)).toHaveLength(0);
    const bad = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/update/${loud._id}`,
      headers: { ...as(author), 'content-type': 'application/json' },
      payload: { channelOptOut: 'balki' },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('hidden or deleted', () => {
  it('before its turn: never posted (Telegram’s 429 kept it waiting, its retry_after honoured)', async () => {
    const author = await person();
    api.failNextSends(CHANNEL, TOO_MANY(2));
    const portfolio = await post(author, 'Yashirin loyiha');
    await eventually(
      async () =>
        (await rowOf(portfolio._id))?.attempts === 0 &&
        api.calls.some((c) => c.method === 'sendPhoto' && String(c.params.caption).includes('Yashirin')),
    );
    const hidden = await call(context.app, {
      method: 'POST',
      url: '/api/admin/hide',
      headers: { ...as(admin), 'content-type': 'application/json' },
      payload: { target: 'portfolio', id: portfolio._id, reason: 'Spam' },
    });
    expect(hidden.statusCode).toBeLessThan(300);
    await eventually(async () => (await rowOf(portfolio._id)) === undefined, 5000);
    expect(photosOf(portfolio.linktitle)).toHaveLength(0);
  });

  it('after it was posted: its message is deleted, by a moderator’s hiding or the author’s deleting', async () => {
    const author = await person();
    const first = await post(author, 'Keyin yashiriladi');
    const second = await post(author, 'Keyin o‘chiriladi');
    await eventually(
      async () =>
        (await rowOf(first._id))?.status === 'posted' && (await rowOf(second._id))?.status === 'posted',
    );
    const firstMessage = photosOf(first.linktitle)[0]!.messageId;
    const secondMessage = photosOf(second.linktitle)[0]!.messageId;
    await call(context.app, {
      method: 'POST',
      url: '/api/admin/hide',
      headers: { ...as(admin), 'content-type': 'application/json' },
      payload: { target: 'portfolio', id: first._id, reason: 'Spam' },
    });
    const removed = await call(context.app, {
      method: 'DELETE',
      url: `/api/portfolio/delete/${second._id}`,
      headers: as(author),
    });
    expect(removed.statusCode).toBeLessThan(300);
    await eventually(() =>
      [firstMessage, secondMessage].every((id) => api.deleted.some((message) => message.messageId === id)),
    );
    expect(api.deleted.filter((message) => message.messageId === firstMessage)).toHaveLength(1);
    await eventually(
      async () => (await rowOf(first._id)) === undefined && (await rowOf(second._id)) === undefined,
    );
  });
});

describe('a failing Telegram', () => {
  it('429 with retry_after: posted once, no sooner than Telegram asked', async () => {
    const author = await person();
    api.failNextSends(CHANNEL, TOO_MANY(1));
    const start = Date.now();
    const portfolio = await post(author, 'Sabrli loyiha');
    await eventually(async () => (await rowOf(portfolio._id))?.status === 'posted', 6000);
    const refused = api.calls.find(
      (c) => c.method === 'sendPhoto' && String(c.params.caption).includes('Sabrli'),
    );
    expect(refused).toBeDefined();
    expect(photosOf(portfolio.linktitle)).toHaveLength(1);
    expect(photosOf(portfolio.linktitle)[0]!.at - start).toBeGreaterThanOrEqual(1000);
  });

  it('5xx: tried again after a wait, then posted once', async () => {
    const author = await person();
    api.failNextSends(CHANNEL, { error_code: 502, description: 'Bad Gateway' }, 2);
    const portfolio = await post(author, 'Qaytadan');
    await eventually(async () => (await rowOf(portfolio._id))?.status === 'posted', 6000);
    expect(photosOf(portfolio.linktitle)).toHaveLength(1);
    expect((await rowOf(portfolio._id))!.attempts).toBe(2);
  });
});

describe('two workers on one database', () => {
  it('post each portfolio once', async () => {
    const extra = worker({ digests: false });
    extra.start();
    try {
      const author = await person();
      const made: { _id: string; linktitle: string }[] = [];
      for (let n = 0; n < 6; n += 1) made.push(await post(author, `Ikki ishchi ${n}`));
      await eventually(async () => {
        const rows = await Promise.all(made.map((portfolio) => rowOf(portfolio._id)));
        return rows.every((row) => row?.status === 'posted');
      });
      for (const portfolio of made) expect(photosOf(portfolio.linktitle)).toHaveLength(1);
    } finally {
      await extra.stop();
    }
  });
});

describe('a worker killed with SIGKILL in the middle of a send', () => {
  it('leaves the post to another, which sends it at most once more and records it', async () => {
    // A site of its own with no channel worker running: the killed one and its successor are the only two.
    const quiet = await createTestContext({
      TELEGRAM_BOT_NAME: 'PortfolioMasterBot',
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_API_URL: api.url,
    });
    const successor = new TelegramChannel({
      db: quiet.app.services.db,
      postgres: quiet.app.services.dialect === 'postgres',
      bot: quiet.app.services.telegramChats.bot!,
      channelId: CHANNEL,
      publicUrl: SITE,
      logger: quiet.app.log,
      idleMs: 25,
      gapMs: 0,
      leaseMs: 2000,
      claimMs: 1500,
      digests: false,
    });
    try {
      const author = await signUp(quiet, { firstname: 'Uzilgan', lastname: 'Muallif' });
      const portfolio = await createWithImages<{ _id: string; linktitle: string }>(quiet.app, author, 0, {
        title: 'Uzilgan yuborish',
      });
      await enqueuePost(quiet.app.services.db, portfolio._id, new Date().toISOString());
      api.holdSends(CHANNEL);
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--conditions=source', 'src/test/channel-worker.ts'],
        {
          cwd: SERVER_DIR,
          env: {
            ...process.env,
            DATABASE_URL: quiet.database.url,
            TELEGRAM_API_URL: api.url,
            TELEGRAM_CHANNEL: CHANNEL,
            PUBLIC_URL: SITE,
            CLAIM_MS: '1500',
            LOG_LEVEL: 'silent',
          },
          stdio: 'ignore',
        },
      );
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await eventually(() => photosOf(portfolio.linktitle).length === 1, 30_000);
      } finally {
        child.kill('SIGKILL');
      }
      await exited;
      api.releaseHeld(CHANNEL);
      // The killed worker's lease and claim run out; the successor takes the row and sends it again.
      successor.start();
      const row = () =>
        quiet.app.services.db
          .selectFrom('telegram_channel_posts')
          .selectAll()
          .where('portfolio_id', '=', portfolio._id)
          .executeTakeFirst();
      await eventually(async () => (await row())?.status === 'posted', 20_000);
      expect(photosOf(portfolio.linktitle)).toHaveLength(2);
      expect(Number((await row())!.message_id)).toBe(photosOf(portfolio.linktitle)[1]!.messageId);
    } finally {
      api.releaseHeld(CHANNEL);
      await successor.stop();
      await quiet.close();
    }
  });
});

describe('the week’s best', () => {
  it('is due Mondays at 09:00 in Tashkent', () => {
    // Monday 30 November 2026, 08:59 and 09:00 in Tashkent (UTC+5).
    expect(digestWeek(Date.UTC(2026, 10, 30, 3, 59))).toEqual({
      week: '2026-11-23',
      dueAt: Date.UTC(2026, 10, 23, 4, 0),
    });
    expect(digestWeek(Date.UTC(2026, 10, 30, 4, 0)).week).toBe('2026-11-30');
    // Sunday night in Tashkent is still the week before.
    expect(digestWeek(Date.UTC(2026, 11, 6, 18, 59)).week).toBe('2026-11-30');
    expect(digestWeek(Date.UTC(2026, 11, 6, 19, 0)).week).toBe('2026-11-30');
    expect(hashtag('Node.js')).toBe('#Node_js');
    expect(hashtag('C#')).toBe('#Csharp');
    expect(hashtag('1С')).toBe('#1С');
    expect(hashtag('2024')).toBeNull();
  });

  it('is posted once a week, whenever workers start and however many ask', async () => {
    const author = await person();
    const liker = await person();
    const best = await post(author, 'Haftaning yulduzi');
    await call(context.app, { method: 'PUT', url: `/api/portfolio/like/${best._id}`, headers: as(liker) });
    await context.app.services.portfolios.refreshTrending();
    const digests = () => api.sent.filter((message) => message.chatId === CHANNEL && !message.photo);
    // The week the app started in was posted at start (an instance finds its week not yet posted).
    await eventually(
      async () => (await db().selectFrom('telegram_digests').selectAll().execute()).length >= 1,
    );
    const before = digests().length;
    const next = digestWeek(clock);
    // Next Monday, a minute before nine: nothing; at nine: one digest.
    clock = next.dueAt + 7 * 24 * 60 * 60 * 1000 - 60_000;
    await pause(300);
    expect(digests()).toHaveLength(before);
    clock += 60_000;
    await eventually(() => digests().length === before + 1);
    const [digest] = digests().slice(-1);
    expect(digest!.text).toContain('Haftaning eng yaxshilari');
    expect(digest!.text).toContain('1. «Haftaning yulduzi»');
    expect(digest!.text).toContain(`${SITE}/portfolio/${best.linktitle}`);
    // A restart, and the command (`npm run admin -- telegram-digest`), post it no second time.
    const again = worker({ digestCheckMs: 0, digestClock: () => clock });
    expect(await again.postDigest()).toBe('already');
    again.start();
    await pause(300);
    await again.stop();
    expect(digests()).toHaveLength(before + 1);
  });
});
