import { hueOf, initials } from '@portfolio-master/contract';

/**
 * A profile's card as an SVG for READMEs (GitHub shows it through its image proxy, which lets the SVG load
 * nothing else: the avatar travels inside it as a data: address). Text is laid out by character count, as
 * the reader's own fonts draw it: a line too long for its room is cut with an ellipsis.
 */

export const PROFILE_CARD_WIDTH = 495;
export const PROFILE_CARD_HEIGHT = 195;
const PADDING = 24;
const INNER = PROFILE_CARD_WIDTH - 2 * PADDING;
const AVATAR = 56;

export type Theme = 'light' | 'dark';

export interface ProfileSvgInput {
  name: string;
  username: string;
  /** The headline, or the first skills when there is none. */
  about: string;
  /** The avatar as a data: address, or null for initials. */
  avatar: string | null;
  /** The counts, written in the card's language. */
  portfolios: string;
  followers: string;
  /** At most three, the most used first. */
  technologies: string[];
  /** The open-to-work badge's words, or null. */
  status: string | null;
  /** What the card is, for screen readers. */
  label: string;
  theme: Theme;
}

const PALETTES = {
  light: {
    background: '#ffffff',
    border: '#d0d7de',
    text: '#1f2328',
    muted: '#59636e',
    chip: '#eef1f6',
    badge: '#dafbe1',
    badgeText: '#116329',
    brand: '#2f5bea',
  },
  dark: {
    background: '#0d1117',
    border: '#30363d',
    text: '#e6edf3',
    muted: '#9198a1',
    chip: '#21262d',
    badge: '#12361f',
    badgeText: '#3fb950',
    brand: '#7c9bff',
  },
} as const;

/** The card's ground, which a transparent avatar is laid on. */
export const backgroundOf = (theme: Theme) => PALETTES[theme].background;

export const FONT_STACK =
  "-apple-system,BlinkMacSystemFont,'Segoe UI','Noto Sans',Helvetica,Arial,sans-serif";

/** What XML 1.0 allows in a document: control characters and lone surrogates are left out. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for XML (and HTML) content or a quoted attribute. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(
      /[&<>"']/g,
      (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
    );
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** How wide a character is, in average Latin letters: ideographs, emoji and the like take about two. */
const widthOf = (grapheme: string) => (grapheme.codePointAt(0)! >= 0x2e80 ? 1.8 : 1);

/** About how many pixels `text` takes at `size` (an average letter is about 0.56 of the size, bold 0.6). */
export function textWidth(text: string, size: number, bold = false): number {
  let letters = 0;
  for (const { segment } of graphemes.segment(text)) letters += widthOf(segment);
  return letters * size * (bold ? 0.6 : 0.56);
}

/** `text` on one line, cut after a whole character with an ellipsis when wider than `width`. */
export function fit(text: string, width: number, size: number, bold = false): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (textWidth(line, size, bold) <= width) return line;
  const room = width - textWidth('…', size, bold);
  let used = 0;
  let kept = '';
  for (const { segment } of graphemes.segment(line)) {
    used += textWidth(segment, size, bold);
    if (used > room) break;
    kept += segment;
  }
  return `${kept.trimEnd()}…`;
}

const text = (x: number, y: number, className: string, content: string, extra = '') =>
  `<text x="${x}" y="${y}" class="${className}"${extra}>${escapeXml(content)}</text>`;

function styles(theme: Theme): string {
  const colors = PALETTES[theme];
  return (
    `<style>text{font-family:${FONT_STACK}}` +
    `.n{font-size:18px;font-weight:600;fill:${colors.text}}` +
    `.u,.c{font-size:13px;fill:${colors.muted}}` +
    `.h{font-size:14px;fill:${colors.text}}` +
    `.t{font-size:12px;fill:${colors.text}}` +
    `.b{font-size:12px;font-weight:600;fill:${colors.badgeText}}` +
    `.m{font-size:11px;font-weight:600;fill:${colors.brand}}` +
    `.i{font-size:22px;font-weight:600;fill:#ffffff}</style>`
  );
}

