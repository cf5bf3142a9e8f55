/** The words drawn on link-preview cards (`/og/…png` and the same under each language's prefix). */
export const cards = {
  // Under the site's name on its own card.
  'card.site.tagline':
    'Dasturchilar o‘z loyihalarini joylashtiradigan, boshqalarning ishlarini ko‘rib, yoqtirib va izoh qoldiradigan hamjamiyat sayti.',
  // Under the avatar on a profile's card.
  'card.profile.portfolios': '{count, plural, other {# ta portfolio}}',
} as const;
