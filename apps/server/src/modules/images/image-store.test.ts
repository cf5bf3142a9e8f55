import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { LIMITS } from '@portfolio-master/contract';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImageStore, isImageFilename, JobSlots, snapWidth, sniffFamily } from './image-store.js';

type Color = { r: number; g: number; b: number };
const RED: Color = { r: 230, g: 20, b: 20 };
const BLUE: Color = { r: 20, g: 40, b: 230 };
const GREEN: Color = { r: 20, g: 200, b: 40 };

const solid = (width: number, height: number, color: Color = BLUE) =>
  sharp({ create: { width, height, channels: 3, background: color } });

const LARGE = { maxDimension: 4000 };

/**
 * 300x200 as stored, with a red band along the top row and orientation 6 (shown turned 90° clockwise),
 * carrying GPS and other EXIF, XMP and a Display P3 ICC profile.
 */
async function phoneJpeg(): Promise<Buffer> {
  const band = await solid(300, 20, RED).png().toBuffer();
  const flat = await solid(300, 200, BLUE)
    .composite([{ input: band, top: 0, left: 0 }])
    .png()
    .toBuffer();
  return sharp(flat)
    .jpeg()
    .withIccProfile('p3')
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>XMP-SECRET</dc:creator>' +
        '</rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .withExif({
      IFD0: { Artist: 'EXIF-SECRET', Make: 'PhoneMaker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '41/1 18/1 3000/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '69/1 16/1 4000/100',
        GPSMapDatum: 'GPS-SECRET',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Three 50x40 frames: red, green, blue. */
function animatedGif(): Promise<Buffer> {
  const [width, height] = [50, 40];
  const frames = [RED, GREEN, BLUE];
  const raw = Buffer.alloc(width * height * 3 * frames.length);
  frames.forEach((color, frame) => {
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      raw.set([color.r, color.g, color.b], (frame * width * height + pixel) * 3);
    }
  });
  return sharp(raw, { raw: { width, height: height * frames.length, channels: 3, pageHeight: height } })
    .gif()
    .toBuffer();
}

/** A GIF whose one frame block is repeated `count` times: many frames, made without encoding each. */
async function manyFrameGif(width: number, height: number, count: number): Promise<Buffer> {
  const single = await solid(width, height, GREEN).gif().toBuffer();
  const packed = single[10]!;
  const colorTable = packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
  const head = single.subarray(0, 13 + colorTable);
  const frame = single.subarray(13 + colorTable, single.length - 1);
  return Buffer.concat([head, ...Array.from({ length: count }, () => frame), Buffer.from([0x3b])]);
}

/** A valid 1x1 PNG whose header claims another size: what a decompression bomb looks like to a decoder. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A valid 2x2 GIF whose screen and frame claim another size. */
async function gifClaiming(width: number, height: number): Promise<Buffer> {
  const gif = Buffer.from(await solid(2, 2).gif().toBuffer());
  const descriptor = gif.indexOf(0x2c, 13);
  for (const offset of [6, descriptor + 5]) {
    gif.writeUInt16LE(width, offset);
    gif.writeUInt16LE(height, offset + 2);
  }
  return gif;
}

async function truncatedJpeg(): Promise<Buffer> {
  const noise = Buffer.from(Array.from({ length: 400 * 300 * 3 }, (_, index) => (index * 7919) % 251));
  const jpeg = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}

async function pixel(file: string | Buffer, x: number, y: number): Promise<Color> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return { r: data[offset]!, g: data[offset + 1]!, b: data[offset + 2]! };
}

const isNear = (actual: Color, expected: Color) =>
  Math.abs(actual.r - expected.r) < 40 &&
  Math.abs(actual.g - expected.g) < 40 &&
  Math.abs(actual.b - expected.b) < 40;

const unsupported = { statusCode: 415, code: 'UNSUPPORTED_IMAGE' };
const tooLarge = { statusCode: 413, code: 'PAYLOAD_TOO_LARGE' };

