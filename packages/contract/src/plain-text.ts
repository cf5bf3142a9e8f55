/*
 * A portfolio description (Markdown) as plain text, for what describes a portfolio outside its page: the
 * page's meta description and JSON-LD, feed summaries, link-preview cards. One function for all of them,
 * so they say the same thing. No Markdown parser: the web app runs this in the browser too, and a parser
 * would weigh more than the rest of its head. Enough for a description, not a renderer.
 *
 * Pages render descriptions with a hard break at every newline, so each line reads as its own sentence
 * here too: one that has no closing punctuation (a heading, a list item, a table row) gets a full stop.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Markdown keeps HTML character references as written; a plain-text reader must see the characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (reference, body: string) => {
    if (body.startsWith('#')) {
      const hex = body[1] === 'x' || body[1] === 'X';
      const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? reference;
  });
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const INDENTED = /^(?: {4}|\t)/;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*\S/;
const RULE = /^ {0,3}(?:([-*_])\s*(?:\1\s*){2,}|=+\s*)$/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
const BLOCK_MARKER = /^\s{0,3}(?:>\s?|(?:#{1,6}|[-*+]|\d+[.)]|\[[ xX]\])(?:\s+|$))/;
const CLOSING_HASHES = /\s+#+\s*$/;
const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d+[.)])\s+/;

/** Marks stand-ins for text that later steps must leave as it is (code spans, escaped characters). */
const KEPT = /\uE000(\d+)\uE000/g;

/** The words of one line of Markdown: links keep their text, images their alt text, HTML its text. */
function inlineText(line: string): string {
  const kept: string[] = [];
  const keep = (text: string) => `\uE000${kept.push(text) - 1}\uE000`;
  const text = line
    .replace(/\uE000/g, '')
    .replace(/(`+)(.+?)\1/g, (_, _ticks: string, code: string) => keep(code.trim()))
    .replace(/\\([!-/:-@[-`{-~])/g, (_, character: string) => keep(character))
    .replace(/<((?:https?|mailto):[^\s<>]*|[^\s<>@]+@[^\s<>@]+)>/gi, (_, address: string) => keep(address))
    .replace(/!\[([^\]]*)\](?:\((?:[^()]|\([^)]*\))*\)|\[[^\]]*\])/g, '$1')
    .replace(/\[([^\]]*)\](?:\((?:[^()]|\([^)]*\))*\)|\[[^\]]*\])/g, '$1')
    .replace(/<!--[\s\S]*?(?:-->|$)|<\/?[a-z][^>]*>/gi, ' ')
    .replace(/(\*\*|\*|~~)(\S(?:.*?\S)?)\1/g, '$2')
    // Underscores mark emphasis only at word edges: snake_case stays as it is.
    .replace(/(^|\W)(__|_)(\S(?:.*?\S)?)\2(?=\W|$)/g, '$1$3');
  return decodeEntities(text).replace(KEPT, (_, index: string) => kept[Number(index)]!);
}

/** The cells of a table row, read as one line. */
const tableRow = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())
    .join(' ');

/** A line without what makes it a heading, quote, list item or task (nested ones too). */
function withoutMarkers(line: string): string {
  let text = line;
  const heading = /^\s{0,3}#/.test(text);
  for (let before = ''; before !== text;) {
    before = text;
    text = text.replace(BLOCK_MARKER, '');
  }
  return heading ? text.replace(CLOSING_HASHES, '') : text;
}

/** The description as one line of plain text: no code blocks, link targets, tags, scripts or styles. */
export function markdownToText(markdown: string): string {
  const lines = markdown
    .replace(/\r\n?/g, '\n')
    .replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
    .split('\n');
  const sentences: string[] = [];
  let fence: string | null = null;
  let previousBlank = true;
  let inList = false;
  let inTable = false;
  for (const [index, line] of lines.entries()) {
    if (fence !== null) {
      if (line.trim().startsWith(fence)) fence = null;
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening) {
      fence = opening[1]!;
      continue;
    }
    const blank = line.trim() === '';
    const wasBlank = previousBlank;
    previousBlank = blank;
    if (blank) {
      inTable = false;
      continue;
    }
    // Indented lines after a blank line are code, unless they continue a list item.
    if (INDENTED.test(line) && wasBlank && !inList) continue;
    if (LIST_ITEM.test(line)) inList = true;
    else if (wasBlank && !INDENTED.test(line)) inList = false;
    if (REFERENCE_DEFINITION.test(line) || RULE.test(line)) continue;
    if (line.includes('|') && TABLE_DELIMITER.test(line)) {
      inTable = true;
      continue;
    }
    const next = lines[index + 1] ?? '';
    const header = !inTable && line.includes('|') && next.includes('|') && TABLE_DELIMITER.test(next);
    const source = inTable || header ? tableRow(line) : withoutMarkers(line);
    const sentence = inlineText(source).replace(/\s+/g, ' ').trim();
    if (sentence) sentences.push(/[.!?:;…]$/.test(sentence) ? sentence : `${sentence}.`);
  }
  return sentences.join(' ');
}

export { shorten } from './shorten.js';
