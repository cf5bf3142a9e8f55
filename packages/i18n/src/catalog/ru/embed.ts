import type { Translation } from '../types.js';
import type { embed as source } from '../uz-Latn/embed.js';

export const embed = {
  'embed.profile.portfolios':
    '{count, plural, one {# портфолио} few {# портфолио} many {# портфолио} other {# портфолио}}',
  'embed.profile.followers':
    '{count, plural, one {# подписчик} few {# подписчика} many {# подписчиков} other {# подписчика}}',
  'embed.profile.label': '{name} — профиль на Portfolio Master',
  'embed.profile.notFound': 'Профиль не найден',
  'embed.portfolio.likes':
    '{count, plural, one {# отметка «нравится»} few {# отметки «нравится»} many {# отметок «нравится»} other {# отметки «нравится»}}',
  'embed.portfolio.open': 'Открыть на Portfolio Master',
  'embed.portfolio.notFound': 'Портфолио не найдено',
} satisfies Translation<typeof source>;
