import type { Translation } from '../types.js';
import type { cards as source } from '../uz-Latn/cards.js';

export const cards = {
  'card.site.tagline':
    'Сообщество, где разработчики публикуют свои проекты, смотрят работы других, отмечают понравившиеся и оставляют комментарии.',
  'card.profile.portfolios':
    '{count, plural, one {# портфолио} few {# портфолио} many {# портфолио} other {# портфолио}}',
} satisfies Translation<typeof source>;
