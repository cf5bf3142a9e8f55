import {
  asWritten,
  convertAroundGiven,
  inScript,
  type Notification,
  type Script,
  scriptLanguageTag,
} from '@portfolio-master/contract';
import type { MailMessage } from './mailer.js';

/*
 * Mails are written in Latin and sent in the script of the person they answer (`script`, the script of
 * the request that asked for them). What people gave (an address, a name, a title, a comment) goes in
 * through `asWritten`, which keeps it as written.
 */

/** The mail's words in `script`, what people gave as written. */
const inMailScript = (text: string, script: Script) =>
  convertAroundGiven(text, (words) => inScript(words, script));

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function layout(
  title: string,
  paragraphs: string[],
  script: Script,
  action?: { label: string; href: string },
): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(inScript('Tugma ishlamasa, havolani brauzerga nusxalang:', script))}<br>${escapeHtml(action.href)}</p>`
    : '';
  return `<!doctype html><html lang="${scriptLanguageTag(script)}"><body style="font-family:system-ui,sans-serif;line-height:1.5">
<h2>${escapeHtml(title)}</h2>
${body}
${button}
<p style="color:#888;font-size:12px">Portfolio Master</p>
</body></html>`;
}

/** Text and HTML of a mail: its paragraphs, with an optional button whose link also stands as text. */
function mail(
  to: string,
  script: Script,
  subjectWords: string,
  lineWords: string[],
  action?: { label: string; href: string; after?: string[] },
): MailMessage {
  const words = (text: string) => inMailScript(text, script);
  const subject = words(subjectWords);
  const lines = lineWords.map(words);
  const after = (action?.after ?? []).map(words);
  const text = [...lines, ...(action ? [action.href] : []), ...after].join('\n\n');
  return {
    to,
    subject,
    text: `${text}\n`,
    html: layout(
      subject,
      [...lines, ...after],
      script,
      action && { label: words(action.label), href: action.href },
    ),
  };
}

export function verificationMail(to: string, link: string, script: Script = 'latn'): MailMessage {
  return mail(
    to,
    script,
    'Portfolio Master: email manzilingizni tasdiqlang',
    [
      'Assalomu alaykum!',
      'Portfolio Master’da ro‘yxatdan o‘tishni davom ettirish uchun quyidagi havolani oching. Havola 24 soat amal qiladi va faqat bir marta ishlatiladi.',
    ],
    {
      label: 'Ro‘yxatdan o‘tishni davom ettirish',
      href: link,
      after: ['Agar siz ro‘yxatdan o‘tmoqchi bo‘lmagan bo‘lsangiz, bu xatni e’tiborsiz qoldiring.'],
    },
  );
}

export function alreadyRegisteredMail(to: string, loginLink: string, script: Script = 'latn'): MailMessage {
  return mail(
    to,
    script,
    'Portfolio Master: sizda allaqachon hisob bor',
    [
      'Assalomu alaykum!',
      'Kimdir shu email manzili bilan ro‘yxatdan o‘tmoqchi bo‘ldi, lekin bu manzil bilan hisob allaqachon mavjud. Tizimga kirish uchun quyidagi havolani oching.',
    ],
    {
      label: 'Tizimga kirish',
      href: loginLink,
      after: ['Agar bu siz bo‘lmasangiz, hech narsa qilishingiz shart emas.'],
    },
  );
}

export function passwordResetMail(to: string, link: string, script: Script = 'latn'): MailMessage {
  return mail(
    to,
    script,
    'Portfolio Master: parolni tiklash',
    [
      'Assalomu alaykum!',
      'Hisobingiz uchun parolni tiklash so‘raldi. Yangi parol o‘rnatish uchun quyidagi havolani oching. Havola 1 soat amal qiladi va faqat bir marta ishlatiladi.',
    ],
    {
      label: 'Yangi parol o‘rnatish',
      href: link,
      after: ['Agar buni siz so‘ramagan bo‘lsangiz, bu xatni e’tiborsiz qoldiring: parolingiz o‘zgarmaydi.'],
    },
  );
}

export function noAccountMail(to: string, registerLink: string, script: Script = 'latn'): MailMessage {
  return mail(
    to,
    script,
    'Portfolio Master: bu manzil bilan hisob yo‘q',
    [
      'Assalomu alaykum!',
      'Kimdir shu email manzili uchun parolni tiklashni so‘radi, lekin Portfolio Master’da bu manzil bilan hisob yo‘q. Ro‘yxatdan o‘tmoqchi bo‘lsangiz, quyidagi havolani oching.',
    ],
    {
      label: 'Ro‘yxatdan o‘tish',
      href: registerLink,
      after: ['Agar bu siz bo‘lmasangiz, hech narsa qilishingiz shart emas.'],
    },
  );
}

export function passwordChangedMail(to: string, resetLink: string, script: Script = 'latn'): MailMessage {
  return mail(
    to,
    script,
    'Portfolio Master: parolingiz o‘zgartirildi',
    [
      'Assalomu alaykum!',
      'Hisobingiz paroli hozirgina o‘zgartirildi va boshqa barcha qurilmalardagi kirishlar yopildi.',
    ],
    {
      label: 'Parolni tiklash',
      href: resetLink,
      after: ['Agar buni siz qilmagan bo‘lsangiz, darhol parolni qayta tiklang.'],
    },
  );
}

export function emailChangeMail(to: string, link: string, script: Script = 'latn'): MailMessage {
  return mail(
    to,
    script,
    'Portfolio Master: yangi email manzilni tasdiqlang',
    [
      'Assalomu alaykum!',
      'Portfolio Master hisobingiz email manzilini shu manzilga o‘zgartirish so‘raldi. Tasdiqlash uchun quyidagi havolani oching. Havola 1 soat amal qiladi va faqat bir marta ishlatiladi.',
    ],
    {
      label: 'Yangi manzilni tasdiqlash',
      href: link,
      after: ['Agar buni siz so‘ramagan bo‘lsangiz, bu xatni e’tiborsiz qoldiring.'],
    },
  );
}

export function emailInUseMail(to: string, loginLink: string, script: Script = 'latn'): MailMessage {
  return mail(
    to,
    script,
    'Portfolio Master: bu manzil band',
    [
      'Assalomu alaykum!',
      'Boshqa bir hisobning email manzilini shu manzilga o‘zgartirish so‘raldi, lekin bu manzil bilan hisob allaqachon mavjud, shuning uchun hech narsa o‘zgarmadi.',
    ],
    {
      label: 'Tizimga kirish',
      href: loginLink,
      after: ['Agar bu siz bo‘lmasangiz, hech narsa qilishingiz shart emas.'],
    },
  );
}

export function emailChangedMail(to: string, newEmail: string, script: Script = 'latn'): MailMessage {
  return mail(to, script, 'Portfolio Master: email manzilingiz o‘zgartirildi', [
    'Assalomu alaykum!',
    `Hisobingiz email manzili ${asWritten(newEmail)} ga o‘zgartirildi. Bundan keyin xatlar va parolni tiklash havolalari shu manzilga boradi.`,
    'Agar buni siz qilmagan bo‘lsangiz, saytning pastidagi manzil orqali darhol xabar bering.',
  ]);
}

export function accountDeletedMail(to: string, username: string, script: Script = 'latn'): MailMessage {
  return mail(to, script, 'Portfolio Master: hisobingiz o‘chirildi', [
    'Assalomu alaykum!',
    `@${asWritten(username)} hisobi va undagi barcha portfoliolar, izohlar, yoqtirishlar va rasmlar o‘chirildi. Portfolio Master’dan foydalanganingiz uchun rahmat.`,
  ]);
}

/** A notification by mail, with its one-click unsubscribe link for that kind (RFC 8058). */
export function notificationMail(
  to: string,
  notification: Notification,
  links: { portfolioLink: string; unsubscribeLink: string; oneClickLink: string },
  script: Script = 'latn',
): MailMessage {
  const actor = asWritten(`${notification.actor.firstname} ${notification.actor.lastname}`.trim());
  const title = asWritten(notification.portfolio.title);
  const quote = notification.comment ? `«${asWritten(notification.comment.excerpt)}»` : '';
  const { subject, line, label } = {
    comment: {
      subject: `Portfolio Master: «${title}» portfoliongizga izoh`,
      line: `${actor} «${title}» portfoliongizga izoh qoldirdi: ${quote}`,
      label: 'Izohni ko‘rish',
    },
    reply: {
      subject: `Portfolio Master: «${title}» muhokamasida yangi izoh`,
      line: `${actor} siz izoh qoldirgan «${title}» portfoliosida yozdi: ${quote}`,
      label: 'Muhokamani ko‘rish',
    },
    like: {
      subject: `Portfolio Master: «${title}» portfoliongiz yoqdi`,
      line: `${actor}${notification.othersCount > 0 ? ` va yana ${notification.othersCount} kishi` : ''} «${title}» portfoliongizni yoqtirdi.`,
      label: 'Portfolioni ko‘rish',
    },
    post: {
      subject: `Portfolio Master: ${actor} yangi portfolio joyladi`,
      line: `Siz kuzatayotgan ${actor} yangi portfolio joyladi: «${title}».`,
      label: 'Portfolioni ko‘rish',
    },
  }[notification.kind];
  const message = mail(to, script, subject, ['Assalomu alaykum!', line], {
    label,
    href: links.portfolioLink,
    after: [
      `Bunday xatlarni olishni istamasangiz, bir bosishda to‘xtating: ${asWritten(links.unsubscribeLink)}`,
    ],
  });
  return {
    ...message,
    headers: {
      'List-Unsubscribe': `<${links.oneClickLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
