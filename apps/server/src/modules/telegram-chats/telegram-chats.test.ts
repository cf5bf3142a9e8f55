import type { FastifyBaseLogger } from 'fastify';
import { GrammyError } from 'grammy';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseLease, takeLease } from '../../data/telegram-chats.repository.js';
import { hashToken } from '../../lib/tokens.js';
import { createBot } from './telegram-bot.js';
import { receiveUpdates } from './telegram-updates.js';
import {
  BLOCKED,
  eventually,
  privateText,
  type StandInBotApi,
  startBotApi,
  TOO_MANY,
} from '../../test/bot-api.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';

const BOT_NAME = 'PortfolioMasterBot';
const BOT_TOKEN = '123456789:AAFakeTokenForTests_abcdefghijklmnop';
const SECRET = 'webhook-secret-for-tests-0123456789abcdef';
const DEEP_LINK = new RegExp(`^https://t\\.me/${BOT_NAME}\\?start=([A-Za-z0-9_-]{43})$`);

const botEnv = (api: StandInBotApi) => ({
  TELEGRAM_BOT_NAME: BOT_NAME,
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  TELEGRAM_API_URL: api.url,
});

/** Waits until `check` holds (an update goes through the bot asynchronously when polled). */
const me = (context: TestContext, user: TestUser) =>
  call(context.app, { method: 'GET', url: '/api/user/me', headers: { 'x-token': user.token } });

const exported = async (context: TestContext, user: TestUser) =>
  (
    await call(context.app, { method: 'GET', url: '/api/user/me/export', headers: { 'x-token': user.token } })
  ).json().account.telegramChat;

async function deepLinkToken(context: TestContext, user: TestUser): Promise<string> {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/user/me/telegram-chat',
    headers: { 'x-token': user.token },
  });
  expect(response.statusCode).toBe(200);
  const match = DEEP_LINK.exec(response.json().url);
  expect(match).not.toBeNull();
  return match![1]!;
}

const setLocale = (context: TestContext, user: TestUser, locale: string | null) =>
  context.app.services.db.updateTable('users').set({ locale }).where('id', '=', user.id).execute();

let chatSequence = 7000;
const newChat = () => (chatSequence += 1);

/** Whom `sendToChat` writes to: the account and its chat as stored now (the outbox reads it with the message). */
async function recipient(
  context: TestContext,
  user: TestUser,
): Promise<{ userId: string; chatId: string | null }> {
  const row = await context.app.services.db
    .selectFrom('users')
    .select('telegram_chat_id')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return { userId: user.id, chatId: row.telegram_chat_id };
}

