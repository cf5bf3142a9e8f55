import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { BackupError, restore } from '../ops/backups.js';

/** `npm run restore -- --from <dir>`: a backup put back into an empty DATABASE_URL and UPLOAD_DIR. */
const { values } = parseArgs({ options: { from: { type: 'string' } } });
if (!values.from) {
  console.error('Usage: npm run restore -- --from <backup folder>');
  process.exit(2);
}
const config = loadConfig();
try {
  const manifest = await restore(
    { database: config.database, uploadDir: config.uploadDir, bucket: config.bucket },
    values.from,
  );
  console.log(
    `Restored the backup of ${manifest.createdAt}: every file matched its checksum and every table its row count; ${manifest.images.length} images.`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
