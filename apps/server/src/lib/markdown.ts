import { LIMITS } from '@portfolio-master/contract';
import { LRUCache } from 'lru-cache';
import {
  Marked,
  type MarkedExtension,
  type RendererObject,
  type TokenizerAndRendererExtension,
  type Tokens,
} from 'marked';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** `@username` as the contract spells usernames (docs/decisions/0057-mentions.md). */
const MENTION = /^@([A-Za-z0-9][A-Za-z0-9_.-]*)/;
/** Where a mention may begin: an `@` not inside a word or an address (`ali@misol.uz`). */
const MENTION_START = /(^|[^A-Za-z0-9_.+@-])@[A-Za-z0-9]/;
/** What may not come right before a mention's `@`. */
const WORD_BEFORE = /[A-Za-z0-9_.+@-]$/;

interface MentionToken extends Tokens.Generic {
  type: 'mention';
  raw: string;
  username: string;
}

/**
 * `@username`, outside code and link texts, not inside a word or an e-mail address, a link to that
 * profile. A full stop or hyphen right after the name ends the sentence, not the name. Whether anyone has
 * the name is not asked here: the text renders the same for everyone and is kept (a name nobody has leads
 * to the profile page's 404), and only people who exist are notified.
 */
const mention: TokenizerAndRendererExtension = {
  name: 'mention',
  level: 'inline',
  start(src) {
    const match = MENTION_START.exec(src);
    return match ? match.index + match[1]!.length : undefined;
  },
  tokenizer(src, tokens): MentionToken | undefined {
    if (this.lexer.state.inLink) return undefined;
    const match = MENTION.exec(src);
    if (!match) return undefined;
    if (tokens.length > 0 && WORD_BEFORE.test(tokens.at(-1)!.raw)) return undefined;
    const username = match[1]!.replace(/[.-]+$/, '');
    const { min, max } = LIMITS.username;
    if (username.length < min || username.length > max || match[1]!.length > max) return undefined;
    return { type: 'mention', raw: `@${username}`, username };
  },
  renderer(token) {
    const { username } = token as MentionToken;
    return `<a href="/profile/${encodeURIComponent(username)}" class="mention">@${escapeHtml(username)}</a>`;
  },
};

/**
 * The usernames a text mentions (as the page links them), each once, lowercased, in the order first
 * written.
 */
function mentionsIn(markdown: Marked, source: string): string[] {
  // Most texts name nobody: no lexing for them.
  if (!source.includes('@')) return [];
  const names = new Set<string>();
  markdown.walkTokens(markdown.lexer(source), (token) => {
    if (token.type === 'mention') names.add((token as MentionToken).username.toLowerCase());
  });
  return [...names];
}

/** Only http(s), mailto and in-site links survive; `javascript:` and friends become plain text. */
export function safeUrl(href: string): string | null {
  const value = href.trim();
  if (/^(https?:|mailto:)/i.test(value)) return value;
  if (/^[/#?]/.test(value) && !value.startsWith('//')) return value;
  return null;
}

/**
 * Where a picture written in a description is loaded from: an in-site address as written, another site's
 * through the site's picture proxy (`imageSource`, null when it cannot be shown), anything else not at all.
 */
function pictureSource(href: string, imageSource: (url: string) => string | null): string | null {
  const safe = safeUrl(href);
  if (!safe || safe.startsWith('mailto:')) return null;
  return /^https?:/i.test(safe) ? imageSource(safe) : safe;
}

function rendererFor(imageSource: (url: string) => string | null): RendererObject {
  return {
    // Raw HTML is shown as the text it is, never interpreted.
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }) {
      const text = this.parser.parseInline(tokens);
      const safe = safeUrl(href);
      if (!safe) return text;
      const titleAttribute = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(safe)}"${titleAttribute} rel="nofollow noopener noreferrer" target="_blank">${text}</a>`;
    },
    image({ href, text }) {
      const source = pictureSource(href, imageSource);
      if (!source) return escapeHtml(text);
      return `<img src="${escapeHtml(source)}" alt="${escapeHtml(text)}" loading="lazy" decoding="async">`;
    },
  };
}

