import { createRequire } from 'node:module';
import { hueOf, initials } from '@portfolio-master/contract';
import sharp, { type OverlayOptions } from 'sharp';

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
const FONTS = {
  regular: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  semibold: require.resolve('@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf'),
  bold: require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
} as const;
type Weight = keyof typeof FONTS;
const FACE: Record<Weight, string> = { regular: 'Inter', semibold: 'Inter SemiBold', bold: 'Inter Bold' };

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
  portfolios: number;
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
 * than its height at `size`, set smaller until it fits. `maxLines` without a box cuts with an ellipsis.
 */
export async function textBlock(
  content: string,
  options: {
    weight: Weight;
    size: number;
    color?: string;
    width?: number;
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
        width: options.box?.width ?? options.width,
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

/** The site's mark and name, top left. */
async function brand(): Promise<OverlayOptions[]> {
  const mark = Buffer.from(
    `<svg width="56" height="56" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2f5bea"/>` +
      `<path d="M10 24V8h7a5 5 0 0 1 0 10h-3v6z" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/></svg>`,
  );
  const name = await textBlock('Portfolio Master', { weight: 'bold', size: 34 });
  return [
    { input: mark, left: MARGIN, top: 56 },
    { input: name.data, left: MARGIN + 72, top: 56 + Math.round((56 - name.height) / 2) },
  ];
}

/** Up to five technologies as rounded chips in one row, as many as fit. */
async function chips(names: string[], top: number): Promise<OverlayOptions[]> {
  const layers: OverlayOptions[] = [];
  let left = MARGIN;
  for (const name of names.slice(0, 5)) {
    const label = await textBlock(name, { weight: 'semibold', size: 26 });
    const width = label.width + 36;
    const height = label.height + 18;
    if (left + width > CARD_WIDTH - MARGIN) break;
    layers.push({
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${height / 2}" fill="rgba(255,255,255,0.18)" stroke="rgba(255,255,255,0.35)" stroke-width="1.5"/></svg>`,
      ),
      left,
      top,
    });
    layers.push({ input: label.data, left: left + 18, top: top + 9 });
    left += width + 14;
  }
  return layers;
}

export async function drawPortfolioCard(input: PortfolioCardInput): Promise<Buffer> {
  const title = await textBlock(input.title, {
    weight: 'bold',
    size: 68,
    box: { width: INNER_WIDTH, height: 250 },
  });
  const face = await avatar(input.avatar, input.authorName, input.username, 84);
  const name = await textBlock(input.authorName, { weight: 'semibold', size: 34, width: 760 });
  const handle = await textBlock(`@${input.username}`, {
    weight: 'regular',
    size: 26,
    color: '#d6dcf5',
    width: 760,
  });
  const titleTop = 150;
  const layers: OverlayOptions[] = [
    ...(await brand()),
    { input: title.data, left: MARGIN, top: titleTop },
    ...(await chips(input.technologies, titleTop + title.height + 32)),
    { input: face, left: MARGIN, top: CARD_HEIGHT - 56 - 84 },
    { input: name.data, left: MARGIN + 104, top: CARD_HEIGHT - 56 - 84 + 4 },
    { input: handle.data, left: MARGIN + 104, top: CARD_HEIGHT - 56 - 84 + 8 + name.height },
  ];
  return sharp(await background(input.cover, input.title))
    .composite(layers)
    .png({ compressionLevel: 8 })
    .toBuffer();
}

export async function drawProfileCard(input: ProfileCardInput): Promise<Buffer> {
  const size = 220;
  const face = await avatar(input.avatar, input.name, input.username, size);
  const textLeft = MARGIN + size + 56;
  const textWidth = CARD_WIDTH - textLeft - MARGIN;
  const name = await textBlock(input.name, {
    weight: 'bold',
    size: 64,
    box: { width: textWidth, height: 160 },
  });
  const handle = await textBlock(`@${input.username}`, {
    weight: 'regular',
    size: 32,
    color: '#d6dcf5',
    width: textWidth,
  });
  const about = input.about
    ? await textBlock(input.about, { weight: 'regular', size: 28, box: { width: textWidth, height: 110 } })
    : undefined;
  const count = await textBlock(`${input.portfolios} ta portfolio`, { weight: 'semibold', size: 30 });
  const top = 190;
  const layers: OverlayOptions[] = [
    ...(await brand()),
    { input: face, left: MARGIN, top },
    { input: name.data, left: textLeft, top: top - 10 },
    { input: handle.data, left: textLeft, top: top + name.height },
    ...(about ? [{ input: about.data, left: textLeft, top: top + name.height + handle.height + 24 }] : []),
    { input: count.data, left: MARGIN, top: CARD_HEIGHT - 56 - count.height },
  ];
  return sharp(await background(null, input.username))
    .composite(layers)
    .png({ compressionLevel: 8 })
    .toBuffer();
}

/** The card for pages that have none of their own: the site itself. */
export async function drawSiteCard(tagline: string): Promise<Buffer> {
  const title = await textBlock('Portfolio Master', { weight: 'bold', size: 96 });
  const line = await textBlock(tagline, {
    weight: 'regular',
    size: 34,
    box: { width: INNER_WIDTH, height: 170 },
  });
  // The brand's blue to violet.
  return sharp(await background(null, 'Portfolio Master', [226, 262]))
    .composite([
      ...(await brand()),
      { input: title.data, left: MARGIN, top: 210 },
      { input: line.data, left: MARGIN, top: 210 + title.height + 28 },
    ])
    .png({ compressionLevel: 8 })
    .toBuffer();
}
