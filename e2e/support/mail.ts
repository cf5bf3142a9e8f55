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

/** Waits for the newest mail to `to` that contains a registration link, and returns the link. */
export async function registrationLink(to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort().reverse() : [];
    for (const file of files) {
      const text = decode(fs.readFileSync(path.join(mailDir, file), 'utf8'));
      if (!text.startsWith(`X-Envelope-To: ${to}`)) continue;
      const match = /https?:\/\/[^\s"<>]+\/auth\/register\?[^\s"<>]+/.exec(text);
      if (match) return match[0].replace(/&amp;/g, '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No registration mail for ${to}`);
}
