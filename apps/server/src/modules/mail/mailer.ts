import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type MailMessageOfNodemailer from 'nodemailer/lib/mailer/mail-message.js';
import { newId } from '../../lib/ids.js';
import { type ComposedMail, composeMail } from './mime.js';

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
        const composed = composeMail({ from: options.from, ...message });
        await new Promise<void>((resolve, reject) =>
          transport.transporter.send(readyMessage(composed), (error) => (error ? reject(error) : resolve())),
        );
        logger.info({ to: message.to, subject: message.subject, messageId: composed.messageId }, 'mail sent');
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

/**
 * A composed mail as nodemailer's SMTP transports take one (`transport.send(mail, callback)`): they ask
 * the message for its envelope, its Message-ID and a stream of its bytes, and read `data` for options we
 * do not use. `sendMail` would first build a MIME node around the ready bytes (parsing the envelope's
 * addresses again, a Message-ID from fresh random bytes, a stream pipeline), which cost as much as
 * composing the mail (docs/decisions/0067-ready-mail-to-the-pool.md).
 */
function readyMessage<T>(composed: ComposedMail): MailMessageOfNodemailer<T> {
  const message = {
    getEnvelope: () => ({ from: composed.envelope.from, to: [...composed.envelope.to] }),
    messageId: () => composed.messageId,
    getHeader: (name: string) => (name.toLowerCase() === 'message-id' ? composed.messageId : undefined),
    createReadStream: () => Readable.from([composed.raw], { objectMode: false }),
  };
  return { data: {}, message } as unknown as MailMessageOfNodemailer<T>;
}