let dir: string;
let store: ImageStore;

const FOLDERS = new Set(['variants', 'incoming', 'pending']);
/** The originals on disk, waiting or in place, without the folders. */
const originals = () => [
  ...fs.readdirSync(dir).filter((name) => !FOLDERS.has(name)),
  ...fs.readdirSync(path.join(dir, 'pending')),
];
const variants = () => fs.readdirSync(path.join(dir, 'variants'));

/** A store whose saves are committed at once, as a write does once its rows are (see `place`). */
class PlacingStore extends ImageStore {
  override async save(...args: Parameters<ImageStore['save']>) {
    const stored = await super.save(...args);
    await this.place([stored.filename]);
    return stored;
  }

  override async saveAll(...args: Parameters<ImageStore['saveAll']>) {
    const stored = await super.saveAll(...args);
    await this.place(stored.map((image) => image.filename));
    return stored;
  }
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-images-'));
  store = new PlacingStore(dir);
  await store.init();
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ImageStore.save', () => {
  it('turns a phone JPEG upright and strips EXIF, GPS, XMP and ICC', async () => {
    const input = await phoneJpeg();
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ width: 300, height: 200, orientation: 6 });
    expect(before.exif?.toString('latin1')).toContain('GPS-SECRET');
    expect(before.icc).toBeDefined();
    expect(before.xmp).toBeDefined();

    const stored = await store.save(input, LARGE);

