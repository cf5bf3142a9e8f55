import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { newId } from '../../lib/ids.js';
import { composeMail } from './mime.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe on notification mails. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Each mail composed in one pass (mime.ts), then sent by real SMTP when SMTP_URL is set, over up to five
 * pooled connections. Otherwise it is written to MAIL_DIR as an .eml file and the log names the file; the
 * log line itself never carries the mail body, which holds a secret link.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  mailDir: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const { logger } = options;
  if (options.smtpUrl) {
    // A few connections kept open and reused: a connection per mail costs its TCP (and TLS) handshake and
    // greeting every time, twice the CPU of the mail itself. The URL may still say `?pool=false`.
    const transport = nodemailer.createTransport({ url: options.smtpUrl, pool: true });
    return {
      async send(message) {
        const { envelope, raw, messageId } = composeMail({ from: options.from, ...message });
        await transport.sendMail({ envelope, raw });
        logger.info({ to: message.to, subject: message.subject, messageId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  return {
    async send(message) {
      const { raw } = composeMail({ from: options.from, ...message });
      await fs.mkdir(options.mailDir, { recursive: true });
      const file = path.join(
        options.mailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`,
      );
      await fs.writeFile(file, raw, { mode: 0o600 });
      logger.info({ to: message.to, subject: message.subject, file }, 'mail saved (no SMTP_URL set)');
    },
    close: () => undefined,
  };
}
