import { loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL and says which. */
const config = loadConfig();
const database = createDatabase(config.database, { logger: console });
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.destroy();
}
