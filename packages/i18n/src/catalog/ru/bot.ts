import type { Translation } from '../types.js';
import type { bot as source } from '../uz-Latn/bot.js';

export const bot = {
  'bot.greeting':
    'Здравствуйте, {name}! Этот чат привязан к вашему аккаунту Portfolio Master: уведомления будут приходить сюда. Чтобы отключить их, нажмите «Не получать в Telegram» в настройках сайта.',
  'bot.linkRefused':
    'Эта ссылка устарела или уже использована. Нажмите «Получать в Telegram» в настройках сайта ещё раз.',
} satisfies Translation<typeof source>;
