/*
 * A Telegram channel worker alone in a process, for the test that kills one with SIGKILL in the middle of a
 * send: `node --import tsx --conditions=source src/test/channel-worker.ts` with DATABASE_URL,
 * TELEGRAM_API_URL, TELEGRAM_CHANNEL and CLAIM_MS in its environment.
 */
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { createBot } from '../modules/telegram-chats/telegram-bot.js';
import { TelegramChannel } from '../modules/telegram-channel/telegram-channel.js';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  TELEGRAM_BOT_NAME: 'PortfolioMasterBot',
  TELEGRAM_BOT_TOKEN: '123456789:AAFakeTokenForTests_abcdefghijklmnop',
});
const database = createDatabase(config.database, { logger: console });
const quiet = () => undefined;
const silent = {
  level: 'silent',
  info: quiet,
  warn: quiet,
  error: quiet,
  debug: quiet,
  fatal: quiet,
  trace: quiet,
  silent: quiet,
  child: () => silent,
} as unknown as FastifyBaseLogger;
const worker = new TelegramChannel({
  db: database.db,
  postgres: database.dialect === 'postgres',
  bot: createBot(config)!,
  channelId: config.telegramChannel!,
  publicUrl: config.publicUrl,
  logger: silent,
  idleMs: 50,
  gapMs: 0,
  leaseMs: 2000,
  claimMs: Number(process.env.CLAIM_MS ?? 1000),
  // This process posts no digest: the test is about one post.
  digests: false,
});
worker.start();
console.log('worker started');
