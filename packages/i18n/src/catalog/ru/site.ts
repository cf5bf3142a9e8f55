import type { Translation } from '../types.js';
import type { site as source } from '../uz-Latn/site.js';

export const site = {
  'site.name': 'Portfolio Master',
  'site.skipToContent': 'Перейти к основному содержанию',
  'site.copyright': '© {year} Portfolio Master. Все права защищены.',
  'site.language': 'Язык',
  'site.description':
    'Portfolio Master — сообщество, где разработчики публикуют свои проекты, смотрят работы других, отмечают понравившиеся и оставляют комментарии.',
} satisfies Translation<typeof source>;
