/**
 * The Atom feeds' own words (`/feed.xml`, `/technology/{name}/feed.xml`, `/profile/{username}/feed.xml`
 * and the same under each language's prefix). {name} is a technology or a person as written.
 */
export const feeds = {
  'atom.site.title': 'Portfolio Master — yangi portfoliolar',
  'atom.site.subtitle': 'Dasturchilarning eng yangi loyihalari',
  'atom.technology.title': '{name} — Portfolio Master',
  'atom.technology.subtitle': '{name} ishlatilgan eng yangi portfoliolar',
  'atom.profile.title': '{name} — Portfolio Master',
  // {username} without its @, which the message writes.
  'atom.profile.subtitle': '{name} (@{username}) portfoliolari',
} as const;
