/** The words of the cards other sites show: a profile's SVG card and a portfolio's framed card. Only the server writes them. */
export const embed = {
  // On a profile's SVG card (`/embed/profile/{username}.svg`), beside the avatar.
  'embed.profile.portfolios': '{count, plural, other {# ta portfolio}}',
  'embed.profile.followers': '{count, plural, other {# ta kuzatuvchi}}',
  // The card's own title (what a screen reader says) and the oEmbed picture's alt text.
  'embed.profile.label': '{name} — Portfolio Master’dagi profil',
  // The card answered for an unknown, hidden or blocked profile.
  'embed.profile.notFound': 'Profil topilmadi',
  // On a portfolio's framed card (`/embed/portfolio/{linktitle}`).
  'embed.portfolio.likes': '{count, plural, other {# ta yoqtirish}}',
  'embed.portfolio.open': 'Portfolio Master’da ochish',
  'embed.portfolio.notFound': 'Portfolio topilmadi',
} as const;
