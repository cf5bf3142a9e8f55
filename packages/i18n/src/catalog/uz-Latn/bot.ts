/** What the site's Telegram bot writes in chats. */
export const bot = {
  'bot.greeting':
    'Salom, {name}! Bu chat Portfolio Master’dagi hisobingizga bog‘landi: bildirishnomalar shu yerga keladi. To‘xtatish uchun saytdagi sozlamalarda “Telegram orqali olishni to‘xtatish”ni bosing.',
  'bot.linkRefused':
    'Bu havola eskirgan yoki allaqachon ishlatilgan. Saytdagi sozlamalarda “Telegram orqali olish”ni qayta bosing.',
  // A notification in the bot's chat: {name} who did it, {title} the portfolio's, {comment} the start of
  // a comment, {others} how many more liked it since the one named, {link} the portfolio's address.
  'bot.notice.comment': '{name} «{title}» portfoliongizga izoh qoldirdi: «{comment}»\n{link}',
  'bot.notice.reply': '{name} siz izoh qoldirgan «{title}» portfoliosida yozdi: «{comment}»\n{link}',
  'bot.notice.mention': '{name} sizni «{title}» portfoliosidagi izohda eslatib o‘tdi: «{comment}»\n{link}',
  'bot.notice.mentionDescription': '{name} sizni «{title}» portfoliosi tavsifida eslatib o‘tdi.\n{link}',
  'bot.notice.like':
    '{name}{others, plural, =0 {} other { va yana # kishi}} «{title}» portfoliongizni yoqtirdi.\n{link}',
  'bot.notice.post': 'Siz kuzatayotgan {name} yangi portfolio joyladi: «{title}».\n{link}',
  // The site's channel: a new portfolio's caption ({tags} its technologies as hashtags), and the week's best.
  'bot.channel.post': '«{title}» — {name}\n{tags}\n{link}',
  'bot.channel.digestTitle': 'Haftaning eng yaxshilari',
  'bot.channel.digestLine': '{place}. «{title}» — {name}, {likes, plural, other {# ta yoqtirish}}\n{link}',
} as const;
