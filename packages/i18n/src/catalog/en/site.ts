import type { Translation } from '../types.js';
import type { site as source } from '../uz-Latn/site.js';

export const site = {
  'site.name': 'Portfolio Master',
  'site.skipToContent': 'Skip to main content',
  'site.copyright': '© {year} Portfolio Master. All rights reserved.',
  'site.language': 'Language',
  'site.description':
    'Portfolio Master is a community site where developers post their projects and browse, like and comment on the work of others.',
} satisfies Translation<typeof source>;