    expect(stored.filename).toMatch(/^[0-9a-f]{24}\.webp$/);
    expect(stored).toMatchObject({ width: 200, height: 300 });
    const file = path.join(dir, stored.filename);
    const bytes = fs.readFileSync(file);
    expect(stored.bytes).toBe(bytes.length);
    const after = await sharp(bytes).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 200, height: 300 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    for (const secret of ['GPS-SECRET', 'EXIF-SECRET', 'XMP-SECRET', 'PhoneMaker', 'Exif']) {
      expect(bytes.includes(secret)).toBe(false);
    }
    // The top band of the stored pixels is shown on the right once turned clockwise.
    expect(isNear(await pixel(bytes, 195, 150), RED)).toBe(true);
    expect(isNear(await pixel(bytes, 5, 150), BLUE)).toBe(true);
  });

  it.each([
    ['PNG', () => solid(120, 80).png().toBuffer()],
    ['WebP', () => solid(120, 80).webp().toBuffer()],
    ['AVIF', () => solid(120, 80).avif().toBuffer()],
    ['GIF', () => solid(120, 80).gif().toBuffer()],
    ['JPEG', () => solid(120, 80).jpeg().toBuffer()],
  ])('accepts %s and stores it as WebP', async (_format, make) => {
    const stored = await store.save(await make(), LARGE);
    expect(stored).toMatchObject({ width: 120, height: 80 });
    const metadata = await sharp(path.join(dir, stored.filename)).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 120, height: 80 });
    expect(isNear(await pixel(path.join(dir, stored.filename), 60, 40), BLUE)).toBe(true);
  });

  it('accepts a JPEG with a recoverable defect, as some cameras write them', async () => {
    const jpeg = await solid(64, 48).jpeg().toBuffer();
    const frameHeader = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    // libjpeg warns of "extraneous bytes before marker" and decodes the image all the same.
    const defective = Buffer.concat([
      jpeg.subarray(0, frameHeader),
      Buffer.from([0x12, 0x34, 0x56]),
      jpeg.subarray(frameHeader),
    ]);
    await expect(sharp(defective, { failOn: 'warning' }).toBuffer()).rejects.toThrow(/extraneous/);

    await expect(store.save(defective, LARGE)).resolves.toMatchObject({ width: 64, height: 48 });
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const input = await animatedGif();
    expect((await sharp(input).metadata()).pages).toBe(3);

    const stored = await store.save(input, LARGE);

    expect(stored).toMatchObject({ width: 50, height: 40 });
    const file = path.join(dir, stored.filename);
    const metadata = await sharp(file).metadata();
    expect(metadata.pages ?? 1).toBe(1);
    expect(isNear(await pixel(file, 25, 20), RED)).toBe(true);
  });

  it('counts the pixels of the one decoded frame, not of every frame', async () => {
    // 45 frames of 1000x1000 are 45 MP in all, but only the first (1 MP) is ever decoded.
    const input = await manyFrameGif(1000, 1000, 45);
    expect((await sharp(input).metadata()).pages).toBe(45);
    await expect(store.save(input, LARGE)).resolves.toMatchObject({ width: 1000, height: 1000 });
  });

  it('fits the image inside maxDimension and never enlarges it', async () => {
    const wide = await store.save(await solid(3000, 1000).png().toBuffer(), { maxDimension: 1600 });
    expect(wide).toMatchObject({ width: 1600, height: 533 });
    const small = await store.save(await solid(100, 60).png().toBuffer(), { maxDimension: 1600 });
    expect(small).toMatchObject({ width: 100, height: 60 });
  });

  it.each([
    ['a text file', async () => Buffer.from('This is not an image, just a file named photo.png\n')],
    ['an empty file', async () => Buffer.alloc(0)],
    ['a truncated JPEG', truncatedJpeg],
    [
      'JPEG magic bytes followed by garbage',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500, 7)]),
    ],
    [
      'an SVG (sharp could render it)',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        ),
    ],
    ['a TIFF (sharp could decode it)', () => solid(20, 20).tiff().toBuffer()],
    [
      'an ISO box that is not AVIF',
      async () =>
        Buffer.concat([
          Buffer.from([0, 0, 0, 24]),
          Buffer.from('ftypheic\0\0\0\0mif1heic'),
          Buffer.alloc(64),
        ]),
    ],
  ])('answers 415 for %s and writes nothing', async (_name, make) => {
    await expect(store.save(await make(), LARGE)).rejects.toMatchObject(unsupported);
    expect(originals()).toEqual([]);
  });

  it('answers 413 for more than 10 MB before decoding anything', async () => {
    const huge = Buffer.alloc(LIMITS.images.maxBytes + 1, 0);
    (await solid(10, 10).jpeg().toBuffer()).copy(huge);
    await expect(store.save(huge, LARGE)).rejects.toMatchObject(tooLarge);
    expect(originals()).toEqual([]);
  });

  it('answers 413 for a decompression bomb: a tiny PNG that claims 20000x20000', async () => {
    const bomb = await pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200);
    const started = Date.now();
    await expect(store.save(bomb, LARGE)).rejects.toMatchObject(tooLarge);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(originals()).toEqual([]);
  });

  it('puts the pixel limit at exactly 40 megapixels', async () => {
    // 8000x5000 passes the size check and then fails to decode (there is 1 pixel of data); one more column is too large.
    await expect(store.save(await pngClaiming(8000, 5000), LARGE)).rejects.toMatchObject(unsupported);
    await expect(store.save(await pngClaiming(8001, 5000), LARGE)).rejects.toMatchObject(tooLarge);
  });

  it('answers 413 for a GIF whose frame claims more than 40 megapixels', async () => {
    await expect(store.save(await gifClaiming(9000, 9000), LARGE)).rejects.toMatchObject(tooLarge);
  });
});

