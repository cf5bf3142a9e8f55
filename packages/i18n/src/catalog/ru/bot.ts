import type { Translation } from '../types.js';
import type { bot as source } from '../uz-Latn/bot.js';

export const bot = {
  'bot.greeting':
    'Здравствуйте, {name}! Этот чат привязан к вашему аккаунту Portfolio Master: уведомления будут приходить сюда. Чтобы отключить их, нажмите «Не получать в Telegram» в настройках сайта.',
  'bot.linkRefused':
    'Эта ссылка устарела или уже использована. Нажмите «Получать в Telegram» в настройках сайта ещё раз.',
  'bot.notice.comment': 'Новый комментарий от {name} к вашему портфолио «{title}»: «{comment}»\n{link}',
  'bot.notice.reply':
    'Новый комментарий от {name} к портфолио «{title}», которое вы комментировали: «{comment}»\n{link}',
  'bot.notice.mention': '{name} упомянул(а) вас в комментарии к портфолио «{title}»: «{comment}»\n{link}',
  'bot.notice.mentionDescription': '{name} упомянул(а) вас в описании портфолио «{title}».\n{link}',
  'bot.notice.like':
    'Ваше портфолио «{title}» понравилось пользователю {name}{others, plural, =0 {} one { и ещё # пользователю} few { и ещё # пользователям} many { и ещё # пользователям} other { и ещё # пользователя}}.\n{link}',
  'bot.notice.post': 'У автора {name}, на которого вы подписаны, новое портфолио: «{title}».\n{link}',
  'bot.channel.post': '«{title}» — {name}\n{tags}\n{link}',
  'bot.channel.digestTitle': 'Лучшие за неделю',
  'bot.channel.digestLine':
    '{place}. «{title}» — {name}, {likes, plural, one {# лайк} few {# лайка} many {# лайков} other {# лайка}}\n{link}',
} satisfies Translation<typeof source>;
