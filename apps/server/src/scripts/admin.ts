import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { ChangeFeed } from '../lib/changes.js';
import { createBot } from '../modules/telegram-chats/telegram-bot.js';
import { TelegramChannel } from '../modules/telegram-channel/telegram-channel.js';
import { setAdminRole } from '../modules/users/admin-role.js';
import { findUserByUsername } from '../data/users.repository.js';

/**
 * `npm run admin -- grant|revoke <username>`: gives or takes the admin role.
 * `npm run admin -- telegram-digest`: posts this week's best to the Telegram channel now (once a week still:
 * if it went out already, nothing is posted).
 */
const [action, username] = process.argv.slice(2);
if (action === 'telegram-digest') {
  process.exitCode = await postDigest();
  process.exit();
}
if ((action !== 'grant' && action !== 'revoke') || !username) {
  console.error('Usage: npm run admin -- grant|revoke <username>\n       npm run admin -- telegram-digest');
  process.exit(2);
}

async function postDigest(): Promise<number> {
  const config = loadConfig();
  const bot = createBot(config);
  if (!bot || !config.telegramChannel) {
    console.error('Set TELEGRAM_BOT_NAME, TELEGRAM_BOT_TOKEN and TELEGRAM_CHANNEL first.');
    return 2;
  }
  const database = createDatabase(config.database, { logger: console });
  const logger = { ...console, child: () => logger } as unknown as FastifyBaseLogger;
  try {
    await migrateToLatest(database.db);
    const channel = new TelegramChannel({
      db: database.db,
      postgres: database.dialect === 'postgres',
      bot,
      channelId: config.telegramChannel,
      publicUrl: config.publicUrl,
      logger,
    });
    const result = await channel.postDigest();
    console.log(
      result === 'posted'
        ? 'This week’s best: posted.'
        : 'This week’s best: already posted (or being posted by a running instance).',
    );
    return 0;
  } catch (error) {
    console.error(`Not posted: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.destroy();
  }
}

const config = loadConfig();
const database = createDatabase(config.database, { logger: console });
// With REDIS_URL, running instances drop their copies at once; without, they show the role within ten
// minutes (how long they cache a read) or after a restart.
const changes = await ChangeFeed.create({ redisUrl: config.redisUrl });
try {
  await migrateToLatest(database.db);
  const changed = await setAdminRole(database.db, changes, username, action === 'grant');
  if (!changed) {
    console.error(`No user named "${username}".`);
    process.exitCode = 1;
  } else {
    const user = await findUserByUsername(database.db, username);
    console.log(`${user?.username ?? username}: admin ${action === 'grant' ? 'granted' : 'revoked'}.`);
    if (action === 'revoke' && user && user.email !== null && config.adminEmails.has(user.email)) {
      console.log(
        'Note: this address is listed in ADMIN_EMAILS, so the account stays an admin until removed there.',
      );
    }
  }
} finally {
  await changes.close();
  await database.destroy();
}