describe('ImageStore.saveAll', () => {
  it('stores every file under its own name', async () => {
    const inputs = await Promise.all([
      solid(30, 20).png().toBuffer(),
      solid(40, 20).jpeg().toBuffer(),
      solid(50, 20).webp().toBuffer(),
    ]);
    const stored = await store.saveAll(inputs, LARGE);
    expect(stored.map((image) => image.width)).toEqual([30, 40, 50]);
    expect(new Set(stored.map((image) => image.filename)).size).toBe(3);
    expect(originals().sort()).toEqual(stored.map((image) => image.filename).sort());
  });

  it('stores nothing for an empty list', async () => {
    await expect(store.saveAll([], LARGE)).resolves.toEqual([]);
  });

  it('rejects a bad file before encoding any and leaves nothing behind', async () => {
    const good = await solid(30, 20).png().toBuffer();
    await expect(store.saveAll([good, good, Buffer.from('not an image')], LARGE)).rejects.toMatchObject(
      unsupported,
    );
    await expect(store.saveAll([good, await pngClaiming(20_000, 20_000)], LARGE)).rejects.toMatchObject(
      tooLarge,
    );
    expect(originals()).toEqual([]);
  });

  it('removes the files already written when a later one fails to decode', async () => {
    const good = await solid(30, 20).png().toBuffer();
    const truncated = await truncatedJpeg();
    // Its header is fine, so it fails only while encoding, after the two before it were written.
    await expect(sharp(truncated).metadata()).resolves.toMatchObject({ format: 'jpeg' });

    await expect(store.saveAll([good, good, truncated], LARGE)).rejects.toMatchObject(unsupported);

    expect(originals()).toEqual([]);
  });

  it('answers 413 for more than 8 files', async () => {
    const good = await solid(30, 20).png().toBuffer();
    const nine = Array.from({ length: LIMITS.images.maxFiles + 1 }, () => good);
    await expect(store.saveAll(nine, LARGE)).rejects.toMatchObject(tooLarge);
    expect(originals()).toEqual([]);
  });
});

/** Counts header reads and variant renders, which must not happen once per request. */
class CountingStore extends PlacingStore {
  headerReads = 0;
  renders = 0;

  protected override readOriginalWidth(file: string) {
    this.headerReads += 1;
    return super.readOriginalWidth(file);
  }

  protected override renderVariant(original: string, target: string, width: number) {
    this.renders += 1;
    return super.renderVariant(original, target, width);
  }
}

