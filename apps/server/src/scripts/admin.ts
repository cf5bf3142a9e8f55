import { loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { ChangeFeed } from '../lib/changes.js';
import { setAdminRole } from '../modules/users/admin-role.js';
import { findUserByUsername } from '../data/users.repository.js';

/** `npm run admin -- grant|revoke <username>`: gives or takes the admin role. */
const [action, username] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !username) {
  console.error('Usage: npm run admin -- grant|revoke <username>');
  process.exit(2);
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
