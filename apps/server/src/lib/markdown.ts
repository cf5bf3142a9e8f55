import { LRUCache } from 'lru-cache';
import { Marked, type RendererObject } from 'marked';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

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
  });
  return cachedRenderer(markdown);
}

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

/** What a comment may not be: every block and inline rule but paragraphs, code, links and escapes. */
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

/**
 * A comment as the pages show it: a small safe subset of Markdown, links (http(s) and in-site only,
 * `rel="nofollow ugc noopener"`: written by anyone), inline code and code blocks. Everything else stays
 * the text it was typed as: no headings, lists, emphasis, pictures or raw HTML. Cached for the comments
 * seen lately.
 */
export function createCommentRenderer(): MarkdownRenderer {
  const disabled = Object.fromEntries(NOT_IN_COMMENTS.map((rule) => [rule, () => undefined]));
  const markdown = new Marked({
    gfm: true,
    breaks: true,
    async: false,
    tokenizer: disabled,
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
