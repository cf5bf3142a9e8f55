import type { Translation } from '../types.js';
import type { feeds as source } from '../uz-Latn/feeds.js';

export const feeds = {
  'atom.site.title': 'Portfolio Master — новые портфолио',
  'atom.site.subtitle': 'Новые проекты разработчиков',
  'atom.technology.title': '{name} — Portfolio Master',
  'atom.technology.subtitle': 'Новые портфолио, сделанные с {name}',
  'atom.profile.title': '{name} — Portfolio Master',
  'atom.profile.subtitle': 'Портфолио: {name} (@{username})',
} satisfies Translation<typeof source>;
