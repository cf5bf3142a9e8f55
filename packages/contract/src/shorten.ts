/*
 * Text cut to a length, for what describes a page outside it (meta descriptions, cards, feeds): a module of
 * its own, so a page that only cuts text does not carry the Markdown reader of `plain-text`.
 */

/**
 * At most `maxLength` characters (code points, so no pair is split), whitespace collapsed, cut after a
 * whole word where one ends near the limit, with an ellipsis when anything was cut.
 */
export function shorten(text: string, maxLength: number): string {
  const characters = Array.from(text.replace(/\s+/g, ' ').trim());
  if (characters.length <= maxLength) return characters.join('');
  const cut = characters.slice(0, maxLength - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  const words = lastSpace > cut.length * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s.,;:!?—–-]+$/u, '')}…`;
}
