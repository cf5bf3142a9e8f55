import type { Translation } from '../types.js';
import type { bot as source } from '../uz-Latn/bot.js';

export const bot = {
  'bot.greeting':
    'Hello, {name}! This chat is now linked to your Portfolio Master account: notifications will come here. To stop them, press “Stop receiving in Telegram” in the site’s settings.',
  'bot.linkRefused':
    'This link has expired or has already been used. Press “Receive in Telegram” in the site’s settings again.',
} satisfies Translation<typeof source>;
