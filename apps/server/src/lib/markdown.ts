import { Marked, type RendererObject } from 'marked';
import { BoundedCache } from './bounded-cache.js';

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

const renderer: RendererObject = {
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
    const safe = safeUrl(href);
    if (!safe) return escapeHtml(text);
    return `<img src="${escapeHtml(safe)}" alt="${escapeHtml(text)}" loading="lazy" decoding="async">`;
  },
};

const markdown = new Marked({ gfm: true, breaks: true, async: false, renderer });
const rendered = new BoundedCache<string, string>(5_000);

/**
 * A portfolio description as the pages show it: Markdown without raw HTML. Rendered here rather than in
 * the browser, so the browser never downloads a Markdown parser; kept for the descriptions seen lately.
 */
export function renderMarkdown(source: string): string {
  const cached = rendered.get(source);
  if (cached !== undefined) return cached;
  // Code blocks may scroll sideways; a keyboard can reach and scroll them only when they take the focus.
  // Raw HTML in the source is escaped above, so every `<pre>` here is one Marked made.
  const html = markdown.parse(source, { async: false }).replaceAll('<pre>', '<pre tabindex="0">');
  rendered.set(source, html);
  return html;
}
