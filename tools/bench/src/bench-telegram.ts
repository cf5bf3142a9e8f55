import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '@portfolio-master/server/db/database';
import type { StandInBotApi } from '@portfolio-master/server/test/bot-api';
import { sql } from 'kysely';
import { portfolioForm } from './bench-writes.js';

/**
 * The Telegram burst of `npm run bench`: an author with 1,000 followers who all linked a chat and want
 * new work in Telegram posts, and every post is 1,000 messages for the bot. The posts are timed with no
 * chat linked and with every chat linked (each row on its own copy of the same data), so the table shows
 * whether the request that causes a burst waits on it; then the stand-in Bot API server's record shows how the burst went out (within
 * Telegram's limits: about 30 messages a second in all, one a second per chat).
 */

export interface BurstSetup {
  /** The author who posts. */
  authorUsername: string;
  /** The followers, each with a chat of their own once linked. */
  followerIds: string[];
}

export interface CreateTimes {
  name: string;
  /** Each create's answer time in ms, in order. */
  times: number[];
  cpuPerRequest: number | undefined;
}

export interface BurstMeasurement {
  before: CreateTimes;
  during: CreateTimes;
  /** Messages the burst of the first create made: sent, to how many chats, and twice to one chat. */
  sent: number;
  chats: number;
  duplicates: number;
  /** From the first create's answer to its last message, in seconds. */
  drainSeconds: number;
  /** The most messages that began within any one second, and the shortest gap between two to one chat. */
  peakPerSecond: number;
  shortestChatGapMs: number | undefined;
}

const CHAT_BASE = 7_000_000_000;

/**
 * Makes the first user (by id) the author, and the next `followers` users their followers, each wanting
 * new work in Telegram and not by mail (so that the mails do not share the measure); the chats are linked
 * later by `linkChats`. Counters are kept exact.
 */
export async function prepareBurst(database: DatabaseHandle, followers: number): Promise<BurstSetup> {
  const { db } = database;
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .orderBy('id')
    .limit(followers + 1)
    .execute();
  if (users.length < followers + 1) throw new Error(`The burst needs ${followers + 1} users`);
  const [author, ...rest] = users;
  const followerIds = rest.map((user) => user.id);
  const now = new Date().toISOString();
  for (let start = 0; start < followerIds.length; start += 200) {
    const chunk = followerIds.slice(start, start + 200);
    await db
      .insertInto('follows')
      .values(chunk.map((id) => ({ follower_id: id, followee_id: author!.id, created_at: now })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await db
      .insertInto('notification_settings')
      .values(
        chunk.map((id) => ({
          user_id: id,
          email_comment: 0,
          email_like: 0,
          email_reply: 0,
          email_post: 0,
          telegram_comment: 1,
          telegram_like: 1,
          telegram_reply: 1,
          telegram_post: 1,
          unsubscribe_token: randomBytes(16).toString('hex'),
        })),
      )
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ email_post: 0, telegram_post: 1 }))
      .execute();
  }
  await sql`update users set
      followers_count = (select count(*) from follows f where f.followee_id = users.id),
      following_count = (select count(*) from follows f where f.follower_id = users.id)
    where id in (${sql.join([author!.id, ...followerIds])})`.execute(db);
  return { authorUsername: author!.username, followerIds };
}

/** Links each follower's own chat (as `/start <token>` would). */
export async function linkChats(database: DatabaseHandle, followerIds: readonly string[]): Promise<void> {
  const now = new Date().toISOString();
  for (const [index, id] of followerIds.entries()) {
    await database.db
      .updateTable('users')
      .set({ telegram_chat_id: String(CHAT_BASE + index), telegram_chat_linked_at: now })
      .where('id', '=', id)
      .execute();
  }
}

