import { Lexer, type Token, type Tokens } from 'marked';

/*
 * Portfolio descriptions are Markdown, parsed by the same library the web app renders them with, so a
 * feed's summary reads like the page: words of headings, paragraphs, lists, quotes and tables, link
 * texts, code spans; no code blocks, images, link targets or HTML tags.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Markdown text keeps HTML character references as written; a plain-text reader must see the characters. */
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

/** An HTML block's text without its tags, and without what scripts and styles hold. */
function htmlText(html: string): string {
  return html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<[^>]*>/g, ' ');
}

function collect(tokens: readonly Token[], out: string[]): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'code':
      case 'image':
      case 'hr':
      case 'space':
      case 'def':
        break;
      case 'br':
        out.push(' ');
        break;
      case 'html':
        out.push(' ', htmlText(token.text), ' ');
        break;
      case 'codespan':
      case 'escape':
        out.push(token.text);
        break;
      case 'list':
        for (const item of (token as Tokens.List).items) {
          collect(item.tokens, out);
          out.push(' ');
        }
        break;
      case 'table': {
        const table = token as Tokens.Table;
        for (const row of [table.header, ...table.rows]) {
          for (const cell of row) {
            collect(cell.tokens, out);
            out.push(' ');
          }
        }
        break;
      }
      default:
        if ('tokens' in token && token.tokens) collect(token.tokens, out);
        else if ('text' in token && typeof token.text === 'string') out.push(decodeEntities(token.text));
        // Blocks are separated by a space, so words of two paragraphs never run together.
        if (token.type === 'paragraph' || token.type === 'heading') out.push(' ');
    }
  }
}

/** The description as one line of plain text. */
export function markdownToText(markdown: string): string {
  const out: string[] = [];
  collect(new Lexer({ gfm: true }).lex(markdown), out);
  return out.join('').replace(/\s+/g, ' ').trim();
}

/**
 * At most `maxLength` characters (code points, so no pair is split), cut after a whole word where one
 * ends near the limit, with an ellipsis when anything was cut.
 */
export function shorten(text: string, maxLength: number): string {
  const characters = Array.from(text);
  if (characters.length <= maxLength) return text;
  const cut = characters.slice(0, maxLength - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  const words = lastSpace > cut.length * 0.7 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s.,;:!?—–-]+$/u, '')}…`;
}
