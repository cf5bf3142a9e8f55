import { domainToASCII } from 'node:url';
import { newId } from '../../lib/ids.js';

/**
 * A mail as SMTP carries it: RFC 5322 headers (RFC 2047 encoded words where they are not ASCII) and a
 * multipart/alternative body with the text and the HTML, each UTF-8 in base64 (RFC 2045/2046), lines
 * ended by CRLF. Every mail the site sends has that one shape, so it is written out here in one pass
 * rather than built as a tree of MIME nodes and streams (docs/decisions/0064-mail-composed-in-one-pass.md).
 */
export interface ComposedMail {
  /** The SMTP envelope: the addresses alone. */
  envelope: { from: string; to: string[] };
  messageId: string;
  raw: Buffer;
}

export interface MailParts {
  /** `Name <address>` or an address. */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

const CRLF = '\r\n';
/** At most this many bytes of UTF-8 in one encoded word: its base64 (60 characters) and `=?UTF-8?B??=` fit 75. */
const WORD_BYTES = 45;
/** Base64 body lines, as RFC 2045 allows at most 76 characters. */
const LINE = 76;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** A display name that may stand unquoted (RFC 5322 atoms and spaces). */
const ATOMS = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]*$/;
/** Header names as RFC 5322 allows them. */
const HEADER_NAME = /^[\x21-\x39\x3b-\x7e]+$/;

/** `text` as a header value: itself when printable ASCII, else encoded words (whole characters each). */
export function encodeHeaderValue(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text;
  const words: string[] = [];
  let chunk = '';
  let bytes = 0;
  for (const character of text) {
    const size = Buffer.byteLength(character);
    if (bytes + size > WORD_BYTES) {
      words.push(chunk);
      chunk = '';
      bytes = 0;
    }
    chunk += character;
    bytes += size;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join(`${CRLF} `);
}

/** An address whose domain is not ASCII with the domain in punycode (IDNA), as headers and SMTP need it. */
function asciiAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0 || PRINTABLE_ASCII.test(address.slice(at))) return address;
  return `${address.slice(0, at)}@${domainToASCII(address.slice(at + 1)) || address.slice(at + 1)}`;
}

/** `Name <address>` (or an address alone) split, the name encoded for the header. */
function mailbox(value: string): { address: string; header: string } {
  const match = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/.exec(value);
  if (!match) {
    const address = asciiAddress(value.trim());
    return { address, header: address };
  }
  const name = match[1]!.replace(/^"(.*)"$/, '$1');
  const address = asciiAddress(match[2]!);
  if (!name) return { address, header: address };
  const shown = ATOMS.test(name)
    ? name
    : PRINTABLE_ASCII.test(name)
      ? `"${name.replace(/(["\\])/g, '\\$1')}"`
      : encodeHeaderValue(name);
  return { address, header: `${shown} <${address}>` };
}

function base64Lines(text: string): string {
  const encoded = Buffer.from(text).toString('base64');
  const lines: string[] = [];
  for (let at = 0; at < encoded.length; at += LINE) lines.push(encoded.slice(at, at + LINE));
  return lines.join(CRLF);
}

/** Header lines may not carry a line break of their own (a header injected through a value). */
function singleLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

export function composeMail(mail: MailParts, now: Date = new Date()): ComposedMail {
  const from = mailbox(singleLine(mail.from));
  const to = mailbox(singleLine(mail.to));
  const at = from.address.lastIndexOf('@');
  const domain = (at < 0 ? '' : from.address.slice(at + 1)) || 'localhost';
  const id = newId(now);
  const messageId = `<${id}.${process.pid.toString(36)}@${domain}>`;
  // Base64 never holds a hyphen or an underscore: no body line can be taken for the boundary.
  const boundary = `--_pm_${id}`;
  const headers = [
    `From: ${from.header}`,
    `To: ${to.header}`,
    `Subject: ${encodeHeaderValue(singleLine(mail.subject))}`,
    `Date: ${now.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: ${messageId}`,
    'MIME-Version: 1.0',
  ];
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    if (!HEADER_NAME.test(name)) throw new Error(`not a header name: ${name}`);
    headers.push(`${name}: ${encodeHeaderValue(singleLine(value))}`);
  }
  headers.push(`Content-Type: multipart/alternative; boundary="${boundary}"`);
  const part = (type: string, body: string) =>
    [
      `--${boundary}`,
      `Content-Type: ${type}; charset=utf-8`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(body),
    ].join(CRLF);
  const raw = [
    ...headers,
    '',
    part('text/plain', mail.text),
    part('text/html', mail.html),
    `--${boundary}--`,
    '',
  ].join(CRLF);
  return { envelope: { from: from.address, to: [to.address] }, messageId, raw: Buffer.from(raw) };
}
