import type { Translation } from '../types.js';
import type { webSearch as source } from '../uz-Latn/web-search.js';

export const webSearch = {
  'searchPage.title': 'Search',
  'searchPage.titleFor': 'Search for “{query}”',
  'searchPage.description': 'Search portfolios, developers and technologies.',
  'searchPage.submit': 'Search',
  'searchPage.tabsLabel': 'Kind of results',
  'searchPage.tab.portfolios': 'Portfolios',
  'searchPage.tab.people': 'Developers',
  'searchPage.tab.technologies': 'Technologies',
  'searchPage.empty': 'Nothing found',
  'searchPage.prompt': 'Type what you are looking for',
  'searchPage.technologyCount': '{count, plural, one {# portfolio} other {# portfolios}}',
  'searchBox.label': 'Search the site',
  'searchBox.placeholder': 'Portfolio, developer, technology',
  'searchBox.suggestions': 'Suggestions',
  'searchBox.count': '{count, plural, =0 {No suggestions} one {# suggestion} other {# suggestions}}',
} satisfies Translation<typeof source>;