describe('ImageStore.resolve', () => {
  it.each([
    [undefined, 2000],
    [1, 64],
    [64, 64],
    [65, 128],
    [100, 128],
    [512, 512],
    [1000, 1024],
    [1100, 1600],
    [1600, 1600],
    [1601, 2000],
    [10_000, 2000],
  ])('serves ?w=%s of a 2000 px image at %i px', async (requested, expected) => {
    const { filename } = await store.save(await solid(2000, 500).png().toBuffer(), LARGE);
    const resolved = await store.resolve(filename, requested);
    expect(resolved?.width).toBe(expected);
    expect((await sharp(resolved!.file).metadata()).width).toBe(expected);
  });

  it('never serves wider than the original', async () => {
    const { filename } = await store.save(await solid(300, 200).png().toBuffer(), LARGE);
    const resolved = await store.resolve(filename, 512);
    expect(resolved).toEqual(await store.resolve(filename));
    expect(resolved).toMatchObject({ file: path.join(dir, filename), width: 300 });
    expect(variants()).toEqual([]);
  });

  it('keeps a variant on disk under the name of its width', async () => {
    const { filename } = await store.save(await solid(800, 400).png().toBuffer(), LARGE);
    const resolved = await store.resolve(filename, 256);
    const stem = filename.replace('.webp', '');
    expect(resolved?.file).toBe(path.join(dir, 'variants', `${stem}-256.webp`));
    expect(variants()).toEqual([`${stem}-256.webp`]);
    expect(await sharp(resolved!.file).metadata()).toMatchObject({ width: 256, height: 128 });
  });

  it('gives each width its own ETag', async () => {
    const { filename } = await store.save(await solid(800, 400).png().toBuffer(), LARGE);
    const tags = await Promise.all([undefined, 64, 256, 512].map((w) => store.resolve(filename, w)));
    expect(new Set(tags.map((tag) => tag?.etag)).size).toBe(4);
    for (const tag of tags) expect(tag?.etag).toMatch(/^"[0-9a-f]{24}-\d+-v\d+"$/);
  });

  it('reads the original width from memory, not from the file, after the first request', async () => {
    const counting = new CountingStore(dir);
    const { filename } = await counting.save(await solid(800, 400).png().toBuffer(), LARGE);
    for (const width of [undefined, 64, 256, undefined, 64]) await counting.resolve(filename, width);
    expect(counting.headerReads).toBe(0);

    // After a restart the width is read once, then remembered.
    const restarted = new CountingStore(dir);
    for (const width of [undefined, 64, 256, undefined, 64]) {
      expect(await restarted.resolve(filename, width)).not.toBeNull();
    }
    expect(restarted.headerReads).toBe(1);
  });

  it('renders a variant once for many concurrent first requests, and never again', async () => {
    const counting = new CountingStore(dir);
    const { filename } = await counting.save(await solid(800, 400).png().toBuffer(), LARGE);

    const results = await Promise.all(Array.from({ length: 8 }, () => counting.resolve(filename, 256)));

    expect(counting.renders).toBe(1);
    expect(new Set(results.map((result) => result?.file)).size).toBe(1);
    await counting.resolve(filename, 256);
    const restarted = new CountingStore(dir);
    await restarted.resolve(filename, 256);
    expect(counting.renders + restarted.renders).toBe(1);
    expect(variants()).toEqual([`${filename.replace('.webp', '')}-256.webp`]);
  });

  it.each([
    '../etc/passwd',
    '/etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    'variants',
    'ABCDEF0123456789ABCDEF01.webp',
    '0123456789abcdef01234567.webp\0',
    '0123456789abcdef01234567\0.webp',
    '0123456789abcdef01234567.png',
    '0123456789abcdef01234567-256.webp',
    '0123456789abcdef0123456.webp',
    '0123456789abcdef01234567.webp.tmp',
  ])('finds nothing for %j', async (name) => {
    expect(isImageFilename(name)).toBe(false);
    expect(await store.resolve(name)).toBeNull();
  });

  it('finds nothing for a well-formed name that was never stored', async () => {
    expect(await store.resolve('0123456789abcdef01234567.webp')).toBeNull();
    expect(await store.resolve('0123456789abcdef01234567.webp', 256)).toBeNull();
  });

  it('finds nothing once removed, originals and variants alike', async () => {
    const { filename } = await store.save(await solid(800, 400).png().toBuffer(), LARGE);
    await store.resolve(filename, 128);
    await store.resolve(filename, 512);
    expect(variants()).toHaveLength(2);

    await store.remove([filename]);

    expect(originals()).toEqual([]);
    expect(variants()).toEqual([]);
    expect(await store.resolve(filename)).toBeNull();
    expect(await store.resolve(filename, 128)).toBeNull();
  });
});

describe('ImageStore.open', () => {
  it('streams a file with its size, and gives null for a missing one', async () => {
    const { filename, bytes } = await store.save(await solid(80, 40).png().toBuffer(), LARGE);
    const opened = await store.open(path.join(dir, filename));
    expect(opened?.size).toBe(bytes);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(fs.readFileSync(path.join(dir, filename)));

    expect(await store.open(path.join(dir, 'missing.webp'))).toBeNull();
  });
});

describe('ImageStore.init', () => {
  it('removes temporary files a crashed process left, and nothing else', async () => {
    const { filename } = await store.save(await solid(80, 40).png().toBuffer(), LARGE);
    const stale = path.join(dir, 'variants', 'abc-256.webp.1.tmp');
    const fresh = path.join(dir, 'def.webp.2.tmp');
    fs.writeFileSync(stale, 'half');
    fs.writeFileSync(fresh, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);

    await new ImageStore(dir).init();

    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(fs.existsSync(path.join(dir, filename))).toBe(true);
  });
});

