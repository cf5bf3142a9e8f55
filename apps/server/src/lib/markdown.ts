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
  const rendered = new LRUCache<string, string>({ max: 5_000 });
  return (source) => {
    const cached = rendered.get(source);
    if (cached !== undefined) return cached;
    // Code blocks may scroll sideways; a keyboard can reach and scroll them only when they take the focus.
    // Raw HTML in the source is escaped above, so every `<pre>` here is one Marked made.
    const html = markdown.parse(source, { async: false }).replaceAll('<pre>', '<pre tabindex="0">');
    rendered.set(source, html);
    return html;
  };
}
