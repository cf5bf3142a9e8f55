import { hueOf } from '@portfolio-master/contract';
import { escapeXml as escape, FONT_STACK } from './embed-svg.js';

/**
 * A portfolio's card as a small HTML document any site may frame: inline style, no script, the cover
 * through the site's own image address. It fills the frame it is given (400×160 by default, as oEmbed
 * names it) and links to the portfolio's page in a new tab.
 */

export const PORTFOLIO_CARD_WIDTH = 400;
export const PORTFOLIO_CARD_HEIGHT = 160;

export interface PortfolioHtmlInput {
  /** The page's language tag (`<html lang>`). */
  lang: string;
  title: string;
  authorName: string;
  /** Where the portfolio's page is, absolute. */
  href: string;
  /** The cover's address, or null for a drawn one. */
  cover: string | null;
  /** The cover's description as its author wrote it; '' leaves it decorative (the title is beside it). */
  coverAlt: string;
  /** Seeds the drawn cover's hue. */
  seed: string;
  technologies: string[];
  likes: string;
  open: string;
}

const STYLE =
  `*{box-sizing:border-box}html,body{margin:0;height:100%;background:transparent}` +
  `body{font:14px/1.4 ${FONT_STACK};color:#1f2328}` +
  `.card{display:flex;gap:12px;height:100%;max-height:${PORTFOLIO_CARD_HEIGHT}px;padding:12px;` +
  `border:1px solid #d0d7de;border-radius:10px;background:#fff;overflow:hidden}` +
  `.cover{flex:none;height:100%;aspect-ratio:1;max-width:34%;border-radius:8px;object-fit:cover;background:#eef1f6}` +
  `.body{min-width:0;flex:1;display:flex;flex-direction:column;gap:4px}.body>*{flex-shrink:0}` +
  `h1{margin:0;font-size:16px;line-height:1.3;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}` +
  `a{color:inherit;text-decoration:none}a:hover,a:focus-visible{text-decoration:underline}` +
  `.author{color:#59636e;font-size:13px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}` +
  `ul{display:flex;flex-wrap:wrap;gap:4px;max-height:22px;overflow:hidden;margin:0;padding:0;list-style:none}` +
  `li{font-size:12px;padding:1px 8px;border-radius:999px;background:#eef1f6;white-space:nowrap}` +
  `.foot{margin-top:auto;display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:2px 8px;font-size:12px;color:#59636e}` +
  `.foot span{white-space:nowrap}.foot a{color:#2f5bea;font-weight:600}`;

function page(lang: string, title: string, body: string): string {
  return (
    `<!doctype html><html lang="${escape(lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

export function portfolioHtml(input: PortfolioHtmlInput): string {
  const hue = hueOf(input.seed);
  const cover = input.cover
    ? `<img class="cover" src="${escape(input.cover)}" alt="${escape(input.coverAlt)}" loading="lazy">`
    : `<div class="cover" style="background:linear-gradient(135deg,hsl(${hue},70%,45%),hsl(${(hue + 50) % 360},70%,35%))"></div>`;
  const technologies = input.technologies.length
    ? `<ul>${input.technologies.map((name) => `<li>${escape(name)}</li>`).join('')}</ul>`
    : '';
  const link = (content: string) =>
    `<a href="${escape(input.href)}" target="_blank" rel="noopener">${content}</a>`;
  return page(
    input.lang,
    `${input.title} — Portfolio Master`,
    `<article class="card">${cover}<div class="body">` +
      `<h1>${link(escape(input.title))}</h1><div class="author">${escape(input.authorName)}</div>${technologies}` +
      `<div class="foot"><span>${escape(input.likes)}</span>${link(`${escape(input.open)} ↗`)}</div>` +
      `</div></article>`,
  );
}

/** The card answered for a portfolio nobody may see. */
export function notFoundHtml(lang: string, message: string): string {
  return page(
    lang,
    message,
    `<article class="card"><div class="body"><h1>${escape(message)}</h1></div></article>`,
  );
}