describe('through the webhook', () => {
  let api: StandInBotApi;
  let context: TestContext;
  beforeAll(async () => {
    api = await startBotApi();
    context = await createTestContext({
      ...botEnv(api),
      PUBLIC_URL: 'https://portfolio.example.uz',
      TELEGRAM_WEBHOOK_SECRET: SECRET,
    });
    await eventually(() => api.webhook !== undefined);
  });
  afterAll(async () => {
    await context.close();
    await api.close();
  });

  const webhook = (payload: unknown, secret: string | null = SECRET, headers: Record<string, string> = {}) =>
    call(context.app, {
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: {
        'content-type': 'application/json',
        ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }),
        ...headers,
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  const sentTo = (chatId: number) => api.sent.filter((message) => message.chatId === String(chatId));

  it('is registered with Telegram at start, with its secret', () => {
    expect(api.webhook).toEqual({
      url: 'https://portfolio.example.uz/api/telegram/webhook',
      secretToken: SECRET,
    });
    expect(api.calls.filter((entry) => entry.method === 'getUpdates')).toEqual([]);
  });

  it('refuses a request without the secret, or with another, before reading its body', async () => {
    const chat = newChat();
    for (const secret of [null, '', 'wrong', `${SECRET}x`, SECRET.slice(0, -1)]) {
      const refused = await webhook('{"this is": not json', secret);
      expect(refused.statusCode, `${secret} ${refused.body}`).toBe(401);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect((await webhook(privateText(chat, '/start x'), secret)).statusCode).toBe(401);
    }
    expect(sentTo(chat)).toEqual([]);
  });

  it('links the chat where Start is pressed and greets in the account’s language', async () => {
    const user = await signUp(context, { firstname: 'Dilnoza' });
    await setLocale(context, user, 'ru');
    expect((await me(context, user)).json().telegramChat).toEqual({ linked: false, linkedAt: null });
    const token = await deepLinkToken(context, user);
    const chat = newChat();

    const answer = await webhook({ update_id: 1, ...privateText(chat, `/start ${token}`) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true });
    expect(sentTo(chat).map((message) => message.text)).toEqual([
      expect.stringMatching(/^Здравствуйте, Dilnoza! Этот чат привязан/),
    ]);
    const state = (await me(context, user)).json().telegramChat;
    expect(state).toEqual({ linked: true, linkedAt: expect.any(String) });
    expect(await exported(context, user)).toEqual({ chatId: String(chat), linkedAt: state.linkedAt });
    // Only its owner sees it.
    const other = await signUp(context);
    const seen = await call(context.app, {
      method: 'GET',
      url: `/api/user/${user.username}`,
      headers: { 'x-token': other.token },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).not.toHaveProperty('telegramChat');

    // The same token again, from another chat: refused in the account's language, nothing moved.
    const second = newChat();
    expect((await webhook({ update_id: 2, ...privateText(second, `/start ${token}`) })).statusCode).toBe(200);
    expect(sentTo(second).map((message) => message.text)).toEqual([
      expect.stringMatching(/^Эта ссылка устарела или уже использована/),
    ]);
    expect((await exported(context, user)).chatId).toBe(String(chat));
  });

  it('greets in English and in Cyrillic Uzbek, and in Latin Uzbek when the account stated none', async () => {
    for (const [locale, greeting] of [
      ['en', /^Hello, Ali! This chat is now linked/],
      ['uz-Cyrl', /^Салом, Ali! Бу чат Portfolio Master’даги ҳисобингизга боғланди/],
      [null, /^Salom, Ali! Bu chat Portfolio Master’dagi hisobingizga bog‘landi/],
    ] as const) {
      const user = await signUp(context);
      await setLocale(context, user, locale);
      const chat = newChat();
      await webhook({ update_id: 3, ...privateText(chat, `/start ${await deepLinkToken(context, user)}`) });
      expect(sentTo(chat).map((message) => message.text)).toEqual([expect.stringMatching(greeting)]);
    }
  });

  it('refuses an expired token and links nothing', async () => {
    const user = await signUp(context);
    await setLocale(context, user, 'en');
    const token = await deepLinkToken(context, user);
    await context.app.services.db
      .updateTable('telegram_link_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('hash', '=', hashToken(token))
      .execute();
    const chat = newChat();
    await webhook({ update_id: 4, ...privateText(chat, `/start ${token}`) });
    expect(sentTo(chat).map((message) => message.text)).toEqual([
      expect.stringMatching(/^This link has expired or has already been used/),
    ]);
    expect((await me(context, user)).json().telegramChat.linked).toBe(false);
  });

  it('answers an unknown token in Latin Uzbek, and ignores everything else without an error', async () => {
    const chat = newChat();
    await webhook({ update_id: 5, ...privateText(chat, '/start nosuchtoken') });
    expect(sentTo(chat).map((message) => message.text)).toEqual([
      expect.stringMatching(/^Bu havola eskirgan yoki allaqachon ishlatilgan/),
    ]);
    const strange = newChat();
    const anyBytes = `/start ${'\u0000\uFFFD😀\u202E'.repeat(2000)}${'x'.repeat(10_000)}`;
    for (const payload of [
      [],
      'null',
      '"text"',
      {},
      { update_id: 'one' },
      { update_id: 6, message: 'not a message' },
      { update_id: 7, message: { chat: null, text: 5 } },
      { update_id: 8, callback_query: { id: '1', data: 'x' } },
      { update_id: 9, edited_message: privateText(strange, '/start abc').message },
      { update_id: 10, ...privateText(strange, '/help') },
      { update_id: 11, ...privateText(strange, '/start') },
      { update_id: 12, ...privateText(strange, 'salom') },
      { update_id: 13, ...privateText(strange, anyBytes.slice(7)) },
      // A group's /start links nothing and gets no answer.
      {
        update_id: 14,
        message: {
          ...privateText(strange, '/start abc').message,
          chat: { id: strange, type: 'group', title: 'G' },
        },
      },
    ]) {
      const answer = await webhook(payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(200);
    }
    expect(sentTo(strange)).toEqual([]);
    // Any length and any bytes after /start: refused, once.
    const bytes = newChat();
    expect((await webhook({ update_id: 15, ...privateText(bytes, anyBytes) })).statusCode).toBe(200);
    expect(sentTo(bytes)).toHaveLength(1);
  });

  it('takes a storm of /start commands for one token and links once', async () => {
    const user = await signUp(context);
    const token = await deepLinkToken(context, user);
    const chats = Array.from({ length: 20 }, () => newChat());
    const answers = await Promise.all(
      chats.map((chat, index) =>
        webhook({ update_id: 100 + index, ...privateText(chat, index % 2 ? `/start ${token}` : '/start ') }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(chats.map(() => 200));
    const greeted = chats.filter((chat) => sentTo(chat).some((message) => message.text.startsWith('Salom')));
    expect(greeted).toHaveLength(1);
    expect((await exported(context, user)).chatId).toBe(String(greeted[0]));
  });

  it('unlinks on request, again without an error', async () => {
    const user = await signUp(context);
    const chat = newChat();
    await webhook({ update_id: 16, ...privateText(chat, `/start ${await deepLinkToken(context, user)}`) });
    expect((await me(context, user)).json().telegramChat.linked).toBe(true);
    for (let time = 0; time < 2; time += 1) {
      const answer = await call(context.app, {
        method: 'DELETE',
        url: '/api/user/me/telegram-chat',
        headers: { 'x-token': user.token },
      });
      expect(answer.statusCode).toBe(204);
    }
    expect((await me(context, user)).json().telegramChat).toEqual({ linked: false, linkedAt: null });
    expect(await exported(context, user)).toBeNull();
    expect(await context.app.services.telegramChats.sendToChat(await recipient(context, user), 'Salom')).toBe(
      'notLinked',
    );
    expect(
      (await call(context.app, { method: 'DELETE', url: '/api/user/me/telegram-chat' })).statusCode,
    ).toBe(401);
    expect((await call(context.app, { method: 'POST', url: '/api/user/me/telegram-chat' })).statusCode).toBe(
      401,
    );
  });

  it('sends to a linked chat; a 403 unlinks it at once and it is never tried again', async () => {
    const { telegramChats } = context.app.services;
    const user = await signUp(context);
    const chat = newChat();
    await webhook({ update_id: 17, ...privateText(chat, `/start ${await deepLinkToken(context, user)}`) });
    expect(await telegramChats.sendToChat(await recipient(context, user), 'Yangi izoh')).toBe('sent');
    expect(sentTo(chat).at(-1)?.text).toBe('Yangi izoh');

    // Telegram's 429 is the caller's to retry: the chat stays linked.
    api.failSends(chat, TOO_MANY(3));
    const tooMany = await telegramChats
      .sendToChat(await recipient(context, user), 'Yana')
      .catch((error: unknown) => error);
    expect(tooMany).toBeInstanceOf(GrammyError);
    expect((tooMany as GrammyError).parameters.retry_after).toBe(3);
    expect((await me(context, user)).json().telegramChat.linked).toBe(true);

    api.failSends(chat, BLOCKED);
    expect(await telegramChats.sendToChat(await recipient(context, user), 'Yana')).toBe('unlinked');
    expect((await me(context, user)).json().telegramChat.linked).toBe(false);
    const tried = api.calls.filter((entry) => entry.method === 'sendMessage').length;
    expect(await telegramChats.sendToChat(await recipient(context, user), 'Yana')).toBe('notLinked');
    expect(api.calls.filter((entry) => entry.method === 'sendMessage')).toHaveLength(tried);
    api.clearFailure(chat);
  });

  it('forgets expired tokens', async () => {
    const user = await signUp(context);
    const token = await deepLinkToken(context, user);
    const { db, telegramChats } = context.app.services;
    await db
      .updateTable('telegram_link_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('hash', '=', hashToken(token))
      .execute();
    await telegramChats.purgeExpired();
    const left = await db
      .selectFrom('telegram_link_tokens')
      .select('hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('through polling', () => {
  let api: StandInBotApi;
  let context: TestContext;
  beforeAll(async () => {
    api = await startBotApi();
    context = await createTestContext(botEnv(api));
  });
  afterAll(async () => {
    await context?.close();
    await api.close();
  });

  it('links the chat from updates it fetches, one poller holding the lease', async () => {
    await eventually(() => api.calls.some((entry) => entry.method === 'getUpdates'));
    expect(api.webhook).toBeUndefined();
    const lease = await context.app.services.db
      .selectFrom('leases')
      .selectAll()
      .where('name', '=', 'telegram-updates')
      .execute();
    expect(lease).toEqual([
      { name: 'telegram-updates', holder: expect.any(String), expires_at: expect.anything() },
    ]);

    const user = await signUp(context, { firstname: 'Jasur' });
    await setLocale(context, user, 'en');
    const chat = newChat();
    api.push(privateText(chat, `/start ${await deepLinkToken(context, user)}`));
    api.push(privateText(chat, '/help'));
    await eventually(() => api.sent.some((message) => message.chatId === String(chat)));
    expect(
      api.sent.filter((message) => message.chatId === String(chat)).map((message) => message.text),
    ).toEqual([expect.stringMatching(/^Hello, Jasur!/)]);
    await eventually(async () => (await me(context, user)).json().telegramChat.linked === true);
    // The handled updates are confirmed by the next poll's offset.
    await eventually(() => api.pending() === 0);
  });

  it('polls from one instance only, however many run', async () => {
    const second = createDatabase(context.config.database, { logger: console });
    const other = await buildApp(context.config, { database: second, logger: false });
    await other.ready();
    const holders = () =>
      context.app.services.db
        .selectFrom('leases')
        .select('holder')
        .where('name', '=', 'telegram-updates')
        .execute();
    const before = await holders();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(api.mostPollsAtOnce()).toBe(1);
      expect(await holders()).toEqual(before);
    } finally {
      await other.close();
      await second.destroy();
    }
    // The one that held the lease still does.
    expect(await holders()).toEqual(before);
    expect(before).toHaveLength(1);
  });

  it('lets one instance hold the lease at a time', async () => {
    const { db } = context.app.services;
    const name = 'lease-for-test';
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const now = at(0);
    expect(await takeLease(db, { name, holder: 'a', now, until: at(60_000) })).toBe(true);
    expect(await takeLease(db, { name, holder: 'b', now, until: at(60_000) })).toBe(false);
    expect(await takeLease(db, { name, holder: 'a', now, until: at(60_000) })).toBe(true);
    // Expired, it is anyone's.
    expect(await takeLease(db, { name, holder: 'b', now: at(61_000), until: at(120_000) })).toBe(true);
    expect(await takeLease(db, { name, holder: 'a', now: at(61_000), until: at(120_000) })).toBe(false);
    await releaseLease(db, name, 'b');
    expect(await takeLease(db, { name, holder: 'a', now, until: at(60_000) })).toBe(true);
  });

  it('stops polling when the app closes, in the middle of a long poll', async () => {
    const started = Date.now();
    await context.app.close();
    expect(Date.now() - started).toBeLessThan(3000);
    const polls = api.calls.filter((entry) => entry.method === 'getUpdates').length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.calls.filter((entry) => entry.method === 'getUpdates')).toHaveLength(polls);
  });
});

describe('polling while Telegram is away', () => {
  it('says so once when it goes, not at every retry, and keeps trying', async () => {
    const context = await createTestContext();
    const said: { level: string; msg: string }[] = [];
    const logger = {
      warn: (_context: unknown, msg: string) => said.push({ level: 'warn', msg }),
      info: (msg: string) => said.push({ level: 'info', msg }),
    } as unknown as FastifyBaseLogger;
    // Nothing listens on port 9: every call fails as when Telegram cannot be reached.
    const bot = createBot({
      telegram: { botName: BOT_NAME, botToken: BOT_TOKEN, botId: BOT_TOKEN.split(':')[0]! },
      telegramApiUrl: 'http://127.0.0.1:9',
    })!;
    const receiving = receiveUpdates(
      {
        bot,
        db: context.app.services.db,
        config: { publicUrl: 'http://localhost:5173', telegramWebhookSecret: undefined },
        handle: async () => {},
        logger,
      },
      { pollSeconds: 0, leaseMs: 60_000, retryMs: 10 },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(said).toEqual([
        { level: 'warn', msg: 'Telegram updates not fetched; trying again until they are' },
      ]);
    } finally {
      await receiving.stop();
      await context.close();
    }
  });
});

describe('without a bot', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(() => context.close());

  it('offers no deep link (409), refuses the webhook, and unlinking still answers', async () => {
    const user = await signUp(context);
    const offered = await call(context.app, {
      method: 'POST',
      url: '/api/user/me/telegram-chat',
      headers: { 'x-token': user.token },
    });
    expect(offered.statusCode).toBe(409);
    expect(offered.json()).toMatchObject({ code: 'CONFLICT', detail: 'Bu saytda Telegram boti sozlanmagan' });
    const hook = await call(context.app, {
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': '' },
      payload: {},
    });
    expect(hook.statusCode).toBe(401);
    const unlinked = await call(context.app, {
      method: 'DELETE',
      url: '/api/user/me/telegram-chat',
      headers: { 'x-token': user.token },
    });
    expect(unlinked.statusCode).toBe(204);
    expect((await me(context, user)).json().telegramChat).toEqual({ linked: false, linkedAt: null });
  });
});
