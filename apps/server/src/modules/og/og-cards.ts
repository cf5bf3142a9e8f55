import { createRequire } from 'node:module';
import { hueOf, initials } from '@portfolio-master/contract';
import sharp from 'sharp';

/**
 * Link-preview cards (1200×630, what Telegram, Facebook and X show for a shared link), drawn with sharp.
 * Text goes through Pango with the Inter font shipped as an npm package, so a machine without fonts draws
 * the same card; a title too long for its box is set smaller until it fits, never cut.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const MARGIN = 72;
const INNER_WIDTH = CARD_WIDTH - 2 * MARGIN;

const require = createRequire(import.meta.url);
const FONT_PACKAGE = '@expo-google-fonts/inter';
const FONT_FILES = {
  regular: '400Regular/Inter_400Regular.ttf',
  semibold: '600SemiBold/Inter_600SemiBold.ttf',
  bold: '700Bold/Inter_700Bold.ttf',
} as const;
type Weight = keyof typeof FONT_FILES;
const FACE: Record<Weight, string> = { regular: 'Inter', semibold: 'Inter SemiBold', bold: 'Inter Bold' };

/**
 * The font files' paths, found when the server starts: without them Pango would quietly pick whatever
 * font the machine has (or none), so a missing file stops the start and says which.
 */
export function resolveFonts(fontPackage: string = FONT_PACKAGE): Record<Weight, string> {
  const resolved = {} as Record<Weight, string>;
  for (const [weight, file] of Object.entries(FONT_FILES) as [Weight, string][]) {
    try {
      resolved[weight] = require.resolve(`${fontPackage}/${file}`);
    } catch {
      throw new Error(
        `Preview cards need the font file ${fontPackage}/${file}, which is not installed: run npm ci`,
      );
    }
  }
  return resolved;
}

const FONTS = resolveFonts();

export interface PortfolioCardInput {
  title: string;
  authorName: string;
  username: string;
  /** Path of the author's stored avatar, or null for drawn initials. */
  avatar: string | null;
  /** Path of the first gallery image, or null for a drawn background. */
  cover: string | null;
  technologies: string[];
}

export interface ProfileCardInput {
  name: string;
  username: string;
  avatar: string | null;
  /** A line of the bio, or the skills. */
  about: string;
  /** The number of portfolios, written in the card's language ("12 ta portfolio", "12 portfolios"). */
  portfolios: string;
}

interface Rendered {
  data: Buffer;
  width: number;
  height: number;
}

const escapeMarkup = (text: string) =>
  text.replace(/[&<>]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[char]!);

/**
 * Text as a transparent image. With `box` the text is wrapped at its width and, when it would be taller
 * than its height at `size`, set smaller until it fits; words longer than a line are broken.
 */
