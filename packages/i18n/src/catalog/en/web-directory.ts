import type { Translation } from '../types.js';
import type { webDirectory as source } from '../uz-Latn/web-directory.js';

export const webDirectory = {
  'directory.title': 'Developers',
  'directory.lead': 'Developers who show their work here: find them by name, technology and city.',
  'directory.description':
    'Developers in Uzbekistan: search by portfolio, skills, city and whether they are looking for work.',
  'directory.search': 'Search',
  'directory.searchPlaceholder': 'Name, username, headline or skill',
  'directory.technology': 'Technology',
  'directory.technologyPlaceholder': 'For example, React',
  'directory.city': 'Region',
  'directory.anyCity': 'All regions',
  'directory.openToWork': 'Only those looking for work or open to offers',
  'directory.sort': 'Order',
  'directory.sort.liked': 'Most liked work',
  'directory.sort.new': 'Newest',
  'directory.sort.followed': 'Most followed',
  'directory.apply': 'Show',
  'directory.reset': 'Clear filters',
  'directory.found': '{count, plural, one {# developer} other {# developers}}',
  'directory.empty': 'Nobody here yet',
  'directory.emptyFiltered': 'No developer matches these conditions',
  'directory.portfolios': '{count, plural, one {# portfolio} other {# portfolios}}',
  'directory.likes': '{count, plural, one {# like} other {# likes}}',
  'directory.followers': '{count, plural, one {# follower} other {# followers}}',
  'directory.verified': 'Verified',
  'directory.all': 'All developers',
} satisfies Translation<typeof source>;
