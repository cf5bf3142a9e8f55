import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const mailDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'mail');

/** A mail as its reader sees it: the subject and the parts' text, decoded. */
export interface Mail {
  subject: string;
  text: string;
  html: string;
}

/** The bytes of a part's body, undoing its transfer encoding (quoted-printable, base64 or none). */
function bodyBytes(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding !== 'quoted-printable') return Buffer.from(body, 'utf8');
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let at = 0; at < soft.length; at += 1) {
    const hex = /^=([0-9A-F]{2})/i.exec(soft.slice(at, at + 3));
    if (hex) {
      bytes.push(parseInt(hex[1]!, 16));
      at += 2;
    } else bytes.push(...Buffer.from(soft[at]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** Headers (unfolded, by lower-case name) and body of a message or of one of its parts. */
function split(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** A header's encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) as the text they stand for. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, word: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : bodyBytes(word.replace(/_/g, ' '), 'quoted-printable').toString('utf8'),
    );
}

/** Reads a stored .eml: its subject, and its text and HTML parts in UTF-8. */
export function parseMail(raw: string): Mail {
  const { headers, body } = split(raw);
  const mail: Mail = { subject: decodeWords(headers.get('subject') ?? ''), text: '', html: '' };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const { headers: partHeaders, body: partBody } = split(part.replace(/^\r?\n/, ''));
    const type = (partHeaders.get('content-type') ?? 'text/plain').toLowerCase();
    const encoding = (partHeaders.get('content-transfer-encoding') ?? '').toLowerCase();
    const text = bodyBytes(partBody, encoding).toString('utf8');
    if (type.startsWith('text/html')) mail.html += text;
    else if (type.startsWith('text/plain')) mail.text += text;
  }
  return mail;
}

/** The locale prefixes a mailed link may carry (`/ru/auth/register`, `/en/…`, `/uz-Cyrl/…`, or none). */
const LOCALE_PREFIX = '(?:/(?:uz-Cyrl|ru|en))?';

/**
 * Waits for the newest mail to `to` that contains a link to `page` (a path such as /auth/register, in any
 * language's address), sent after `since` (a time from Date.now()), and returns it with the link.
 */
export async function mailWithLink(
  to: string,
  page: string,
  since = 0,
  timeoutMs = 15_000,
): Promise<Mail & { link: string }> {
  const deadline = Date.now() + timeoutMs;
  // The page right after the host (and its language): /unsubscribe is not /api/notifications/unsubscribe.
  const pattern = new RegExp(
    `https?://[^/\\s"<>]+${LOCALE_PREFIX}${page.replace(/[/.]/g, '\\$&')}\\?[^\\s"<>]+`,
  );
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort().reverse() : [];
    for (const file of files) {
      const where = path.join(mailDir, file);
      if (fs.statSync(where).mtimeMs < since) continue;
      const raw = fs.readFileSync(where, 'utf8');
      if (!raw.startsWith(`X-Envelope-To: ${to}`)) continue;
      const mail = parseMail(raw);
      const match = pattern.exec(mail.text) ?? pattern.exec(mail.html);
      if (match) return { ...mail, link: match[0].replace(/&amp;/g, '&') };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} with a link to ${page}`);
}

/** Waits for the newest mail to `to` that contains a link to `page` (see mailWithLink), and returns the link. */
export async function mailedLink(to: string, page: string, since = 0, timeoutMs = 15_000): Promise<string> {
  return (await mailWithLink(to, page, since, timeoutMs)).link;
}

/** Waits for the newest mail to `to` that contains a registration link, and returns the link. */
export function registrationLink(to: string, timeoutMs = 15_000): Promise<string> {
  return mailedLink(to, '/auth/register', 0, timeoutMs);
}
