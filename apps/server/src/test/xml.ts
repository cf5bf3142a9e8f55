import fs from 'node:fs';
import { type Document, DOMParser, type Element, onWarningStopParsing } from '@xmldom/xmldom';
import { expect } from 'vitest';
import { validateXML } from 'xmllint-wasm';

const schemaFile = (fileName: string) => ({
  fileName,
  contents: fs.readFileSync(new URL(`./fixtures/sitemaps/${fileName}`, import.meta.url), 'utf8'),
});

/** A sitemap's pages name their other languages (`xhtml:link`), which its own schema leaves to another. */
const schemas = {
  sitemap: {
    schema: schemaFile('sitemap-languages.xsd'),
    preload: [schemaFile('sitemap.xsd'), schemaFile('xhtml-link.xsd')],
  },
  siteindex: { schema: schemaFile('siteindex.xsd'), preload: [] },
};

/**
 * Validates a document with libxml2 against the sitemaps.org 0.9 schema of a sitemap (with its pages'
 * `xhtml:link` alternates) or an index.
 */
export async function expectValidSitemap(xml: string, kind: keyof typeof schemas): Promise<void> {
  const result = await validateXML({ xml: { fileName: 'document.xml', contents: xml }, ...schemas[kind] });
  expect(
    result.errors.map((error) => error.rawMessage),
    xml.slice(0, 2000),
  ).toEqual([]);
  expect(result.valid).toBe(true);
}

/** libxml2's verdict on well-formedness (it refuses, among others, characters XML 1.0 does not allow). */
export async function expectWellFormed(xml: string): Promise<void> {
  const result = await validateXML({
    xml: { fileName: 'document.xml', contents: xml },
    normalization: 'c14n',
  });
  expect(
    result.errors.map((error) => error.rawMessage),
    xml.slice(0, 2000),
  ).toEqual([]);
}

/**
 * The document tree from a namespace-aware XML parser that stops at any error or warning. It lets some
 * characters through that XML forbids: `expectWellFormed` (libxml2) is the judge of those.
 */
export function parseXml(xml: string): Document {
  return new DOMParser({ onError: onWarningStopParsing }).parseFromString(xml, 'application/xml');
}

export const ATOM = 'http://www.w3.org/2005/Atom';
export const SITEMAPS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML = 'http://www.w3.org/1999/xhtml';

/** The child elements of `parent` with this name in this namespace (not deeper descendants). */
export function children(parent: Element, namespace: string, name: string): Element[] {
  return Array.from(parent.childNodes).filter(
    (child): child is Element =>
      child.nodeType === child.ELEMENT_NODE &&
      (child as Element).namespaceURI === namespace &&
      (child as Element).localName === name,
  );
}

export function childText(parent: Element, namespace: string, name: string): string | undefined {
  return children(parent, namespace, name)[0]?.textContent ?? undefined;
}

export interface AtomEntryView {
  id: string;
  title: string;
  updated: string;
  published: string;
  link: string;
  authorName: string;
  authorUri: string;
  categories: string[];
  summary: string;
}

export interface AtomFeedView {
  id: string;
  title: string;
  updated: string;
  self: string;
  alternate: string;
  authorName: string | undefined;
  entries: AtomEntryView[];
}

/** RFC 3339 date-time, as Atom's date constructs require (section 3.3). */
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

function links(parent: Element): Map<string, string> {
  const found = new Map<string, string>();
  for (const link of children(parent, ATOM, 'link')) {
    const rel = link.getAttribute('rel') ?? 'alternate';
    expect(found.has(rel), `two links rel=${rel}`).toBe(false);
    found.set(rel, link.getAttribute('href') ?? '');
  }
  return found;
}

function single(parent: Element, name: string): string {
  const found = children(parent, ATOM, name);
  expect(found, `exactly one atom:${name} in atom:${parent.localName}`).toHaveLength(1);
  return found[0]!.textContent ?? '';
}

/**
 * Parses an Atom document and checks what RFC 4287 requires: the feed has exactly one id, title and
 * updated, a link rel="self", and an author unless every entry has one; each entry has exactly one id,
 * title and updated, and, having no content, a link rel="alternate". Dates are RFC 3339. Our entries also
 * carry exactly one published and one summary.
 */
export function parseAtom(xml: string): AtomFeedView {
  const feed = parseXml(xml).documentElement!;
  expect(feed.namespaceURI).toBe(ATOM);
  expect(feed.localName).toBe('feed');
  const feedLinks = links(feed);
  const feedAuthor = children(feed, ATOM, 'author')[0];
  const entries = children(feed, ATOM, 'entry').map((entry): AtomEntryView => {
    const entryLinks = links(entry);
    const author = children(entry, ATOM, 'author')[0] ?? feedAuthor;
    expect(author, 'an entry without an author in a feed without one').toBeDefined();
    const view = {
      id: single(entry, 'id'),
      title: single(entry, 'title'),
      updated: single(entry, 'updated'),
      published: single(entry, 'published'),
      link: entryLinks.get('alternate') ?? '',
      authorName: childText(author!, ATOM, 'name') ?? '',
      authorUri: childText(author!, ATOM, 'uri') ?? '',
      categories: children(entry, ATOM, 'category').map((category) => category.getAttribute('term') ?? ''),
      summary: single(entry, 'summary'),
    };
    expect(view.updated).toMatch(RFC3339);
    expect(view.published).toMatch(RFC3339);
    expect(view.link).toMatch(/^https?:\/\//);
    expect(view.authorName).not.toBe('');
    expect(view.id).toMatch(/^[a-z][a-z0-9+.-]*:/);
    return view;
  });
  const view = {
    id: single(feed, 'id'),
    title: single(feed, 'title'),
    updated: single(feed, 'updated'),
    self: feedLinks.get('self') ?? '',
    alternate: feedLinks.get('alternate') ?? '',
    authorName: feedAuthor ? childText(feedAuthor, ATOM, 'name') : undefined,
    entries,
  };
  expect(view.updated).toMatch(RFC3339);
  expect(view.self).toMatch(/^https?:\/\//);
  expect(view.id).toMatch(/^[a-z][a-z0-9+.-]*:/);
  return view;
}

export interface SitemapUrl {
  loc: string;
  lastmod: string | undefined;
  /** A page's `xhtml:link rel="alternate"` addresses by `hreflang` (none in an index). */
  alternates: Record<string, string>;
}

/** The `<url>` or `<sitemap>` entries of a sitemap or sitemap index, in order. */
export function sitemapEntries(xml: string): SitemapUrl[] {
  const root = parseXml(xml).documentElement!;
  const name = root.localName === 'sitemapindex' ? 'sitemap' : 'url';
  return children(root, SITEMAPS, name).map((entry) => {
    const alternates: Record<string, string> = {};
    for (const link of children(entry, XHTML, 'link')) {
      const hreflang = link.getAttribute('hreflang') ?? '';
      expect(link.getAttribute('rel')).toBe('alternate');
      expect(alternates[hreflang], `two alternates for ${hreflang}`).toBeUndefined();
      alternates[hreflang] = link.getAttribute('href') ?? '';
    }
    return {
      loc: childText(entry, SITEMAPS, 'loc') ?? '',
      lastmod: childText(entry, SITEMAPS, 'lastmod'),
      alternates,
    };
  });
}