describe('files between saving and their rows', () => {
  const linkedTo = (rows: Set<string>) => async (names: readonly string[]) =>
    new Set(names.filter((name) => rows.has(name)));
  const HOUR = 60 * 60 * 1000;

  it('serves a saved file only once it is placed', async () => {
    const plain = new ImageStore(dir);
    const { filename } = await plain.save(await solid(80, 40).png().toBuffer(), LARGE);
    expect(await plain.resolve(filename)).toBeNull();
    expect(fs.existsSync(path.join(dir, filename))).toBe(false);
    await plain.place([filename]);
    expect(await plain.resolve(filename)).toMatchObject({ file: path.join(dir, filename), width: 80 });
    // Placing twice (a sweep got there first) is harmless.
    await plain.place([filename]);
    expect(fs.existsSync(path.join(dir, filename))).toBe(true);
  });

  it('sweeps what a crash left: finishes files whose rows exist, removes old ones without rows', async () => {
    const plain = new ImageStore(dir);
    const image = async () => (await plain.save(await solid(40, 20).png().toBuffer(), LARGE)).filename;
    // Committed but not yet placed when the process died: its row exists.
    const committed = await image();
    // Saved, then the process died before the transaction: no row.
    const abandoned = await image();
    // Another request's, still being written: no row yet.
    const underWay = await image();
    // In place, but its row went in a delete whose file removal never ran.
    const leftover = await image();
    await plain.place([leftover]);
    await plain.resolve(leftover, 64);
    // In place with its row: untouched.
    const kept = await image();
    await plain.place([kept]);

    const rows = new Set([committed, kept]);
    // Within the hour nothing without a row is touched; the committed one is finished at once.
    expect(await plain.sweep(linkedTo(rows))).toEqual({ placed: 1, removed: 0 });
    expect(await plain.resolve(committed)).not.toBeNull();
    expect(originals().sort()).toEqual([committed, abandoned, underWay, leftover, kept].sort());

    rows.add(underWay);
    expect(await plain.sweep(linkedTo(rows), Date.now() + 2 * HOUR)).toEqual({ placed: 1, removed: 2 });
    expect(originals().sort()).toEqual([committed, underWay, kept].sort());
    expect(variants()).toEqual([]);
    expect(await plain.resolve(abandoned)).toBeNull();
    expect(await plain.resolve(kept)).not.toBeNull();
  });
});

describe('helpers', () => {
  it('recognises AVIF by a compatible brand as well as by the major one', () => {
    const header = (brands: string) =>
      Buffer.concat([
        Buffer.from([0, 0, 0, 8 + brands.length]),
        Buffer.from(`ftyp${brands}`),
        Buffer.alloc(16),
      ]);
    expect(sniffFamily(header('avif\0\0\0\0mif1'))).toBe('avif');
    expect(sniffFamily(header('mif1\0\0\0\0miafavif'))).toBe('avif');
    expect(sniffFamily(header('heic\0\0\0\0mif1heic'))).toBeUndefined();
  });

  it('snaps widths up to the fixed set without exceeding the original', () => {
    expect(snapWidth(1, 5000)).toBe(64);
    expect(snapWidth(129, 5000)).toBe(256);
    expect(snapWidth(1024, 1024)).toBe(1024);
    expect(snapWidth(1025, 1200)).toBe(1200);
    expect(snapWidth(2000, 5000)).toBe(5000);
  });

  it('forgets the least recently used width beyond its capacity', () => {
    const cache = new LRUCache<string, number>({ max: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('runs at most the given number of jobs at once, in order, even when some fail', async () => {
    const slots = new JobSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const job = (index: number) => async () => {
      started.push(index);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (index === 1) throw new Error('failed');
      return index;
    };

    const results = await Promise.allSettled([0, 1, 2, 3, 4].map((index) => slots.run(job(index))));

    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    // Every slot came back, the failed job's too: two more jobs run side by side.
    most = 0;
    await Promise.all([slots.run(job(5)), slots.run(job(6))]);
    expect(most).toBe(2);
  });
});
