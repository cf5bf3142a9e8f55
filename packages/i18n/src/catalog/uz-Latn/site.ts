/**
 * The site's own words around every page. Messages are ICU MessageFormat: `{name}` is what the caller
 * gives (a title, a name: never converted or translated), `{count, plural, one {…} other {…}}` chooses
 * by number, `{kind, select, …}` by a word; a literal `{` is written `'{'`.
 */
export const site = {
  'site.name': 'Portfolio Master',
  'site.skipToContent': 'Asosiy qismga o‘tish',
  'site.copyright': '© {year} Portfolio Master. Barcha huquqlar himoyalangan.',
  'site.language': 'Til',
  // What the site is: the footer's blurb, and the description of pages that have none of their own.
  'site.description':
    'Portfolio Master — dasturchilar o‘z loyihalarini joylashtiradigan, boshqalarning ishlarini ko‘rib, yoqtirib va izoh qoldiradigan hamjamiyat sayti.',
} as const;
