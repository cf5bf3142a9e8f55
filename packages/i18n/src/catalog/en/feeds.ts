import type { Translation } from '../types.js';
import type { feeds as source } from '../uz-Latn/feeds.js';

export const feeds = {
  'atom.site.title': 'Portfolio Master — new portfolios',
  'atom.site.subtitle': 'The newest projects of developers',
  'atom.technology.title': '{name} — Portfolio Master',
  'atom.technology.subtitle': 'The newest portfolios made with {name}',
  'atom.profile.title': '{name} — Portfolio Master',
  'atom.profile.subtitle': 'Portfolios of {name} (@{username})',
} satisfies Translation<typeof source>;
