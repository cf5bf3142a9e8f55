import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { startSmtpServer, type TestSmtp } from '../../test/smtp.js';
import { createMailer } from './mailer.js';
import { composeMail, encodeHeaderValue } from './mime.js';

const quiet = pino({ level: 'silent' });
const mail = {
  from: 'Portfolio Master <no-reply@portfolio-master.uz>',
  to: 'dilnoza@example.uz',
  // Latin with its own apostrophes, Cyrillic, an emoji and a long title: several encoded words.
  subject: 'Yangi izoh: «Ob-havo ilovasi» — Новый комментарий к «Погода на неделю» 🌦 '.repeat(2).trim(),
  text: 'Aziz Karimov izoh qoldirdi:\n\n«Juda chiroyli!»\n\nhttps://portfolio-master.uz/portfolio/x\n',
  html: '<p>Aziz Karimov izoh qoldirdi:</p><blockquote>Juda chiroyli!</blockquote>'.repeat(20),
  headers: {
    'List-Unsubscribe': '<https://portfolio-master.uz/unsubscribe?token=abc>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

describe('a composed mail', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('reaches a real SMTP server and reads back as written: subject, parts, headers, addresses', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: mail.from, mailDir: '', logger: quiet });
    try {
      await mailer.send(mail);
      const got = await smtp.waitForMail(mail.to);
      expect(got.subject).toBe(mail.subject);
      expect(got.text).toBe(mail.text);
      expect(got.html).toBe(mail.html);
      expect(got.from?.value).toEqual([
        { name: 'Portfolio Master', address: 'no-reply@portfolio-master.uz' },
      ]);
      const line = (key: string) => got.headerLines.find((header) => header.key === key)?.line;
      expect(line('list-unsubscribe')).toBe(
        'List-Unsubscribe: <https://portfolio-master.uz/unsubscribe?token=abc>',
      );
      expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(got.messageId).toMatch(/^<[0-9a-f]{24}\.[0-9a-z]+@portfolio-master\.uz>$/);
      expect(got.date?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    } finally {
      mailer.close();
    }
  });

  it('fails the mail a server refuses, and the pool goes on with the next ones, many at a time', async () => {
    const refusing = await startSmtpServer({ refuses: (address) => address.startsWith('nobody@') });
    const received = refusing.messages;
    const mailer = createMailer({ smtpUrl: refusing.url, from: mail.from, mailDir: '', logger: quiet });
    try {
      await expect(mailer.send({ ...mail, to: 'nobody@example.uz' })).rejects.toThrow(/No such mailbox/);
      const recipients = Array.from({ length: 12 }, (_, index) => `reader${index}@example.uz`);
      await Promise.all(recipients.map((to) => mailer.send({ ...mail, to })));
      expect(received.map((parsed) => parsed.messageId)).toHaveLength(12);
      expect(new Set(received.map((parsed) => parsed.messageId)).size).toBe(12);
      expect(received.map((parsed) => (parsed.to as AddressObject).text).sort()).toEqual(recipients.sort());
      expect(received.every((parsed) => parsed.subject === mail.subject && parsed.text === mail.text)).toBe(
        true,
      );
    } finally {
      mailer.close();
      await refusing.close();
    }
  });

  it('keeps every line within the limits and every header on its own line, whatever the values hold', async () => {
    const hostile = {
      ...mail,
      from: 'Портфолио "Мастер" <no-reply@portfolio-master.uz>',
      subject: 'Salom\r\nBcc: someone@example.com',
      headers: { 'X-Note': 'bir\nikki' },
    };
    const { raw, envelope } = composeMail(hostile);
    const text = raw.toString();
    const lines = text.split('\r\n');
    expect(lines.every((line) => line.length <= 998)).toBe(true);
    // No bare LF anywhere, and no header line that the values made.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines.filter((line) => /^bcc:/i.test(line))).toEqual([]);
    expect(envelope).toEqual({ from: 'no-reply@portfolio-master.uz', to: ['dilnoza@example.uz'] });
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe('Salom Bcc: someone@example.com');
    expect(parsed.from?.value).toEqual([
      { name: 'Портфолио "Мастер"', address: 'no-reply@portfolio-master.uz' },
    ]);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.text).toBe(mail.text);
    expect(() => composeMail({ ...mail, headers: { 'Bad: name': 'x' } })).toThrow(/header name/);
    // A domain that is not ASCII goes in punycode, in the header and the envelope alike.
    const idn = composeMail({ ...mail, to: 'aziz@пример.рф' });
    expect(idn.envelope.to).toEqual(['aziz@xn--e1afmkfd.xn--p1ai']);
    expect(idn.raw.toString()).toContain('\r\nTo: aziz@xn--e1afmkfd.xn--p1ai\r\n');
  });

  it('splits encoded words between whole characters, none longer than 75', () => {
    const value = 'ўзбекча ёзув 🌦🌦🌦 '.repeat(6);
    const words = encodeHeaderValue(value).split('\r\n ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) expect(word.length).toBeLessThanOrEqual(75);
    const decoded = words
      .map((word) => Buffer.from(/^=\?UTF-8\?B\?(.*)\?=$/.exec(word)![1]!, 'base64').toString('utf8'))
      .join('');
    expect(decoded).toBe(value);
    // Every word is whole UTF-8 on its own.
    for (const word of words) {
      const bytes = Buffer.from(/^=\?UTF-8\?B\?(.*)\?=$/.exec(word)![1]!, 'base64');
      expect(Buffer.from(bytes.toString('utf8'))).toEqual(bytes);
    }
    expect(encodeHeaderValue('Plain ASCII subject')).toBe('Plain ASCII subject');
  });

  it('is written to MAIL_DIR as an .eml file that reads back the same when no SMTP server is set', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-mime-'));
    try {
      const mailer = createMailer({ smtpUrl: undefined, from: mail.from, mailDir: dir, logger: quiet });
      await mailer.send(mail);
      const [file] = fs.readdirSync(dir);
      expect(file).toMatch(/\.eml$/);
      expect((fs.statSync(path.join(dir, file!)).mode & 0o777).toString(8)).toBe('600');
      const parsed = await simpleParser(fs.readFileSync(path.join(dir, file!)));
      expect(parsed.subject).toBe(mail.subject);
      expect(parsed.html).toBe(mail.html);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
