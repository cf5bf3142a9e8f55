import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../data/notifications.repository.js';
import { claimDue, claimFanOut } from '../../data/telegram-outbox.repository.js';
import { createDatabase } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import {
  BLOCKED,
  eventually,
  privateText,
  type StandInBotApi,
  startBotApi,
  TOO_MANY,
} from '../../test/bot-api.js';
import { userRow } from '../../test/rows.js';
import {
  call,
  createTestContext,
  createWithImages,
  signUp,
  type TestContext,
  type TestUser,
} from '../../test/app.js';
import { TelegramOutbox } from './telegram-outbox.js';

/*
 * Notifications through the bot (docs/decisions/0044-telegram-notifications.md): queued with the
 * notification for those who linked a chat and want the kind there, sent by one worker within Telegram's
 * limits, one message each in the recipient's language.
 */

const BOT_TOKEN = '123456789:AAFakeTokenForTests_abcdefghijklmnop';
const SITE = 'http://localhost:5173';

let api: StandInBotApi;
let context: TestContext;
beforeAll(async () => {
  api = await startBotApi();
  context = await createTestContext({
    TELEGRAM_BOT_NAME: 'PortfolioMasterBot',
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_URL: api.url,
  });
});
afterAll(async () => {
  await context.close();
  await api.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const db = () => context.app.services.db;
const as = (user: TestUser) => ({ 'x-token': user.token });
let chatSequence = 91_000;
const chats = new Map<string, number>();
/** What the bot sent to `user`'s chat, the greeting left out. */
const noticesTo = (user: TestUser) =>
  api.sent
    .filter((message) => message.chatId === String(chats.get(user.id)))
    .slice(1)
    .map((message) => message.text);
const rowsOf = (user: TestUser) =>
  db().selectFrom('telegram_outbox').selectAll().where('user_id', '=', user.id).execute();

async function person(firstname: string, locale: string | null = null): Promise<TestUser> {
  const user = await signUp(context, { firstname, lastname: 'Karimov' });
  await db().updateTable('users').set({ locale }).where('id', '=', user.id).execute();
  return user;
}

/** Links a chat to `user` the way people do: the deep link, then Start in the bot's chat (polled). */
async function link(user: TestUser): Promise<number> {
  const answer = await call(context.app, {
    method: 'POST',
    url: '/api/user/me/telegram-chat',
    headers: as(user),
  });
  expect(answer.statusCode).toBe(200);
  const token = /start=([\w-]+)$/.exec(answer.json().url)![1]!;
  chatSequence += 1;
  const chat = chatSequence;
  chats.set(user.id, chat);
  api.push(privateText(chat, `/start ${token}`));
  await eventually(() => api.sent.some((message) => message.chatId === String(chat)));
  return chat;
}

const settings = async (user: TestUser) =>
  (await call(context.app, { method: 'GET', url: '/api/notifications/settings', headers: as(user) })).json();
const saveSettings = (user: TestUser, payload: Record<string, unknown>) =>
  call(context.app, { method: 'PUT', url: '/api/notifications/settings', headers: as(user), payload });
const comment = async (user: TestUser, id: string, body: string) =>
  expect(
    (
      await call(context.app, {
        method: 'PUT',
        url: `/api/portfolio/comment/${id}`,
        headers: as(user),
        payload: { body },
      })
    ).statusCode,
  ).toBe(201);
const like = async (user: TestUser, id: string) =>
  expect(
    (await call(context.app, { method: 'PUT', url: `/api/portfolio/like/${id}`, headers: as(user) }))
      .statusCode,
  ).toBe(200);
const follow = async (user: TestUser, whom: TestUser) =>
  expect(
    (await call(context.app, { method: 'PUT', url: `/api/user/${whom.username}/follow`, headers: as(user) }))
      .statusCode,
  ).toBeLessThan(300);
const post = (user: TestUser, title: string) =>
  createWithImages<{ _id: string; linktitle: string }>(context.app, user, 0, { title });
/** A worker beside the app's own, on the same database. */
const secondWorker = () =>
  new TelegramOutbox({
    db: db(),
    postgres: context.app.services.dialect === 'postgres',
    chats: context.app.services.telegramChats,
    publicUrl: SITE,
    logger: context.app.log,
    idleMs: 50,
  });
/** Whether a message to `chat` was tried since the stand-in's `before`-th call. */
const triedSince = (before: number, chat: number) =>
  api.calls
    .slice(before)
    .some((entry) => entry.method === 'sendMessage' && String(entry.params.chat_id) === String(chat));
/** A held like's minute, passed. */
const releaseHeld = () =>
  db().updateTable('telegram_outbox').set({ next_at: new Date().toISOString() }).execute();

describe('settings', () => {
  it('answer the Telegram switches beside the mail ones; linking turns on those on for mail', async () => {
    const user = await person('Sozlama');
    expect(await settings(user)).toEqual({
      email: { comment: true, like: false, reply: true, mention: true, post: true },
      telegram: { comment: false, like: false, reply: false, mention: false, post: false },
    });
    const chosen = { comment: true, like: true, reply: false, mention: false, post: true };
    expect((await saveSettings(user, { email: chosen })).json()).toEqual({
      email: chosen,
      telegram: { comment: false, like: false, reply: false, mention: false, post: false },
    });
    await link(user);
    expect((await settings(user)).telegram).toEqual(chosen);

    // Each is its own switch from then on; an older client that sends only `email`, or no `mention`,
    // keeps those it does not send.
    const both = {
      email: { comment: false, like: false, reply: false, mention: false, post: false },
      telegram: { comment: false, like: true, reply: true, mention: true, post: false },
    };
    expect((await saveSettings(user, both)).json()).toEqual(both);
    const older = { email: { comment: true, like: false, reply: true, post: true } };
    expect((await saveSettings(user, older)).json()).toEqual({
      email: { ...older.email, mention: false },
      telegram: both.telegram,
    });
    expect((await saveSettings(user, { email: older.email, telegram: { comment: 'yes' } })).statusCode).toBe(
      422,
    );
  });
});

describe('each kind', () => {
  it('goes once, in the recipient’s language, with the portfolio’s title and address', async () => {
    const author = await person('Dilnoza', 'ru');
    const earlier = await person('Jasur', 'en');
    const follower = await person('Bobur', 'uz-Cyrl');
    const aziz = await person('Aziz');
    await saveSettings(author, { email: { comment: true, like: true, reply: true, post: true } });
    await Promise.all([link(author), link(earlier), link(follower)]);
    await follow(follower, author);

    const portfolio = await post(author, 'Ob-havo ilovasi');
    await eventually(() => noticesTo(follower).length === 1);
    expect(noticesTo(follower)).toEqual([
      `Сиз кузатаётган Dilnoza Karimov янги портфолио жойлади: «Ob-havo ilovasi».\n${SITE}/uz-Cyrl/portfolio/${portfolio.linktitle}`,
    ]);

    await comment(earlier, portfolio._id, 'Juda chiroyli');
    await comment(aziz, portfolio._id, 'Menga ham yoqdi');
    await eventually(() => noticesTo(author).length === 2 && noticesTo(earlier).length === 1);
    const address = `${SITE}/ru/portfolio/${portfolio.linktitle}`;
    expect(noticesTo(author)).toEqual([
      `Новый комментарий от Jasur Karimov к вашему портфолио «Ob-havo ilovasi»: «Juda chiroyli»\n${address}`,
      `Новый комментарий от Aziz Karimov к вашему портфолио «Ob-havo ilovasi»: «Menga ham yoqdi»\n${address}`,
    ]);
    expect(noticesTo(earlier)).toEqual([
      `Aziz Karimov also commented on “Ob-havo ilovasi”, where you commented: “Menga ham yoqdi”\n${SITE}/en/portfolio/${portfolio.linktitle}`,
    ]);

    await like(aziz, portfolio._id);
    expect(await rowsOf(author)).toEqual([expect.objectContaining({ kind: 'like', actor_id: aziz.id })]);
    await releaseHeld();
    await eventually(() => noticesTo(author).length === 3);
    expect(noticesTo(author)[2]).toBe(
      `Ваше портфолио «Ob-havo ilovasi» понравилось пользователю Aziz Karimov.\n${address}`,
    );

    // Once: nothing more comes, and nothing is left waiting.
    await pause(1500);
    expect(noticesTo(author)).toHaveLength(3);
    expect(noticesTo(follower)).toHaveLength(1);
    expect(noticesTo(earlier)).toHaveLength(1);
    expect(await db().selectFrom('telegram_outbox').selectAll().execute()).toEqual([]);
  });

  it('bring a reply to the answered writer’s chat once, and nothing while replies are off there', async () => {
    const author = await person('Sardor');
    const asker = await person('Nodira');
    const answerer = await person('Temur');
    await link(asker);
    const portfolio = await post(author, 'Savollar');
    const reply = async (who: TestUser, body: string) => {
      const [question] = await db()
        .selectFrom('comments')
        .select('id')
        .where('portfolio_id', '=', portfolio._id)
        .where('author_id', '=', asker.id)
        .execute();
      const answer = await call(context.app, {
        method: 'PUT',
        url: `/api/portfolio/comment/${portfolio._id}`,
        headers: as(who),
        payload: { body, parentId: question!.id },
      });
      expect(answer.statusCode).toBe(201);
    };
    await comment(asker, portfolio._id, 'Qaysi ma’lumotlar bazasi?');
    await reply(answerer, 'PostgreSQL');
    await eventually(() => noticesTo(asker).length === 1);
    expect(noticesTo(asker)).toEqual([
      `Temur Karimov siz izoh qoldirgan «Savollar» portfoliosida yozdi: «PostgreSQL»\n${SITE}/portfolio/${portfolio.linktitle}`,
    ]);
    // One's own reply tells nobody in Telegram either; switched off, the kind stays in the bell only.
    await reply(asker, 'Rahmat');
    await saveSettings(asker, {
      email: { comment: true, like: false, reply: true, post: true },
      telegram: { comment: true, like: false, reply: false, post: true },
    });
    await reply(answerer, 'Arzimaydi');
    expect(await rowsOf(asker)).toEqual([]);
    await pause(1200);
    expect(noticesTo(asker)).toHaveLength(1);
  });

  it('bring a mention to the named person’s chat, quoting the comment, or naming the description', async () => {
    const author = await person('Bobur');
    const named = await person('Aziza');
    await link(named);
    const portfolio = await post(author, 'Eslatmalar');
    await comment(author, portfolio._id, `Qarang, @${named.username}`);
    const updated = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/update/${portfolio._id}`,
      headers: as(author),
      payload: { description: `Birga o‘ylaganmiz: @${named.username}` },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await eventually(() => noticesTo(named).length === 2);
    const address = `${SITE}/portfolio/${portfolio.linktitle}`;
    expect(noticesTo(named).sort()).toEqual([
      `Bobur Karimov sizni «Eslatmalar» portfoliosi tavsifida eslatib o‘tdi.\n${address}`,
      `Bobur Karimov sizni «Eslatmalar» portfoliosidagi izohda eslatib o‘tdi: «Qarang, @${named.username}»\n${address}`,
    ]);
  });

  it('ten likes within a minute make one message, in Latin Uzbek for an account that named no language', async () => {
    const author = await person('Malika');
    await saveSettings(author, { email: { comment: true, like: true, reply: true, post: true } });
    await link(author);
    const portfolio = await post(author, 'Kalkulyator');
    const likers = [];
    for (let n = 0; n < 10; n += 1) likers.push(await person(`Muxlis${n}`));
    for (const liker of likers) await like(liker, portfolio._id);
    const rows = await rowsOf(author);
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'like', actor_id: likers[9]!.id, others_count: 9 }),
    ]);
    // Held for the likes after it.
    expect(Date.parse(String(rows[0]!.next_at)) - Date.now()).toBeGreaterThan(50_000);
    await pause(1200);
    expect(noticesTo(author)).toEqual([]);

    await releaseHeld();
    await eventually(() => noticesTo(author).length === 1);
    expect(noticesTo(author)).toEqual([
      `Muxlis9 Karimov va yana 9 kishi «Kalkulyator» portfoliongizni yoqtirdi.\n${SITE}/portfolio/${portfolio.linktitle}`,
    ]);
  });
});

describe('nothing is sent', () => {
  it('for a kind switched off, to an account with no chat, or of one’s own action', async () => {
    const off = await person('Ochiq');
    const unlinked = await person('Boglanmagan');
    const other = await person('Begona');
    await link(off);
    await saveSettings(off, {
      email: { comment: true, like: true, reply: true, post: true },
      telegram: { comment: false, like: false, reply: false, post: false },
    });
    await saveSettings(unlinked, {
      email: { comment: true, like: true, reply: true, post: true },
      telegram: { comment: true, like: true, reply: true, post: true },
    });
    const first = await post(off, 'Yopiq sozlama');
    const second = await post(unlinked, 'Chatsiz');
    await comment(other, first._id, 'Salom');
    await like(other, first._id);
    await comment(other, second._id, 'Salom');
    await like(other, second._id);
    expect(await rowsOf(off)).toEqual([]);
    expect(await rowsOf(unlinked)).toEqual([]);

    // One's own comment and like: the bell is silent about them, and so is the bot.
    const self = await person('Ozim');
    await link(self);
    await saveSettings(self, {
      email: { comment: true, like: true, reply: true, post: true },
      telegram: { comment: true, like: true, reply: true, post: true },
    });
    const own = await post(self, 'O‘zimniki');
    await comment(self, own._id, 'O‘zimning izohim');
    await like(self, own._id);
    expect(await rowsOf(self)).toEqual([]);
    const bell = await call(context.app, { method: 'GET', url: '/api/notifications', headers: as(self) });
    expect(bell.json().items).toEqual([]);
    await pause(1200);
    expect(noticesTo(off)).toEqual([]);
    expect(noticesTo(self)).toEqual([]);
  });
});

describe('Telegram’s answers', () => {
  it('429: sent again after retry_after, once', async () => {
    const author = await person('Kutuvchi');
    const chat = await link(author);
    const portfolio = await post(author, 'Navbat');
    const commenter = await person('Shoshqaloq');
    api.failSends(chat, TOO_MANY(2));
    const before = api.calls.length;
    await comment(commenter, portfolio._id, 'Birinchi');
    await eventually(() => triedSince(before, chat));
    const refusedAt = Date.now();
    api.clearFailure(chat);
    // The worker puts the row back once it has read Telegram's answer.
    await eventually(async () => (await rowsOf(author))[0]?.status === 'pending');
    const [row] = await rowsOf(author);
    expect(row).toEqual(expect.objectContaining({ status: 'pending', attempts: 0 }));
    expect(Date.parse(String(row!.next_at)) - refusedAt).toBeGreaterThan(1000);
    await eventually(() => noticesTo(author).length === 1);
    expect(Date.now() - refusedAt).toBeGreaterThan(1000);
    await pause(1500);
    expect(noticesTo(author)).toHaveLength(1);
  });

  it('403: the chat is unlinked, its row dropped, and nothing more is sent', async () => {
    const author = await person('Bloklagan');
    const chat = await link(author);
    const portfolio = await post(author, 'Bloklangan');
    const commenter = await person('Yozuvchi');
    api.failSends(chat, BLOCKED);
    await comment(commenter, portfolio._id, 'Birinchi');
    await eventually(async () => (await rowsOf(author)).length === 0);
    const me = await call(context.app, { method: 'GET', url: '/api/user/me', headers: as(author) });
    expect(me.json().telegramChat).toEqual({ linked: false, linkedAt: null });
    const tried = api.calls.filter(
      (entry) => entry.method === 'sendMessage' && String(entry.params.chat_id) === String(chat),
    ).length;
    await comment(commenter, portfolio._id, 'Ikkinchi');
    expect(await rowsOf(author)).toEqual([]);
    await pause(1200);
    expect(
      api.calls.filter(
        (entry) => entry.method === 'sendMessage' && String(entry.params.chat_id) === String(chat),
      ),
    ).toHaveLength(tried);
    api.clearFailure(chat);
  });
});

describe('a failing Telegram', () => {
  it('5xx: retried after a wait, then sent once', async () => {
    const author = await person('Sabrli');
    const chat = await link(author);
    const portfolio = await post(author, 'Qayta urinish');
    const commenter = await person('Izohchi');
    api.failSends(chat, { error_code: 502, description: 'Bad Gateway' });
    await comment(commenter, portfolio._id, 'Birinchi');
    await eventually(async () => (await rowsOf(author))[0]?.attempts === 1);
    const [row] = await rowsOf(author);
    expect(row).toEqual(expect.objectContaining({ status: 'pending', attempts: 1 }));
    // The first retry waits 5 seconds.
    expect(Date.parse(String(row!.next_at)) - Date.now()).toBeGreaterThan(3000);
    api.clearFailure(chat);
    expect(noticesTo(author)).toEqual([]);
    await eventually(() => noticesTo(author).length === 1, 10_000);
    await pause(1200);
    expect(noticesTo(author)).toHaveLength(1);
    expect(await rowsOf(author)).toEqual([]);
  });
});

describe('two workers on one database', () => {
  it('never claim the same row', async () => {
    const owner = await person('Ikki');
    const actor = await person('Ishchi');
    const portfolio = await post(owner, 'Ikki ishchi');
    const now = new Date().toISOString();
    const ids = Array.from({ length: 200 }, () => newId());
    const future = new Date(Date.now() + 3_600_000).toISOString();
    // Not yet due for the app's own worker: the two below claim them as of an hour later.
    await db()
      .insertInto('telegram_outbox')
      .values(
        ids.map((id) => ({
          id,
          user_id: owner.id,
          kind: 'comment' as const,
          actor_id: actor.id,
          portfolio_id: portfolio._id,
          next_at: future,
          created_at: now,
        })),
      )
      .execute();
    const second = createDatabase(context.config.database, { logger: console });
    try {
      const postgres = context.app.services.dialect === 'postgres';
      const at = new Date(Date.now() + 3_700_000).toISOString();
      const claim = (handle: typeof second.db) =>
        claimDue(handle, {
          now: at,
          until: new Date(Date.now() + 7_200_000).toISOString(),
          limit: 7,
          postgres,
        });
      const taken: string[] = [];
      for (;;) {
        const rounds = await Promise.all([claim(db()), claim(second.db), claim(db()), claim(second.db)]);
        const round = rounds.flat();
        if (round.length === 0) break;
        taken.push(...round);
      }
      expect(taken).toHaveLength(200);
      expect(new Set(taken).size).toBe(200);
    } finally {
      await second.destroy();
      await db().deleteFrom('telegram_outbox').where('id', 'in', ids).execute();
    }
  });

  it('send each row once when a second worker runs beside the first', async () => {
    const extra = secondWorker();
    extra.start();
    try {
      const author = await person('Ikkilamchi');
      await link(author);
      const portfolio = await post(author, 'Bir marta');
      const commenters = [];
      for (let n = 0; n < 4; n += 1) commenters.push(await person(`Izohchi${n}`));
      for (const [n, commenter] of commenters.entries()) await comment(commenter, portfolio._id, `Izoh ${n}`);
      await eventually(() => noticesTo(author).length === 4);
      await pause(1500);
      expect(noticesTo(author)).toHaveLength(4);
      expect(new Set(noticesTo(author)).size).toBe(4);
    } finally {
      await extra.stop();
    }
  });
});

describe('a new portfolio’s followers', () => {
  /** An author, and a follower with a linked chat who wants new work in Telegram. */
  async function authorAndFollower(name: string) {
    const author = await person(`${name}muallif`);
    const follower = await person(`${name}kuzatuvchi`);
    const chat = await link(follower);
    await follow(follower, author);
    return { author, follower, chat };
  }
  /**
   * Posts `titles` by `author` while `follower` has new work switched off in Telegram (no fan-out is
   * written, the bell's notifications are), then switches it on: the test writes the fan-out rows itself.
   */
  async function postUnannounced(author: TestUser, follower: TestUser, ...titles: string[]) {
    const off = { comment: true, like: true, reply: true, post: false };
    await saveSettings(follower, { email: off, telegram: off });
    const portfolios = [];
    for (const title of titles) portfolios.push(await post(author, title));
    const on = { ...off, post: true };
    await saveSettings(follower, { email: on, telegram: on });
    return portfolios;
  }
  const fanOutOf = (portfolioId: string) =>
    db().selectFrom('telegram_fanouts').selectAll().where('portfolio_id', '=', portfolioId).execute();

  it('429 to one follower: that message waits in the outbox for retry_after and goes once', async () => {
    const { author, follower, chat } = await authorAndFollower('Navbat');
    api.failSends(chat, TOO_MANY(2));
    const before = api.calls.length;
    const portfolio = await post(author, 'Kutilgan ish');
    await eventually(() => triedSince(before, chat));
    const refusedAt = Date.now();
    api.clearFailure(chat);
    await eventually(async () => (await rowsOf(follower)).length === 1);
    const [row] = await rowsOf(follower);
    expect(row).toEqual(
      expect.objectContaining({ kind: 'post', status: 'pending', attempts: 0, portfolio_id: portfolio._id }),
    );
    expect(Date.parse(String(row!.next_at)) - refusedAt).toBeGreaterThan(1000);
    await eventually(() => noticesTo(follower).length === 1);
    await pause(1500);
    expect(noticesTo(follower)).toHaveLength(1);
    expect(await rowsOf(follower)).toEqual([]);
    expect(await fanOutOf(portfolio._id)).toEqual([]);
  });

  it('hidden before their turn: nobody is told, and the fan-out is gone', async () => {
    const { author, follower } = await authorAndFollower('Yashirin');
    const [hidden, shown] = await postUnannounced(author, follower, 'Yashirilgan', 'Ko‘rinadigan');
    await db()
      .updateTable('portfolios')
      .set({ hidden_at: new Date().toISOString() })
      .where('id', '=', hidden!._id)
      .execute();
    const now = new Date().toISOString();
    await db()
      .insertInto('telegram_fanouts')
      .values([hidden!, shown!].map((portfolio) => ({ portfolio_id: portfolio._id, created_at: now })))
      .execute();
    await eventually(() => noticesTo(follower).length === 1);
    expect(noticesTo(follower)[0]).toContain('Ko‘rinadigan');
    await eventually(async () => (await fanOutOf(hidden!._id)).length === 0);
    await pause(1200);
    expect(noticesTo(follower)).toHaveLength(1);
  });

  it('a range whose worker died is sent when its claim runs out, once', async () => {
    const { author, follower } = await authorAndFollower('Tiklangan');
    const portfolio = (await postUnannounced(author, follower, 'Uzilgan'))[0]!;
    // Claimed by a worker that died mid-range: its claim holds for another 2 s.
    const claimedUntil = new Date(Date.now() + 2000).toISOString();
    await db()
      .insertInto('telegram_fanouts')
      .values({
        portfolio_id: portfolio._id,
        created_at: new Date().toISOString(),
        claimed_through: follower.id,
        claimed_until: claimedUntil,
      })
      .execute();
    await pause(1200);
    expect(noticesTo(follower)).toEqual([]);
    await eventually(() => noticesTo(follower).length === 1, 10_000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(claimedUntil));
    await pause(1500);
    expect(noticesTo(follower)).toHaveLength(1);
    expect(await fanOutOf(portfolio._id)).toEqual([]);
  });

  it('two workers never claim the same range', async () => {
    const { author, follower } = await authorAndFollower('Ikkiyoqlama');
    const portfolio = (await postUnannounced(author, follower, 'Bitta ishchi'))[0]!;
    // Held for an hour from the app's own worker; the two below claim it as of two hours later.
    await db()
      .insertInto('telegram_fanouts')
      .values({
        portfolio_id: portfolio._id,
        created_at: new Date(0).toISOString(),
        claimed_until: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .execute();
    const second = createDatabase(context.config.database, { logger: console });
    try {
      const claim = (handle: typeof second.db) =>
        claimFanOut(handle, {
          now: new Date(Date.now() + 7_200_000).toISOString(),
          until: new Date(Date.now() + 7_300_000).toISOString(),
          size: 10,
        });
      const ranges = (
        await Promise.all([claim(db()), claim(second.db), claim(db()), claim(second.db)])
      ).filter((range) => range !== undefined);
      expect(ranges).toHaveLength(1);
      expect(ranges[0]).toEqual(expect.objectContaining({ portfolioId: portfolio._id, last: true }));
    } finally {
      await second.destroy();
      await db().deleteFrom('telegram_fanouts').where('portfolio_id', '=', portfolio._id).execute();
    }
  });
});

describe('a burst of 1,000', () => {
  it(
    'drains within Telegram’s limits while the requests that made it answer at once',
    { timeout: 120_000 },
    async () => {
      const author = await person('Mashhur');
      // Posted before anyone follows: it is the create whose transaction is looked into below.
      const sample = await post(author, 'Namuna');
      const now = new Date().toISOString();
      const followers = Array.from({ length: 500 }, (_, n) => ({
        id: newId(),
        username: `burst_${n}_${Date.now().toString(36)}`,
        chat: String(5_000_000 + n),
      }));
      for (let start = 0; start < followers.length; start += 100) {
        const chunk = followers.slice(start, start + 100);
        await db()
          .insertInto('users')
          .values(
            chunk.map((follower) => ({
              ...userRow({ id: follower.id, username: follower.username, created_at: now }),
              telegram_chat_id: follower.chat,
              telegram_chat_linked_at: now,
            })),
          )
          .execute();
        await db()
          .insertInto('notification_settings')
          .values(chunk.map((follower) => ({ ...defaultSettings(follower.id), telegram_post: 1 })))
          .execute();
        await db()
          .insertInto('follows')
          .values(
            chunk.map((follower) => ({ follower_id: follower.id, followee_id: author.id, created_at: now })),
          )
          .execute();
      }
      const chatIds = new Set(followers.map((follower) => follower.chat));
      const burst = () => api.sent.filter((message) => chatIds.has(message.chatId));

      // What a create writes for the bot, seen inside its transaction: one fan-out row, however many follow.
      await db()
        .transaction()
        .execute(async (trx) => {
          const before = await trx.selectFrom('telegram_outbox').select('id').execute();
          await context.app.services.notifications.posted(trx, {
            portfolioId: sample._id,
            authorId: author.id,
            createdAt: new Date().toISOString(),
          });
          expect(await trx.selectFrom('telegram_outbox').select('id').execute()).toHaveLength(before.length);
          expect(
            await trx
              .selectFrom('telegram_fanouts')
              .select('portfolio_id')
              .where('portfolio_id', '=', sample._id)
              .execute(),
          ).toHaveLength(1);
          throw new Error('rolled back');
        })
        .catch((error: unknown) => expect(String(error)).toMatch(/rolled back/));

      // A second worker beside the app's: each follower is still queued once (the fan-out's cursor).
      const extra = secondWorker();
      extra.start();
      try {
        const timings: number[] = [];
        for (const title of ['Birinchi to‘lqin', 'Ikkinchi to‘lqin']) {
          const started = performance.now();
          await post(author, title);
          timings.push(performance.now() - started);
        }
        // Answered before the bot got far: the messages are the worker's, not the request's.
        expect(burst().length).toBeLessThan(100);
        console.info(
          `burst: the two posts answered in ${timings.map((ms) => ms.toFixed(0)).join(' and ')} ms`,
        );

        const began = Date.now();
        await eventually(() => burst().length === 1000, 100_000);
        console.info(`burst: 1,000 messages sent in ${((Date.now() - began) / 1000).toFixed(1)} s`);
        await pause(1500);
        expect(burst()).toHaveLength(1000);
      } finally {
        await extra.stop();
      }
      expect(await db().selectFrom('telegram_fanouts').selectAll().execute()).toEqual([]);
      const sent = burst().sort((a, b) => a.at - b.at);
      // Each chat got its two, at least a second apart.
      const byChat = new Map<string, number[]>();
      for (const message of sent)
        byChat.set(message.chatId, [...(byChat.get(message.chatId) ?? []), message.at]);
      expect(byChat.size).toBe(500);
      for (const times of byChat.values()) {
        expect(times).toHaveLength(2);
        expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1000);
      }
      // No second holds more than 30.
      let most = 0;
      for (let first = 0, last = 0; first < sent.length; first += 1) {
        while (last < sent.length && sent[last]!.at - sent[first]!.at < 1000) last += 1;
        most = Math.max(most, last - first);
      }
      expect(most).toBeLessThanOrEqual(30);
    },
  );
});