export type MarkdownRenderer = (source: string) => string;

/**
 * A portfolio description as the pages show it: Markdown without raw HTML. Rendered here rather than in
 * the browser, so the browser never downloads a Markdown parser; cached for the descriptions seen lately.
 * Pictures from other sites come through `imageSource` (the picture proxy, decision 35): the page's
 * Content-Security-Policy lets images load from the site only, and readers' addresses stay with the site.
 * One renderer per app: its cache holds addresses signed with that app's key.
 */
export function createMarkdownRenderer(options: {
  imageSource: (url: string) => string | null;
}): MarkdownRenderer {
  const markdown = new Marked({
    gfm: true,
    breaks: true,
    async: false,
    renderer: rendererFor(options.imageSource),
    extensions: [mention],
  });
  return cachedRenderer(markdown);
}

/** How descriptions are read for their mentions (rendering aside, as `createMarkdownRenderer`). */
const descriptionMarkdown = new Marked({ gfm: true, breaks: true, async: false, extensions: [mention] });

/** The usernames a portfolio description mentions. */
export const descriptionMentions = (source: string) => mentionsIn(descriptionMarkdown, source);

/**
 * `markdown`'s HTML, cached for the texts seen lately. Code blocks may scroll sideways; a keyboard can
 * reach and scroll them only when they take the focus. Raw HTML in the source is escaped by the
 * renderers here, so every `<pre>` is one Marked made.
 */
function cachedRenderer(markdown: Marked): MarkdownRenderer {
  const rendered = new LRUCache<string, string>({ max: 5_000 });
  return (source) => {
    const cached = rendered.get(source);
    if (cached !== undefined) return cached;
    const html = markdown.parse(source, { async: false }).replaceAll('<pre>', '<pre tabindex="0">');
    rendered.set(source, html);
    return html;
  };
}

/** What a comment may not be: every block and inline rule but paragraphs, code, links, escapes and mentions. */
const NOT_IN_COMMENTS = [
  'heading',
  'lheading',
  'hr',
  'blockquote',
  'list',
  'html',
  'def',
  'table',
  'emStrong',
  'del',
  'tag',
  'reflink',
] as const;

/** How comments are read: the rules left, and mentions. */
const COMMENT_RULES: MarkedExtension = {
  gfm: true,
  breaks: true,
  async: false,
  tokenizer: Object.fromEntries(NOT_IN_COMMENTS.map((rule) => [rule, () => undefined])),
  extensions: [mention],
};

const commentMarkdown = new Marked(COMMENT_RULES);

/** The usernames a comment mentions. */
export const commentMentions = (source: string) => mentionsIn(commentMarkdown, source);

/**
 * A comment as the pages show it: a small safe subset of Markdown, links (http(s) and in-site only,
 * `rel="nofollow ugc noopener"`: written by anyone), inline code and code blocks. Everything else stays
 * the text it was typed as: no headings, lists, emphasis, pictures or raw HTML. Cached for the comments
 * seen lately.
 */
export function createCommentRenderer(): MarkdownRenderer {
  const markdown = new Marked({
    ...COMMENT_RULES,
    renderer: {
      html({ text }) {
        return escapeHtml(text);
      },
      link({ href, tokens }) {
        const text = this.parser.parseInline(tokens);
        const safe = safeUrl(href);
        if (!safe || safe.startsWith('mailto:')) return text;
        return `<a href="${escapeHtml(safe)}" rel="nofollow ugc noopener" target="_blank">${text}</a>`;
      },
      // A picture is its written form, as text.
      image({ raw }) {
        return escapeHtml(raw);
      },
    },
  });
  return cachedRenderer(markdown);
}
