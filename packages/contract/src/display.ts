/** How people and portfolios are shown, the same on the site's pages and on the server's preview cards. */

/** A stable hue per text, for drawn avatars and covers. */
export function hueOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** Up to two capital initials of a name: "Aziza Karimova" → "AK". */
export function initials(text: string): string {
  const words = text
    .trim()
    .split(/[\s_.-]+/)
    .filter(Boolean);
  const letters = words.slice(0, 2).map((word) => [...word][0]!.toUpperCase());
  return letters.join('') || '?';
}

/** First and last name, or the username when both are empty. */
export function fullName(person: { firstname: string; lastname: string; username: string }): string {
  return `${person.firstname} ${person.lastname}`.trim() || person.username;
}
