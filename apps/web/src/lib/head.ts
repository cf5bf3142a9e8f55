/** What a page says about itself to browsers, crawlers and link previews; made into tags by the server. */
export interface PageHead {
  /** The whole document title. */
  title: string;
  /** Plain text, about 160 characters. */
  description: string;
  /** The page's own address (a path); absent for pages that are not to be indexed. */
  canonical?: string;
  /** A path or absolute URL of a 1200x630 preview image. */
  image?: string;
  imageAlt?: string;
  type: 'website' | 'article' | 'profile';
  /** Pages for one person (forms, the own profile) and error pages stay out of search engines. */
  noindex?: boolean;
  /** schema.org data, written as JSON-LD. */
  jsonLd?: Record<string, unknown>;
  /** Feeds that follow this page's content. */
  feeds?: { href: string; title: string }[];
}

const ELLIPSIS = '…';

/** Cuts plain text at a word boundary to at most `max` characters. */
export function truncate(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}${ELLIPSIS}`;
}

/**
 * The words of a Markdown text without its marks: enough for a description, not a renderer. Code blocks
 * go, links keep their text, images their alt text, and emphasis, headings, quotes and list markers their
 * words only; each line that had no closing punctuation (a heading, a list item) ends a sentence.
 */
export function markdownToText(markdown: string): string {
  return (
    markdown
      .replace(/```[\s\S]*?(```|$)/g, '\n')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]*>/g, ' ')
      .replace(/(\*\*|\*|~~)(\S(?:[\s\S]*?\S)?)\1/g, '$2')
      // Underscores mark emphasis only at word edges: snake_case stays as it is.
      .replace(/(^|\W)(__|_)(\S(?:[\s\S]*?\S)?)\2(?=\W|$)/g, '$1$3')
      .split('\n')
      .map((line) =>
        line
          .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/, '')
          .replace(/^\s*([-*_]\s*){3,}$/, '')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .filter(Boolean)
      .map((line) => (/[.!?:;…]$/.test(line) ? line : `${line}.`))
      .join(' ')
  );
}
