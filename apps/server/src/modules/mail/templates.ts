import type { Notification, NotificationKind } from '@portfolio-master/contract';
import { DEFAULT_LOCALE, LOCALE_INFO, localizePath, type Locale } from '@portfolio-master/i18n';
import { message, type Message, say } from '../../lib/messages.js';
import type { MailMessage } from './mailer.js';

/*
 * Every mail's words come from the catalog (`mail.*`), in the language of the person it answers: the
 * request's that asked for it, or, for a notification, the recipient's own. What people gave (an address,
 * a name, a title, a comment) and links go in as the message's values, so they stay as written.
 */

/** The site's page at `path` in `locale`'s own address, for a link in a mail. */
export const pageLink = (publicUrl: string, locale: Locale, path: string) =>
  `${publicUrl}${localizePath(locale, path)}`;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function layout(
  locale: Locale,
  title: string,
  paragraphs: string[],
  action?: { label: string; href: string },
): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(say(locale, 'mail.buttonFallback'))}<br>${escapeHtml(action.href)}</p>`
    : '';
  return `<!doctype html><html lang="${LOCALE_INFO[locale].tag}"><body style="font-family:system-ui,sans-serif;line-height:1.5">
<h2>${escapeHtml(title)}</h2>
${body}
${button}
<p style="color:#888;font-size:12px">${escapeHtml(say(locale, 'site.name'))}</p>
</body></html>`;
}

/** Text and HTML of a mail: its paragraphs, with an optional button whose link also stands as text. */
function mail(
  to: string,
  locale: Locale,
  subjectMessage: Message,
  lineMessages: Message[],
  action?: { label: Message; href: string; after?: Message[] },
): MailMessage {
  const words = (said: Message) => say(locale, said);
  const subject = words(subjectMessage);
  const lines = lineMessages.map(words);
  const after = (action?.after ?? []).map(words);
  const text = [...lines, ...(action ? [action.href] : []), ...after].join('\n\n');
  return {
    to,
    subject,
    text: `${text}\n`,
    html: layout(
      locale,
      subject,
      [...lines, ...after],
      action && { label: words(action.label), href: action.href },
    ),
  };
}

export function verificationMail(to: string, link: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return mail(to, locale, 'mail.verification.subject', ['mail.greeting', 'mail.verification.body'], {
    label: 'mail.verification.action',
    href: link,
    after: ['mail.verification.ignore'],
  });
}

export function alreadyRegisteredMail(
  to: string,
  loginLink: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return mail(
    to,
    locale,
    'mail.alreadyRegistered.subject',
    ['mail.greeting', 'mail.alreadyRegistered.body'],
    {
      label: 'mail.signIn',
      href: loginLink,
      after: ['mail.notYou'],
    },
  );
}

export function passwordResetMail(to: string, link: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return mail(to, locale, 'mail.passwordReset.subject', ['mail.greeting', 'mail.passwordReset.body'], {
    label: 'mail.passwordReset.action',
    href: link,
    after: ['mail.passwordReset.ignore'],
  });
}

export function noAccountMail(
  to: string,
  registerLink: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return mail(to, locale, 'mail.noAccount.subject', ['mail.greeting', 'mail.noAccount.body'], {
    label: 'mail.noAccount.action',
    href: registerLink,
    after: ['mail.notYou'],
  });
}

export function passwordChangedMail(
  to: string,
  resetLink: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return mail(to, locale, 'mail.passwordChanged.subject', ['mail.greeting', 'mail.passwordChanged.body'], {
    label: 'mail.passwordChanged.action',
    href: resetLink,
    after: ['mail.passwordChanged.notYou'],
  });
}

export function emailChangeMail(to: string, link: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return mail(to, locale, 'mail.emailChange.subject', ['mail.greeting', 'mail.emailChange.body'], {
    label: 'mail.emailChange.action',
    href: link,
    after: ['mail.emailChange.ignore'],
  });
}

export function emailInUseMail(to: string, loginLink: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return mail(to, locale, 'mail.emailInUse.subject', ['mail.greeting', 'mail.emailInUse.body'], {
    label: 'mail.signIn',
    href: loginLink,
    after: ['mail.notYou'],
  });
}

export function emailChangedMail(to: string, newEmail: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  return mail(to, locale, 'mail.emailChanged.subject', [
    'mail.greeting',
    message('mail.emailChanged.body', { email: newEmail }),
    'mail.emailChanged.notYou',
  ]);
}

export function accountDeletedMail(
  to: string,
  username: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  return mail(to, locale, 'mail.accountDeleted.subject', [
    'mail.greeting',
    message('mail.accountDeleted.body', { username }),
  ]);
}

/** A notification by mail, with its one-click unsubscribe link for that kind (RFC 8058). */
export function notificationMail(
  to: string,
  notification: Notification & { kind: NotificationKind },
  links: { portfolioLink: string; unsubscribeLink: string; oneClickLink: string },
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  const values = {
    name: `${notification.actor.firstname} ${notification.actor.lastname}`.trim(),
    title: notification.portfolio.title,
    comment: notification.comment?.excerpt ?? '',
    others: notification.othersCount,
  };
  const { subject, line, label } = (
    {
      comment: { subject: 'mail.comment.subject', line: 'mail.comment.line', label: 'mail.comment.action' },
      reply: { subject: 'mail.reply.subject', line: 'mail.reply.line', label: 'mail.reply.action' },
      mention: notification.comment
        ? ({
            subject: 'mail.mention.subject',
            line: 'mail.mention.line',
            label: 'mail.reply.action',
          } as const)
        : ({
            subject: 'mail.mention.subject',
            line: 'mail.mention.lineDescription',
            label: 'mail.viewPortfolio',
          } as const),
      like: { subject: 'mail.like.subject', line: 'mail.like.line', label: 'mail.viewPortfolio' },
      post: { subject: 'mail.post.subject', line: 'mail.post.line', label: 'mail.viewPortfolio' },
    } as const
  )[notification.kind];
  const sent = mail(to, locale, message(subject, values), ['mail.greeting', message(line, values)], {
    label,
    href: links.portfolioLink,
    after: [message('mail.unsubscribe', { link: links.unsubscribeLink })],
  });
  return {
    ...sent,
    headers: {
      'List-Unsubscribe': `<${links.oneClickLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
