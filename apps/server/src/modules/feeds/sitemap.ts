import { GzippedDocument, ReadyDocument, type SendableDocument } from '../../lib/ready-document.js';
import { escapeAttribute, escapeText, XML_DECLARATION } from './xml.js';

/** What sitemaps.org allows in one file; tests pass smaller numbers. */
export interface SitemapLimits {
  urlsPerFile: number;
  bytesPerFile: number;
}

export const SITEMAP_LIMITS: SitemapLimits = { urlsPerFile: 50_000, bytesPerFile: 50 * 1024 * 1024 };

export const SITEMAP_TYPE = 'application/xml; charset=utf-8';

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Where `<xhtml:link rel="alternate" hreflang>` comes from: the same page in the other languages. */
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">\n`;
const URLSET_CLOSE = '</urlset>\n';
const URLSET_OVERHEAD = Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);

interface SitemapFile {
  /** `portfolios-2`: served as `/sitemaps/portfolios-2.xml`. */
  name: string;
  /** `<url>` elements, one string each, until the file is packed. */
  parts: string[];
  urls: number;
  bytes: number;
  /** The newest lastmod in the file, if any has one. */
  lastmod: string | undefined;
  /** The finished file, compressed: no other URL will join it. */
  packed?: GzippedDocument;
}

/** One language's address of a page: `hreflang` is a BCP 47 tag, or `x-default`. */
export interface Alternate {
  hreflang: string;
  /** An absolute, percent-encoded URL. */
  href: string;
}

/**
 * One kind of page (portfolios, profiles, ...) cut into files of at most `urlsPerFile` URLs and
 * `bytesPerFile` bytes. A page is one `<url>` per language, each naming every language's address (its
 * own too) and `x-default`, as search engines ask; the `<url>`s of one page stay in one file, so a page
 * stays in its file as others are added. Entries are kept as finished `<url>` strings, nothing per row
 * besides.
 */
export class SitemapSection {
  readonly files: SitemapFile[] = [];

  constructor(
    private readonly kind: string,
    private readonly limits: SitemapLimits,
  ) {}

  /**
   * A page in every language: `versions` are its addresses (a `<url>` each), `fallback` the one
   * `x-default` names; `lastmod` a W3C datetime.
   */
  add(versions: readonly Alternate[], fallback: string, lastmod: string | undefined): void {
    const links = [...versions, { hreflang: 'x-default', href: fallback }]
      .map(
        ({ hreflang, href }) =>
          `<xhtml:link rel="alternate" hreflang="${escapeAttribute(hreflang)}" href="${escapeAttribute(href)}"/>`,
      )
      .join('');
    const date = lastmod === undefined ? '' : `<lastmod>${escapeText(lastmod)}</lastmod>`;
    const parts = versions.map(({ href }) => `<url><loc>${escapeText(href)}</loc>${date}${links}</url>\n`);
    const bytes = parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
    let file = this.files.at(-1);
    const full =
      file !== undefined &&
      file.parts.length > 0 &&
      (file.parts.length + parts.length > this.limits.urlsPerFile ||
        URLSET_OVERHEAD + file.bytes + bytes > this.limits.bytesPerFile);
    if (!file || full) {
      file = {
        name: `${this.kind}-${this.files.length + 1}`,
        parts: [],
        urls: 0,
        bytes: 0,
        lastmod: undefined,
      };
      this.files.push(file);
    }
    file.parts.push(...parts);
    file.urls += parts.length;
    file.bytes += bytes;
    if (lastmod !== undefined && (file.lastmod === undefined || lastmod > file.lastmod))
      file.lastmod = lastmod;
  }

  /**
   * Compresses the files that are full, letting go of their text: four languages make a file of 50,000
   * addresses 40 MB of text, half a megabyte compressed, and a large site has several. Only the last file
   * may still grow.
   */
  async packFull(): Promise<void> {
    for (const file of this.files.slice(0, -1)) await pack(file);
  }
}

async function pack(file: SitemapFile): Promise<void> {
  if (file.packed) return;
  file.packed = await urlset(file.parts);
  file.parts = [];
}

export interface SitemapDocuments {
  /** `/sitemap.xml`: every URL when they fit in one file, else an index of the files. */
  main: SendableDocument;
  /** The files the index names, by name; empty when there is no index. */
  files: Map<string, SendableDocument>;
}

function* urlsetPieces(parts: readonly string[]): Iterable<string> {
  yield URLSET_OPEN;
  yield* parts;
  yield URLSET_CLOSE;
}

const urlset = (parts: readonly string[]) => GzippedDocument.pack(urlsetPieces(parts), SITEMAP_TYPE);

/** The sitemap of these sections: one file when all fits, else an index and its files, in this order. */
export async function sitemapDocuments(
  baseUrl: string,
  sections: readonly SitemapSection[],
  limits: SitemapLimits,
): Promise<SitemapDocuments> {
  const files = sections.flatMap((section) => section.files);
  const urls = files.reduce((sum, file) => sum + file.urls, 0);
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
  // A packed file was full, so the sitemap never fits in one when there is one.
  if (urls <= limits.urlsPerFile && URLSET_OVERHEAD + bytes <= limits.bytesPerFile) {
    return { main: await urlset(files.flatMap((file) => file.parts)), files: new Map() };
  }
  const index = files.map((file) => {
    const loc = `<loc>${escapeText(`${baseUrl}/sitemaps/${file.name}.xml`)}</loc>`;
    const lastmod = file.lastmod === undefined ? '' : `<lastmod>${escapeText(file.lastmod)}</lastmod>`;
    return `<sitemap>${loc}${lastmod}</sitemap>\n`;
  });
  for (const file of files) await pack(file);
  return {
    main: new ReadyDocument(
      `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${index.join('')}</sitemapindex>\n`,
      SITEMAP_TYPE,
    ),
    files: new Map(files.map((file) => [file.name, file.packed!])),
  };
}
