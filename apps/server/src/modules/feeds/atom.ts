import { element, escapeAttribute, XML_DECLARATION } from './xml.js';

/** An Atom person: a display name and the profile page. */
export interface AtomPerson {
  name: string;
  uri: string;
}

export interface AtomEntry {
  id: string;
  title: string;
  /** RFC 3339 date-times. */
  published: string;
  updated: string;
  /** The HTML page. */
  url: string;
  author: AtomPerson;
  categories: readonly string[];
  /** Plain text. */
  summary: string;
}

export interface AtomFeed {
  id: string;
  /** The BCP 47 tag of the feed's own words (`xml:lang`); what people wrote is as they wrote it. */
  language: string;
  title: string;
  subtitle?: string;
  updated: string;
  /** The feed's own URL. */
  self: string;
  /** The HTML page that lists the same portfolios. */
  alternate: string;
  /** The author of every entry, when they share one. */
  author?: AtomPerson;
  entries: readonly AtomEntry[];
}

const author = (value: AtomPerson) =>
  `<author>${element('name', {}, value.name)}${element('uri', {}, value.uri)}</author>`;

function entry(value: AtomEntry): string {
  return [
    '<entry>',
    element('id', {}, value.id),
    element('title', { type: 'text' }, value.title),
    element('published', {}, value.published),
    element('updated', {}, value.updated),
    element('link', { rel: 'alternate', type: 'text/html', href: value.url }),
    author(value.author),
    ...value.categories.map((term) => element('category', { term })),
    element('summary', { type: 'text' }, value.summary),
    '</entry>',
  ].join('\n  ');
}

/** An RFC 4287 feed document; every value is escaped here. */
export function atomFeed(feed: AtomFeed): string {
  const head = [
    element('id', {}, feed.id),
    element('title', { type: 'text' }, feed.title),
    ...(feed.subtitle === undefined ? [] : [element('subtitle', { type: 'text' }, feed.subtitle)]),
    element('updated', {}, feed.updated),
    element('link', { rel: 'self', type: 'application/atom+xml', href: feed.self }),
    element('link', { rel: 'alternate', type: 'text/html', href: feed.alternate }),
    ...(feed.author ? [author(feed.author)] : []),
    element('generator', {}, 'Portfolio Master'),
  ];
  return [
    `${XML_DECLARATION}<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeAttribute(feed.language)}">`,
    ...head,
    ...feed.entries.map(entry),
    '</feed>\n',
  ].join('\n');
}