export async function textBlock(
  content: string,
  options: {
    weight: Weight;
    size: number;
    color?: string;
    box?: { width: number; height: number };
    align?: 'left' | 'centre';
  },
): Promise<Rendered> {
  const markup = `<span foreground="${options.color ?? '#ffffff'}">${escapeMarkup(content)}</span>`;
  const render = async (fit: boolean) => {
    const { data, info } = await sharp({
      text: {
        text: markup,
        font: fit ? FACE[options.weight] : `${FACE[options.weight]} ${options.size}`,
        fontfile: FONTS[options.weight],
        width: options.box?.width,
        ...(fit ? { height: options.box!.height } : { dpi: 72 }),
        align: options.align ?? 'left',
        wrap: 'word-char',
        rgba: true,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  const natural = await render(false);
  if (!options.box || natural.height <= options.box.height) return natural;
  return render(true);
}

/** One line at `size` pixels, never wrapped. */
async function renderLine(text: string, weight: Weight, size: number, color: string): Promise<Rendered> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${color}">${escapeMarkup(text)}</span>`,
      font: `${FACE[weight]} ${size}`,
      fontfile: FONTS[weight],
      dpi: 72,
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const graphemes = new Intl.Segmenter('uz', { granularity: 'grapheme' });

/**
 * One line of text (a name, a handle, a chip): set smaller, down to `minSize`, when wider than
 * `maxWidth`, and when even that is too wide, cut after a whole character with an ellipsis.
 */
export async function textLine(
  content: string,
  options: { weight: Weight; size: number; minSize?: number; color?: string; maxWidth: number },
): Promise<Rendered> {
  const text = content.replace(/\s+/g, ' ').trim();
  const color = options.color ?? '#ffffff';
  const minSize = Math.min(options.minSize ?? options.size, options.size);
  let size = options.size;
  let line = await renderLine(text, options.weight, size, color);
  while (line.width > options.maxWidth && size > minSize) {
    size = Math.max(minSize, Math.min(size - 1, Math.floor((size * options.maxWidth) / line.width)));
    line = await renderLine(text, options.weight, size, color);
  }
  let characters = Array.from(graphemes.segment(text), (part) => part.segment);
  while (line.width > options.maxWidth && characters.length > 1) {
    const keep = Math.floor((characters.length * options.maxWidth) / line.width);
    characters = characters.slice(0, Math.max(1, Math.min(characters.length - 1, keep)));
    line = await renderLine(`${characters.join('').trimEnd()}…`, options.weight, size, color);
  }
  return line;
}

/** A square image cut to a circle of `size` pixels. */
async function circle(input: Buffer | string, size: number): Promise<Buffer> {
  const mask = Buffer.from(
    `<svg width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="#fff"/></svg>`,
  );
  return sharp(input)
    .resize(size, size, { fit: 'cover' })
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

/** The person's avatar, or their initials on a disc of their own hue, with a light ring. */
async function avatar(file: string | null, name: string, username: string, size: number): Promise<Buffer> {
  const ring = Math.max(3, Math.round(size / 25));
  let face: Buffer | undefined;
  if (file) {
    face = await circle(file, size - 2 * ring).catch(() => undefined);
  }
  if (!face) {
    const hue = hueOf(username);
    const disc = Buffer.from(
      `<svg width="${size}" height="${size}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
        `<stop offset="0" stop-color="hsl(${hue},62%,46%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},62%,36%)"/>` +
        `</linearGradient></defs><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2 - ring}" fill="url(#g)"/></svg>`,
    );
    const letters = await textBlock(initials(name), { weight: 'bold', size: Math.round(size * 0.38) });
    face = await sharp(disc)
      .composite([
        {
          input: letters.data,
          left: Math.round((size - letters.width) / 2),
          top: Math.round((size - letters.height) / 2),
        },
      ])
      .png()
      .toBuffer();
    return sharp({
      create: { width: size, height: size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: ringSvg(size, ring) }, { input: face }])
      .png()
      .toBuffer();
  }
  return sharp({
    create: { width: size, height: size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: ringSvg(size, ring) }, { input: face, left: ring, top: ring }])
    .png()
    .toBuffer();
}

const ringSvg = (size: number, ring: number) =>
  Buffer.from(
    `<svg width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2 - ring / 2}" fill="none" stroke="rgba(255,255,255,0.85)" stroke-width="${ring}"/></svg>`,
  );

/** A drawn background: two hues (the text's own, by default), with soft circles, like the site's generated covers. */
function drawnBackground(seed: string, hue = hueOf(seed), second = (hue + 50) % 360): Buffer {
  return Buffer.from(
    `<svg width="${CARD_WIDTH}" height="${CARD_HEIGHT}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue},70%,38%)"/><stop offset="1" stop-color="hsl(${second},70%,30%)"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/>` +
      `<circle cx="1040" cy="120" r="220" fill="rgba(255,255,255,0.08)"/>` +
      `<circle cx="1130" cy="520" r="160" fill="rgba(255,255,255,0.06)"/>` +
      `<circle cx="860" cy="600" r="110" fill="rgba(255,255,255,0.05)"/></svg>`,
  );
}

/** Darkens a photo towards the bottom, where the text stands, so white text reads on any picture. */
const SHADE = Buffer.from(
  `<svg width="${CARD_WIDTH}" height="${CARD_HEIGHT}"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="rgba(10,14,30,0.55)"/><stop offset="0.45" stop-color="rgba(10,14,30,0.7)"/>` +
    `<stop offset="1" stop-color="rgba(10,14,30,0.9)"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#s)"/></svg>`,
);

async function background(cover: string | null, seed: string, hues?: [number, number]): Promise<Buffer> {
  if (cover) {
    const photo = await sharp(cover)
      .resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover', position: 'attention' })
      .blur(3)
      .composite([{ input: SHADE }])
      .png()
      .toBuffer()
      .catch(() => undefined);
    if (photo) return photo;
  }
  return sharp(drawnBackground(seed, ...(hues ?? [])))
    .png()
    .toBuffer();
}

/** An image placed on the card; `part` names what it shows, for the layout's checks. */
export interface Layer {
  part: string;
  input: Buffer;
  left: number;
  top: number;
  width: number;
  height: number;
}

const placed = (part: string, image: Rendered, left: number, top: number): Layer => ({
  part,
  input: image.data,
  left,
  top,
  width: image.width,
  height: image.height,
});

/** The lowest a line of text may reach: the bottom margin. */
const BOTTOM = CARD_HEIGHT - 56;

/** The site's mark and name, top left. */
async function brand(): Promise<Layer[]> {
  const size = 56;
  const mark = Buffer.from(
    `<svg width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2f5bea"/>` +
      `<path d="M10 24V8h7a5 5 0 0 1 0 10h-3v6z" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/></svg>`,
  );
  const name = await textBlock('Portfolio Master', { weight: 'bold', size: 34 });
  return [
    placed('brand mark', { data: mark, width: size, height: size }, MARGIN, 56),
    placed('brand name', name, MARGIN + 72, 56 + Math.round((size - name.height) / 2)),
  ];
}

/**
 * Up to five technologies as rounded chips in one row, as many as fit; a name too long for the row
 * alone is cut with an ellipsis.
 */
async function chips(names: string[], top: number): Promise<Layer[]> {
  const layers: Layer[] = [];
  let left = MARGIN;
  for (const [index, name] of names.slice(0, 5).entries()) {
    const label = await textLine(name, { weight: 'semibold', size: 26, maxWidth: INNER_WIDTH - 36 });
    const width = label.width + 36;
    const height = label.height + 18;
    if (left + width > CARD_WIDTH - MARGIN) break;
    const chip = Buffer.from(
      `<svg width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${height / 2}" fill="rgba(255,255,255,0.18)" stroke="rgba(255,255,255,0.35)" stroke-width="1.5"/></svg>`,
    );
    layers.push(placed(`chip ${index}`, { data: chip, width, height }, left, top));
    layers.push(placed(`chip ${index}`, label, left + 18, top + 9));
    left += width + 14;
  }
  return layers;
}

/** Everything on a portfolio's card but its background, where it goes. */
export async function portfolioCardLayers(input: PortfolioCardInput): Promise<Layer[]> {
  const titleTop = 150;
  const title = await textBlock(input.title, {
    weight: 'bold',
    size: 68,
    box: { width: INNER_WIDTH, height: 250 },
  });
  const faceSize = 84;
  const faceTop = BOTTOM - faceSize;
  const face = await avatar(input.avatar, input.authorName, input.username, faceSize);
  const textLeft = MARGIN + faceSize + 20;
  const textWidth = CARD_WIDTH - MARGIN - textLeft;
  const name = await textLine(input.authorName, {
    weight: 'semibold',
    size: 34,
    minSize: 24,
    maxWidth: textWidth,
  });
  const handle = await textLine(`@${input.username}`, {
    weight: 'regular',
    size: 26,
    minSize: 20,
    color: '#d6dcf5',
    maxWidth: textWidth,
  });
  return [
    ...(await brand()),
    placed('title', title, MARGIN, titleTop),
    ...(await chips(input.technologies, titleTop + title.height + 32)),
    placed('avatar', { data: face, width: faceSize, height: faceSize }, MARGIN, faceTop),
    placed('author name', name, textLeft, faceTop + 4),
    placed('username', handle, textLeft, faceTop + 8 + name.height),
  ];
}

/** Everything on a profile's card but its background, where it goes. */
export async function profileCardLayers(input: ProfileCardInput): Promise<Layer[]> {
  const faceSize = 220;
  const top = 190;
  const face = await avatar(input.avatar, input.name, input.username, faceSize);
  const textLeft = MARGIN + faceSize + 56;
  const textWidth = CARD_WIDTH - textLeft - MARGIN;
  const name = await textBlock(input.name, {
    weight: 'bold',
    size: 64,
    box: { width: textWidth, height: 160 },
  });
  const handle = await textLine(`@${input.username}`, {
    weight: 'regular',
    size: 32,
    minSize: 22,
    color: '#d6dcf5',
    maxWidth: textWidth,
  });
  const nameTop = top - 10;
  const handleTop = nameTop + name.height;
  const aboutTop = handleTop + handle.height + 24;
  const aboutHeight = Math.min(110, BOTTOM - aboutTop);
  const about =
    input.about && aboutHeight >= 40
      ? await textBlock(input.about, {
          weight: 'regular',
          size: 28,
          box: { width: textWidth, height: aboutHeight },
        })
      : undefined;
  // Under the avatar, clear of the text beside it.
  const count = await textLine(input.portfolios, {
    weight: 'semibold',
    size: 30,
    minSize: 20,
    maxWidth: faceSize + 40,
  });
  return [
    ...(await brand()),
    placed('avatar', { data: face, width: faceSize, height: faceSize }, MARGIN, top),
    placed('name', name, textLeft, nameTop),
    placed('username', handle, textLeft, handleTop),
    ...(about ? [placed('about', about, textLeft, aboutTop)] : []),
    placed('portfolio count', count, MARGIN, BOTTOM - count.height),
  ];
}

/** Everything on the site's card but its background, where it goes. */
export async function siteCardLayers(tagline: string): Promise<Layer[]> {
  const top = 210;
  const title = await textLine('Portfolio Master', { weight: 'bold', size: 96, maxWidth: INNER_WIDTH });
  const line = await textBlock(tagline, {
    weight: 'regular',
    size: 34,
    box: { width: INNER_WIDTH, height: 170 },
  });
  return [
    ...(await brand()),
    placed('site name', title, MARGIN, top),
    placed('tagline', line, MARGIN, top + title.height + 28),
  ];
}

async function compose(background: Buffer, layers: Layer[]): Promise<Buffer> {
  return sharp(background)
    .composite(layers.map(({ input, left, top }) => ({ input, left, top })))
    .png({ compressionLevel: 8 })
    .toBuffer();
}

export async function drawPortfolioCard(input: PortfolioCardInput): Promise<Buffer> {
  return compose(await background(input.cover, input.title), await portfolioCardLayers(input));
}

export async function drawProfileCard(input: ProfileCardInput): Promise<Buffer> {
  return compose(await background(null, input.username), await profileCardLayers(input));
}

/** The card for pages that have none of their own: the site itself. */
export async function drawSiteCard(tagline: string): Promise<Buffer> {
  // The brand's blue to violet.
  return compose(await background(null, 'Portfolio Master', [226, 262]), await siteCardLayers(tagline));
}
