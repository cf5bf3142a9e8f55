// Starts a local SMTP sink and `npm start` on a fresh SQLite database, for the browser journey.
// Mails land in e2e/.tmp/mail/*.eml, where the tests read the registration links.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { TELEGRAM_BOT_NAME, TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET } from './telegram-bot.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const tmp = path.resolve(here, '..', '.tmp');
const port = Number(process.env.E2E_PORT ?? 3199);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2599);

fs.rmSync(tmp, { recursive: true, force: true });
fs.mkdirSync(path.join(tmp, 'mail'), { recursive: true });

let counter = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      const name = `${Date.now()}-${String(++counter).padStart(4, '0')}.eml`;
      fs.writeFileSync(
        path.join(tmp, 'mail', name),
        `X-Envelope-To: ${to}\n${Buffer.concat(chunks).toString('utf8')}`,
      );
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
console.warn(`SMTP sink on 127.0.0.1:${smtpPort}`);

const server = spawn('npm', ['start'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `sqlite:${path.join(tmp, 'portfolio.db')}`,
    UPLOAD_DIR: path.join(tmp, 'uploads'),
    MAIL_DIR: path.join(tmp, 'mail-fallback'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ADMIN_EMAILS: 'admin-phone@example.test,admin-desktop@example.test',
    SEED_DEMO: 'off',
    RATE_LIMIT: 'off',
    // The stand-in sites the specs start for pictures in descriptions listen here.
    ALLOWED_PRIVATE_ADDRESSES: '127.0.0.1',
    TELEGRAM_BOT_NAME,
    TELEGRAM_BOT_TOKEN,
    // The journeys play Telegram's part on the webhook with this secret.
    TELEGRAM_WEBHOOK_SECRET,
    // The bot's updates are polled from nowhere: the journeys reach no Telegram.
    TELEGRAM_API_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'warn',
  },
});

const stop = () => {
  server.kill('SIGTERM');
  smtp.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  smtp.close();
  process.exit(code ?? 0);
});
