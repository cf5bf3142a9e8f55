/** What the site's Telegram bot writes in chats. */
export const bot = {
  'bot.greeting':
    'Salom, {name}! Bu chat Portfolio Master’dagi hisobingizga bog‘landi: bildirishnomalar shu yerga keladi. To‘xtatish uchun saytdagi sozlamalarda “Telegram orqali olishni to‘xtatish”ni bosing.',
  'bot.linkRefused':
    'Bu havola eskirgan yoki allaqachon ishlatilgan. Saytdagi sozlamalarda “Telegram orqali olish”ni qayta bosing.',
} as const;
