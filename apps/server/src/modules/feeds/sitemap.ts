import { escapeText, XML_DECLARATION } from './xml.js';

/** What sitemaps.org allows in one file; tests pass smaller numbers. */
export interface SitemapLimits {
  urlsPerFile: number;
  bytesPerFile: number;
}

export const SITEMAP_LIMITS: SitemapLimits = { urlsPerFile: 50_000, bytesPerFile: 50 * 1024 * 1024 };

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n`;
const URLSET_CLOSE = '</urlset>\n';
const URLSET_OVERHEAD = Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);

interface SitemapFile {
  /** `portfolios-2`: served as `/sitemaps/portfolios-2.xml`. */
  name: string;
  /** `<url>` elements, one string each. */
  parts: string[];
  bytes: number;
  /** The newest lastmod in the file, if any has one. */
  lastmod: string | undefined;
}

/**
 * One kind of page (portfolios, profiles, ...) cut into files of at most `urlsPerFile` URLs and
 * `bytesPerFile` bytes. Entries are kept as finished `<url>` strings, nothing per row besides.
 */
export class SitemapSection {
  readonly files: SitemapFile[] = [];

  constructor(
    private readonly kind: string,
    private readonly limits: SitemapLimits,
  ) {}

  /** `loc` is an absolute, percent-encoded URL; `lastmod` a W3C datetime. */
  add(loc: string, lastmod: string | undefined): void {
    const part =
      lastmod === undefined
        ? `<url><loc>${escapeText(loc)}</loc></url>\n`
        : `<url><loc>${escapeText(loc)}</loc><lastmod>${escapeText(lastmod)}</lastmod></url>\n`;
    const bytes = Buffer.byteLength(part);
    let file = this.files.at(-1);
    if (
      !file ||
      file.parts.length >= this.limits.urlsPerFile ||
      URLSET_OVERHEAD + file.bytes + bytes > this.limits.bytesPerFile
    ) {
      file = { name: `${this.kind}-${this.files.length + 1}`, parts: [], bytes: 0, lastmod: undefined };
      this.files.push(file);
    }
    file.parts.push(part);
    file.bytes += bytes;
    if (lastmod !== undefined && (file.lastmod === undefined || lastmod > file.lastmod))
      file.lastmod = lastmod;
  }
}

export interface SitemapDocuments {
  /** `/sitemap.xml`: every URL when they fit in one file, else an index of the files. */
  main: string;
  /** The files the index names, by name; empty when there is no index. */
  files: Map<string, string>;
}

const urlset = (parts: readonly string[]) => URLSET_OPEN + parts.join('') + URLSET_CLOSE;

/** The sitemap of these sections: one file when all fits, else an index and its files, in this order. */
export function sitemapDocuments(
  baseUrl: string,
  sections: readonly SitemapSection[],
  limits: SitemapLimits,
): SitemapDocuments {
  const files = sections.flatMap((section) => section.files);
  const urls = files.reduce((sum, file) => sum + file.parts.length, 0);
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
  if (urls <= limits.urlsPerFile && URLSET_OVERHEAD + bytes <= limits.bytesPerFile) {
    return { main: urlset(files.flatMap((file) => file.parts)), files: new Map() };
  }
  const index = files.map((file) => {
    const loc = `<loc>${escapeText(`${baseUrl}/sitemaps/${file.name}.xml`)}</loc>`;
    const lastmod = file.lastmod === undefined ? '' : `<lastmod>${escapeText(file.lastmod)}</lastmod>`;
    return `<sitemap>${loc}${lastmod}</sitemap>\n`;
  });
  return {
    main: `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${index.join('')}</sitemapindex>\n`,
    files: new Map(files.map((file) => [file.name, urlset(file.parts)])),
  };
}
