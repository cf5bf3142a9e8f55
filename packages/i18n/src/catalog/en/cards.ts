import type { Translation } from '../types.js';
import type { cards as source } from '../uz-Latn/cards.js';

export const cards = {
  'card.site.tagline':
    'A community where developers post their projects, browse the work of others, like it and leave comments.',
  'card.profile.portfolios': '{count, plural, one {# portfolio} other {# portfolios}}',
} satisfies Translation<typeof source>;
