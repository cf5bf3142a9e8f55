import { shorten } from '@portfolio-master/contract';
import type { CvEntry, CvView } from './cv-view.js';

/** A meta description's length: what search engines and link previews show before cutting. */
const DESCRIPTION_LENGTH = 160;

/** Text and attribute values made safe in HTML: every user's text goes through it. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The page's addresses: its own, the same page in every language, the PDF and the JSON Resume. */
export interface CvPageLinks {
  canonical: string;
  alternates: { hreflang: string; href: string }[];
  pdf: string;
  json: string;
}

/**
 * One A4 sheet or more when printed, one readable column on a phone. The links to the other formats are
 * left out of print, and a pinned work's address is printed after its title, so a paper copy keeps it.
 */
const STYLE = `
@page { size: A4; margin: 16mm 16mm 18mm; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 820px; padding: 24px 20px 40px; color: #1a1a1a; background: #fff;
  font: 15px/1.5 "DejaVu Sans", "Segoe UI", Roboto, Arial, sans-serif; overflow-wrap: anywhere; }
h1 { margin: 0; font-size: 28px; line-height: 1.2; }
.headline { margin: 4px 0 0; font-size: 17px; color: #444; }
h2 { margin: 22px 0 8px; padding-bottom: 3px; border-bottom: 1px solid #ccc; font-size: 16px;
  text-transform: uppercase; letter-spacing: .04em; color: #333; break-after: avoid; }
h3 { margin: 0; font-size: 15px; }
p, ul, dl { margin: 0; }
a { color: #1d4ed8; }
.facts { margin-top: 10px; display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; }
.facts dt { color: #555; }
.facts dd { margin: 0; }
.entry { margin: 0 0 10px; break-inside: avoid; }
.entry .dates { color: #555; font-size: 14px; }
.tags { padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: 4px 6px; }
.tags li { padding: 1px 8px; border: 1px solid #ccc; border-radius: 10px; font-size: 14px; }
.verified { color: #15803d; font-weight: bold; }
.about { white-space: pre-line; }
.formats { margin: 0 0 16px; font-size: 14px; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  .formats { display: none; }
  a { color: inherit; text-decoration: none; }
  h3 a[href]::after { content: " — " attr(href); font-weight: normal; font-size: 9pt; color: #555; }
}
@media (max-width: 480px) {
  body { padding: 16px 14px 32px; }
  .facts { grid-template-columns: 1fr; }
  .facts dd { margin-bottom: 6px; }
}
`;

const link = (href: string, text = href) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

const tags = (items: string[]) =>
  `<ul class="tags">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;

const section = (title: string, body: string) => `<section><h2>${escapeHtml(title)}</h2>${body}</section>`;

const entries = (items: CvEntry[]) =>
  items
    .map(
      (entry) =>
        `<div class="entry"><h3>${escapeHtml(entry.title)}</h3>` +
        (entry.place ? `<p>${escapeHtml(entry.place)}</p>` : '') +
        `<p class="dates">${escapeHtml(entry.dates)}</p></div>`,
    )
    .join('');

const facts = (rows: [string, string][]) =>
  `<dl class="facts">${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`).join('')}</dl>`;

/** The CV as a page of its own: no scripts, no app around it, the styles inline. */
export function cvPage(view: CvView, links: CvPageLinks): string {
  const { labels } = view;
  const parts: string[] = [];
  const contactRows: [string, string][] = view.contacts.map((contact) => [
    contact.label,
    link(contact.href, contact.text),
  ]);
  if (view.region) contactRows.push([labels.region, escapeHtml(view.region)]);
  parts.push(section(labels.contacts, facts(contactRows)));
  if (view.about) parts.push(section(labels.about, `<p class="about">${escapeHtml(view.about)}</p>`));
  if (view.skills.length > 0) parts.push(section(labels.skills, tags(view.skills)));
  if (view.work) {
    const rows: [string, string][] = [];
    if (view.work.roles.length > 0) rows.push([labels.roles, escapeHtml(view.work.roles.join(', '))]);
    const kinds = [...view.work.employment, ...(view.work.remote ? [view.work.remote] : [])];
    if (kinds.length > 0) rows.push([labels.employment, escapeHtml(kinds.join(', '))]);
    parts.push(
      section(labels.openToWork, `<p><strong>${escapeHtml(view.work.status)}</strong></p>${facts(rows)}`),
    );
  }
  if (view.affiliation) {
    const { kind, name, verified } = view.affiliation;
    const mark = verified
      ? ` <span class="verified" title="${escapeHtml(verified)}">✓ ${escapeHtml(verified)}</span>`
      : '';
    parts.push(section(labels.affiliation, `<p>${escapeHtml(name)} (${escapeHtml(kind)})${mark}</p>`));
  }
  if (view.experience.length > 0) parts.push(section(labels.experience, entries(view.experience)));
  if (view.education.length > 0) parts.push(section(labels.education, entries(view.education)));
  if (view.pinned.length > 0) {
    const works = view.pinned.map((work) => {
      const rows: [string, string][] = work.links.map((href) => [labels.link, link(href)]);
      if (work.technologies.length > 0)
        rows.push([labels.technologies, escapeHtml(work.technologies.join(', '))]);
      return `<div class="entry"><h3>${link(work.address, work.title)}</h3>${facts(rows)}</div>`;
    });
    parts.push(section(labels.pinned, works.join('')));
  }
  // What search results and link previews say of the page: the person, what they do, what they know.
  const description = shorten(
    [view.name, view.headline, view.skills.slice(0, 6).join(', ')].filter(Boolean).join(' — '),
    DESCRIPTION_LENGTH,
  );
  const head = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(links.canonical)}">`,
    ...links.alternates.map(
      ({ hreflang, href }) =>
        `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}">`,
    ),
    `<link rel="alternate" type="application/pdf" href="${escapeHtml(links.pdf)}">`,
    `<link rel="alternate" type="application/json" href="${escapeHtml(links.json)}">`,
  ];
  const headline = view.headline ? `<p class="headline">${escapeHtml(view.headline)}</p>` : '';
  return htmlDocument(view.lang, labels.title, head, STYLE, [
    `<p class="formats">${escapeHtml(labels.formats)} ${link(links.pdf, 'PDF')} · ${link(links.json, 'JSON Resume')}</p>`,
    `<header><h1>${escapeHtml(view.name)}</h1>${headline}</header>`,
    `<main>\n${parts.join('\n')}\n</main>`,
  ]);
}

/** A whole page: its language, title, further `<head>` lines, styles and the body's parts. */
function htmlDocument(lang: string, title: string, head: string[], style: string, body: string[]): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...head,
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** What a missing or hidden profile's CV address answers: a small page in the address's language. */
export function notFoundPage(
  lang: string,
  texts: { title: string; text: string; home: string },
  home: string,
): string {
  return htmlDocument(
    lang,
    texts.title,
    [],
    'body { margin: 0 auto; max-width: 640px; padding: 40px 20px; font: 16px/1.5 sans-serif; color: #1a1a1a; }',
    [
      `<h1>${escapeHtml(texts.title)}</h1>`,
      `<p>${escapeHtml(texts.text)}</p>`,
      `<p>${link(home, texts.home)}</p>`,
    ],
  );
}