function avatar(input: ProfileSvgInput): string {
  const cx = PADDING + AVATAR / 2;
  const cy = PADDING + AVATAR / 2;
  if (input.avatar) {
    return (
      `<clipPath id="a"><circle cx="${cx}" cy="${cy}" r="${AVATAR / 2}"/></clipPath>` +
      `<image href="${escapeXml(input.avatar)}" x="${PADDING}" y="${PADDING}" width="${AVATAR}" height="${AVATAR}" clip-path="url(#a)" preserveAspectRatio="xMidYMid slice"/>`
    );
  }
  const hue = hueOf(input.username);
  return (
    `<circle cx="${cx}" cy="${cy}" r="${AVATAR / 2}" fill="hsl(${hue},55%,30%)"/>` +
    text(cx, cy + 8, 'i', initials(input.name), ' text-anchor="middle"')
  );
}

/** The profile's card. */
export function profileSvg(input: ProfileSvgInput): string {
  const colors = PALETTES[input.theme];
  const parts: string[] = [];
  const nameLeft = PADDING + AVATAR + 16;
  let nameRoom = PROFILE_CARD_WIDTH - PADDING - nameLeft;
  if (input.status) {
    const label = fit(input.status, 180, 12, true);
    const width = Math.ceil(textWidth(label, 12, true) + 20);
    const left = PROFILE_CARD_WIDTH - PADDING - width;
    parts.push(
      `<rect x="${left}" y="${PADDING}" width="${width}" height="22" rx="11" fill="${colors.badge}"/>`,
      text(left + width / 2, PADDING + 15, 'b', label, ' text-anchor="middle"'),
    );
    nameRoom -= width + 8;
  }
  parts.push(
    text(nameLeft, PADDING + 24, 'n', fit(input.name, nameRoom, 18, true)),
    text(nameLeft, PADDING + 46, 'u', fit(`@${input.username}`, nameRoom, 13)),
  );
  if (input.about) parts.push(text(PADDING, 106, 'h', fit(input.about, INNER, 14)));
  parts.push(text(PADDING, 128, 'c', fit(`${input.portfolios} · ${input.followers}`, INNER, 13)));
  let left = PADDING;
  for (const name of input.technologies.slice(0, 3)) {
    const label = fit(name, 130, 12);
    const width = Math.ceil(textWidth(label, 12) + 20);
    if (left + width > PROFILE_CARD_WIDTH - PADDING) break;
    parts.push(
      `<rect x="${left}" y="142" width="${width}" height="22" rx="11" fill="${colors.chip}"/>`,
      text(left + width / 2, 157, 't', label, ' text-anchor="middle"'),
    );
    left += width + 6;
  }
  parts.push(text(PROFILE_CARD_WIDTH - PADDING, 184, 'm', 'Portfolio Master', ' text-anchor="end"'));
  return frame(
    PROFILE_CARD_WIDTH,
    PROFILE_CARD_HEIGHT,
    input.theme,
    input.label,
    avatar(input) + parts.join(''),
  );
}

/** The card answered for a profile nobody may see: a line saying so. */
export function notFoundSvg(message: string, theme: Theme): string {
  const body = text(PROFILE_CARD_WIDTH / 2, 48, 'c', fit(message, INNER, 13), ' text-anchor="middle"');
  return frame(PROFILE_CARD_WIDTH, 80, theme, message, body);
}

function frame(width: number, height: number, theme: Theme, label: string, body: string): string {
  const colors = PALETTES[theme];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title">` +
    `<title id="title">${escapeXml(label)}</title>${styles(theme)}` +
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="10" fill="${colors.background}" stroke="${colors.border}"/>` +
    `${body}</svg>`
  );
}
