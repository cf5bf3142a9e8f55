import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { backup, BackupError } from '../ops/backups.js';

/** `npm run backup -- --to <dir>`: a consistent copy of DATABASE_URL and UPLOAD_DIR while the site runs. */
const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (!values.to) {
  console.error('Usage: npm run backup -- --to <empty folder>');
  process.exit(2);
}
const config = loadConfig();
try {
  const started = Date.now();
  const manifest = await backup(
    { database: config.database, uploadDir: config.uploadDir, bucket: config.bucket },
    values.to,
  );
  const rows = Object.entries(manifest.rows)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  console.log(
    `Backed up to ${values.to} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${rows}; ${manifest.images.length} images.`,
  );
  if (manifest.missingImages.length > 0) {
    console.log(
      `${manifest.missingImages.length} images were deleted while the backup ran: listed in manifest.json.`,
    );
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