/** `count` creates one after another by the author (one connection), each timed, `gapMs` apart. */
export async function timeCreates(options: {
  name: string;
  base: string;
  token: string;
  count: number;
  cpu: () => number | undefined;
  /** The wait between one create's answer and the next create. */
  gapMs?: number;
  /** Called with the first create's answer time (ms since the epoch). */
  onFirst?: (at: number) => void;
}): Promise<CreateTimes> {
  const times: number[] = [];
  const before = options.cpu();
  for (let index = 0; index < options.count; index += 1) {
    if (index > 0 && options.gapMs) await new Promise((resolve) => setTimeout(resolve, options.gapMs));
    const form = portfolioForm();
    const started = performance.now();
    const response = await fetch(`${options.base}/api/portfolio/create`, {
      method: 'POST',
      headers: { 'x-token': options.token, 'content-type': form.contentType },
      body: form.body,
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`A create answered ${response.status}`);
    if (index === 0) options.onFirst?.(Date.now());
  }
  const after = options.cpu();
  return {
    name: options.name,
    times,
    cpuPerRequest: before !== undefined && after !== undefined ? (after - before) / options.count : undefined,
  };
}

/**
 * Waits until the first two bursts (`expected` messages each) reached the stand-in, or `timeoutMs`
 * passed, then reads its record: the first burst's messages, and the limits over all of them (each chat
 * got one message of each burst, so the second shows the gap between two to one chat).
 */
export async function watchBurst(
  bot: StandInBotApi,
  options: { expected: number; firstAnsweredAt: number; timeoutMs: number },
): Promise<Omit<BurstMeasurement, 'before' | 'during'>> {
  const until = Date.now() + options.timeoutMs;
  while (bot.sent.length < 2 * options.expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const burst = bot.sent.slice(0, options.expected);
  const seen = new Set<string>();
  let duplicates = 0;
  for (const message of burst) {
    const key = `${message.chatId}\n${message.text}`;
    if (seen.has(key)) duplicates += 1;
    seen.add(key);
  }
  // Every message sent so far, not only the first burst's: the limits hold for all of them.
  const all = [...bot.sent].sort((a, b) => a.at - b.at);
  let peakPerSecond = 0;
  let from = 0;
  for (let to = 0; to < all.length; to += 1) {
    while (all[to]!.at - all[from]!.at >= 1000) from += 1;
    peakPerSecond = Math.max(peakPerSecond, to - from + 1);
  }
  const lastToChat = new Map<string, number>();
  let shortestChatGapMs: number | undefined;
  for (const message of all) {
    const last = lastToChat.get(message.chatId);
    if (last !== undefined) {
      const gap = message.at - last;
      shortestChatGapMs = shortestChatGapMs === undefined ? gap : Math.min(shortestChatGapMs, gap);
    }
    lastToChat.set(message.chatId, message.at);
  }
  const last = burst.at(-1);
  return {
    sent: burst.length,
    chats: new Set(burst.map((message) => message.chatId)).size,
    duplicates,
    drainSeconds: last ? (last.at - options.firstAnsweredAt) / 1000 : Number.NaN,
    peakPerSecond,
    shortestChatGapMs,
  };
}

/** The value at `share` (0.5 the median) of `values`. */
export const percentile = (values: readonly number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
};

export function formatBurst(measured: BurstMeasurement, followers: number): string {
  const row = (times: CreateTimes) =>
    `| ${times.name} | ${times.times.length} | ${percentile(times.times, 0.5).toFixed(1)} | ${percentile(times.times, 0.99).toFixed(1)} | ${
      times.cpuPerRequest === undefined ? 'n/a' : times.cpuPerRequest.toFixed(2)
    } |`;
  const ratio = percentile(measured.during.times, 0.5) / percentile(measured.before.times, 0.5);
  return [
    `Telegram burst: an author with ${followers} followers who all want new work in Telegram posts once a second (no image); ` +
      'each create is the request that causes a burst, while the bursts before it still go out.',
    '',
    '| Portfolio create | Creates | p50 ms | p99 ms | Server CPU ms per create, with the worker meanwhile |',
    '| --- | --- | --- | --- | --- |',
    row(measured.before),
    row(measured.during),
    '',
    `While the burst goes out a create answers in ${ratio.toFixed(2)} × the time it takes with no chat linked ` +
      '(each row on its own copy of the same data; the CPU beside it includes the fan-out and the sending). ' +
      `The first create's burst: ${measured.sent} messages to ${measured.chats} chats, ${measured.duplicates} twice, ` +
      `the last ${measured.drainSeconds.toFixed(1)} s after the create answered; ` +
      `at most ${measured.peakPerSecond} messages began within any second (Telegram allows about 30), ` +
      `and two messages to one chat were at least ${measured.shortestChatGapMs === undefined ? 'n/a' : `${measured.shortestChatGapMs} ms`} apart (Telegram allows one a second).`,
  ].join('\n');
}
