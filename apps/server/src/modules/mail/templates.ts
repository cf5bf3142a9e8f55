import type { MailMessage } from './mailer.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#555;font-size:13px">Tugma ishlamasa, havolani brauzerga nusxalang:<br>${escapeHtml(action.href)}</p>`
    : '';
  return `<!doctype html><html lang="uz"><body style="font-family:system-ui,sans-serif;line-height:1.5">
<h2>${escapeHtml(title)}</h2>
${body}
${button}
<p style="color:#888;font-size:12px">Portfolio Master</p>
</body></html>`;
}

export function verificationMail(to: string, link: string): MailMessage {
  const subject = 'Portfolio Master: email manzilingizni tasdiqlang';
  const lines = [
    'Assalomu alaykum!',
    'Portfolio Master’da ro‘yxatdan o‘tishni davom ettirish uchun quyidagi havolani oching. Havola 24 soat amal qiladi va faqat bir marta ishlatiladi.',
    'Agar siz ro‘yxatdan o‘tmoqchi bo‘lmagan bo‘lsangiz, bu xatni e’tiborsiz qoldiring.',
  ];
  return {
    to,
    subject,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: layout(subject, lines, { label: 'Ro‘yxatdan o‘tishni davom ettirish', href: link }),
  };
}

export function alreadyRegisteredMail(to: string, loginLink: string): MailMessage {
  const subject = 'Portfolio Master: sizda allaqachon hisob bor';
  const lines = [
    'Assalomu alaykum!',
    'Kimdir shu email manzili bilan ro‘yxatdan o‘tmoqchi bo‘ldi, lekin bu manzil bilan hisob allaqachon mavjud. Tizimga kirish uchun quyidagi havolani oching.',
    'Agar bu siz bo‘lmasangiz, hech narsa qilishingiz shart emas.',
  ];
  return {
    to,
    subject,
    text: `${lines[0]}\n\n${lines[1]}\n\n${loginLink}\n\n${lines[2]}\n`,
    html: layout(subject, lines, { label: 'Tizimga kirish', href: loginLink }),
  };
}
