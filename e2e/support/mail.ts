import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const mailDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'mail');

/** Undoes quoted-printable soft breaks and escapes, enough to read a link. */
function decode(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Waits for the newest mail to `to` that contains a link to `page` (a path such as /auth/register), sent
 * after `since` (a time from Date.now()), and returns the link.
 */
export async function mailedLink(to: string, page: string, since = 0, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  // The page right after the host: /unsubscribe is not /api/notifications/unsubscribe.
  const pattern = new RegExp(`https?://[^/\\s"<>]+${page.replace(/[/.]/g, '\\$&')}\\?[^\\s"<>]+`);
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort().reverse() : [];
    for (const file of files) {
      const where = path.join(mailDir, file);
      if (fs.statSync(where).mtimeMs < since) continue;
      const text = decode(fs.readFileSync(where, 'utf8'));
      if (!text.startsWith(`X-Envelope-To: ${to}`)) continue;
      const match = pattern.exec(text);
      if (match) return match[0].replace(/&amp;/g, '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} with a link to ${page}`);
}

/** Waits for the newest mail to `to` that contains a registration link, and returns the link. */
export function registrationLink(to: string, timeoutMs = 15_000): Promise<string> {
  return mailedLink(to, '/auth/register', 0, timeoutMs);
}
