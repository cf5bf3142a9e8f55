import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  messages: ParsedMail[];
  /** The newest mail to this address, waiting for it to arrive. */
  waitForMail(to: string, predicate?: (mail: ParsedMail) => boolean): Promise<ParsedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that keeps every message it receives; it answers 550 to the
 * recipients `refuses` names.
 */
export async function startSmtpServer(
  options: { refuses?: (address: string) => boolean } = {},
): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuses?.(address.address)) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  // A sender that vanishes mid-conversation (an instance killed while mailing) is the sender's problem,
  // as for any mail server; unheard, the server's 'error' event would end the test process.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const recipients = (mail: ParsedMail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) =>
      to.value.map((value) => value.address?.toLowerCase()),
    );

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitForMail(to, predicate = () => true) {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const found = messages
          .filter((mail) => recipients(mail).includes(to.toLowerCase()) && predicate(mail))
          .at(-1);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no mail to ${to} within 10 s`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The registration token from a verification mail's link. */
export function tokenFromMail(mail: ParsedMail): { link: string; token: string; email: string } {
  const match = /(https?:\/\/\S+\/auth\/register\?email=[^\s&]+&token=[A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error('no registration link in the mail');
  const url = new URL(match[1]);
  return { link: match[1], token: url.searchParams.get('token')!, email: url.searchParams.get('email')! };
}
