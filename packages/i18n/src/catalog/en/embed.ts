import type { Translation } from '../types.js';
import type { embed as source } from '../uz-Latn/embed.js';

export const embed = {
  'embed.profile.portfolios': '{count, plural, one {# portfolio} other {# portfolios}}',
  'embed.profile.followers': '{count, plural, one {# follower} other {# followers}}',
  'embed.profile.label': '{name} — profile on Portfolio Master',
  'embed.profile.notFound': 'Profile not found',
  'embed.portfolio.likes': '{count, plural, one {# like} other {# likes}}',
  'embed.portfolio.open': 'Open on Portfolio Master',
  'embed.portfolio.notFound': 'Portfolio not found',
} satisfies Translation<typeof source>;
