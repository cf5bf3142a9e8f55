import type { ReadStream } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS, LIMITS } from '@portfolio-master/contract';
import { LRUCache } from 'lru-cache';
import sharp, { type FormatEnum, type Metadata, type OutputInfo } from 'sharp';
import { HttpError } from '../../lib/http-error.js';
import { message } from '../../lib/messages.js';
import { newId } from '../../lib/ids.js';
import type { Metrics } from '../../lib/metrics.js';
import { missingPart } from '../../lib/outages.js';
import type { ImageBucket } from './bucket.js';
import type { ChangeFeed } from '../../lib/changes.js';
import type { SharedLocks } from '../../lib/shared-locks.js';

/** The change-feed name of a removed image, for instances that keep a copy. */
const IMAGE_TAG = 'image:';
/** How long an instance making a width may hold it, and how long another waits for it in the bucket. */
const VARIANT_LOCK_MS = 30_000;
const VARIANT_WAIT_MS = 10_000;
import { fileTooLarge, ReceivedFile, TEMPORARY_SUFFIX } from '../../lib/uploads.js';
import { fileExists } from '../../lib/files.js';

export interface StoredImage {
  filename: string;
  width: number;
  height: number;
  bytes: number;
}

/** Bytes in memory (drawn by the seeds) or a file an upload was streamed to. */
export type ImageInput = Buffer | ReceivedFile;

export interface ResolvedImage {
  file: string;
  /** Its name in the folder and in the bucket (`variants/...` for a narrower copy). */
  key: string;
  width: number;
  etag: string;
}

type ImageFamily = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** How sharp names each family once it has read the header (AVIF is HEIF with AV1). */
const SHARP_FORMATS: Record<ImageFamily, keyof FormatEnum> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'heif',
};

const FILENAME_PATTERN = /^[0-9a-f]{24}\.webp$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** Part of every ETag: bump it when the encoding changes, so caches drop bytes made the old way. */
const ENCODING_VERSION = 1;
/**
 * Encoding an upload may hold a decoded image of up to 40 MP and libwebp's working buffers (about 60 MB for
 * a noisy 2.5 MP picture); variants are made from stored originals of at most 2048 px. One of each at a
 * time keeps twenty concurrent maximum-size uploads in well under 300 MB, and each job also holds a libuv
 * thread that fs needs.
 */
const CONCURRENT_ENCODES = 1;
const CONCURRENT_VARIANTS = 1;
const WIDTH_CACHE_SIZE = 10_000;
/** Temporary files older than this were left by a crashed process, not written by a live one. */
const STALE_TEMPORARY_MS = 60 * 60 * 1000;
/** A saved file whose rows never came (a crash, a failed transaction) is removed after this long. */
const ORPHAN_AFTER_MS = 60 * 60 * 1000;
/** Names looked up in the database at a time by `sweep`. */
const SWEEP_BATCH = 500;

sharp.cache(false);
sharp.concurrency(1);

const unsupported = () => new HttpError(415, 'UNSUPPORTED_IMAGE', 'problem.image.unsupported');

const tooMany = () =>
  new HttpError(413, 'PAYLOAD_TOO_LARGE', message('problem.image.tooMany', { max: LIMITS.images.maxFiles }));

/**
 * Every upload is decoded, auto-rotated, stripped of metadata and re-encoded to WebP under a name the
 * server makes, so no byte the client chose is ever served back. Animated input keeps its first frame
 * only: one decoded frame is what the pixel limit counts, and every stored image is a still.
 */
export class ImageStore {
  private readonly variantsDir: string;
  /** Where uploads are streamed while their request runs; on the same disk as the images. */
  readonly incomingDir: string;
  private readonly pending = new Map<string, Promise<string | null>>();
  private changes: ChangeFeed | undefined;
  private readonly widths = new LRUCache<string, number>({ max: WIDTH_CACHE_SIZE });
  private readonly encodes: JobSlots;
  private readonly variants = new JobSlots(CONCURRENT_VARIANTS);

  /**
   * Where saved files wait until the rows that name them are committed (`place`): what a crash leaves
   * between the two is finished or removed by `sweep`, never served.
   */
  private readonly pendingDir: string;
  /** Widths of saved files until they are placed: then they are served, and their width known. */
  private readonly waitingWidths = new LRUCache<string, number>({ max: WIDTH_CACHE_SIZE });

  /**
   * `metrics`: where the narrower copies made are counted. With a `bucket` (`S3_URL`) the images live
   * there and `dir` keeps local copies of what this instance wrote or served (a cache any instance may
   * lose); without one `dir` is where they live. `locks` keep instances from making the same width at
   * once. `encodesAtOnce`: more than the server's one for a batch job that has the machine to itself
   * (the import of the original site).
   */
  constructor(
    readonly dir: string,
    private readonly metrics?: Metrics,
    private readonly bucket?: ImageBucket,
    private readonly locks?: SharedLocks,
    encodesAtOnce = CONCURRENT_ENCODES,
  ) {
    this.encodes = new JobSlots(encodesAtOnce);
    this.variantsDir = path.join(dir, 'variants');
    this.incomingDir = path.join(dir, 'incoming');
    this.pendingDir = path.join(dir, 'pending');
  }

  async init(): Promise<void> {
    await Promise.all(
      [this.variantsDir, this.incomingDir, this.pendingDir].map((dir) => fs.mkdir(dir, { recursive: true })),
    );
    await Promise.all(
      [this.dir, this.variantsDir, this.incomingDir, this.pendingDir].map((dir) =>
        removeStaleTemporaries(dir),
      ),
    );
  }

  /** Succeeds when the folder can be written and has room for the largest upload, and the bucket answers. */
  async probe(): Promise<void> {
    await Promise.all([this.probeSpace(), this.bucket?.probe()]);
  }

  private async probeSpace(): Promise<void> {
    await fs.access(this.dir, fs.constants.W_OK);
    const { bavail, bsize } = await fs.statfs(this.dir);
    const free = bavail * bsize;
    if (free < LIMITS.images.maxBytes) throw new Error(`${free} bytes free`);
  }

  /** Refuses, as `save` would before encoding, what is too large or no picture we take; writes nothing. */
  check(input: ImageInput): Promise<void> {
    return inspect(input);
  }

  async save(input: ImageInput, options: { maxDimension: number }): Promise<StoredImage> {
    await inspect(input);
    return this.store(input, options.maxDimension);
  }

  /**
   * All or nothing: every file is checked before any is encoded, and when one still fails the ones
   * already written are removed before the error goes on.
   */
  async saveAll(inputs: readonly ImageInput[], options: { maxDimension: number }): Promise<StoredImage[]> {
    if (inputs.length > LIMITS.images.maxFiles) throw tooMany();
    for (const input of inputs) await inspect(input);
    const stored: StoredImage[] = [];
    try {
      // One at a time: a request never holds more than one decoded image.
      for (const input of inputs) stored.push(await this.store(input, options.maxDimension));
    } catch (error) {
      await this.remove(stored.map((image) => image.filename));
      throw error;
    }
    return stored;
  }

  /**
   * Puts saved files where they are served, once the rows that name them are committed. A file that
   * cannot be moved now (the disk, a crash) is moved by the next `sweep`, which finds its row.
   */
  async place(filenames: readonly string[]): Promise<void> {
    await Promise.all(
      filenames.filter(isImageFilename).map(async (filename) => {
        const waiting = path.join(this.pendingDir, filename);
        try {
          // Into the bucket first: until it is there, the file stays waiting and the sweep retries.
          if (this.bucket) await this.bucket.put(filename, waiting);
          await fs.rename(waiting, path.join(this.dir, filename));
        } catch {
          return;
        }
        const width = this.waitingWidths.get(filename);
        this.waitingWidths.delete(filename);
        if (width !== undefined) this.widths.set(filename, width);
      }),
    );
  }

  /**
   * Finishes what a crash interrupted: a waiting file whose row exists is put in place; a waiting file
   * without one, or a served file whose row is gone, is removed once it is older than an hour (younger
   * ones may belong to a write still under way). `linked` says which names have rows.
   */
  async sweep(
    linked: (filenames: readonly string[]) => Promise<Set<string>>,
    now = Date.now(),
  ): Promise<{ placed: number; removed: number }> {
    let placed = 0;
    let removed = 0;
    for (const [dir, waiting] of [
      [this.pendingDir, true],
      [this.dir, false],
    ] as const) {
      const names = (await fs.readdir(dir)).filter(isImageFilename);
      for (let start = 0; start < names.length; start += SWEEP_BATCH) {
        const batch = names.slice(start, start + SWEEP_BATCH);
        const rows = await linked(batch);
        for (const name of batch) {
          const file = path.join(dir, name);
          if (rows.has(name)) {
            if (!waiting) continue;
            await this.place([name]);
            placed += 1;
          } else if (await modifiedBefore(file, now - ORPHAN_AFTER_MS)) {
            await this.remove([name]);
            removed += 1;
          }
        }
      }
    }
    if (this.bucket) removed += await this.sweepBucket(linked, now);
    return { placed, removed };
  }

  /** Originals in the bucket without a row, older than an hour, go with their widths. */
  private async sweepBucket(
    linked: (filenames: readonly string[]) => Promise<Set<string>>,
    now: number,
  ): Promise<number> {
    const old: string[] = [];
    for await (const { key, modified } of this.bucket!.list()) {
      if (isImageFilename(key) && modified.getTime() < now - ORPHAN_AFTER_MS) old.push(key);
    }
    let removed = 0;
    for (let start = 0; start < old.length; start += SWEEP_BATCH) {
      const batch = old.slice(start, start + SWEEP_BATCH);
      const rows = await linked(batch);
      const orphans = batch.filter((name) => !rows.has(name));
      await this.remove(orphans);
      removed += orphans.length;
    }
    return removed;
  }

  /**
   * With a bucket, other instances keep local copies: a removal through this one tells them (through the
   * change feed) to drop theirs.
   */
  follow(changes: ChangeFeed): void {
    this.changes = changes;
    changes.subscribe((tags) => {
      const names = tags.filter((tag) => tag.startsWith(IMAGE_TAG)).map((tag) => tag.slice(IMAGE_TAG.length));
      if (names.length > 0) void this.removeLocal(names);
    });
  }

  /** Removes originals (waiting or in place) and every variant; missing files are fine. */
  async remove(filenames: readonly string[]): Promise<void> {
    await this.removeLocal(filenames);
    const names = filenames.filter(isImageFilename);
    if (this.bucket && names.length > 0) {
      await this.bucket.delete(
        names.flatMap((name) => [
          name,
          ...IMAGE_WIDTHS.map((width) => this.keyOf(this.variantPath(name, width))),
        ]),
      );
      await this.changes?.publish(names.map((name) => `${IMAGE_TAG}${name}`));
    }
  }

  /** This instance's files of these images. */
  private async removeLocal(filenames: readonly string[]): Promise<void> {
    await Promise.all(
      filenames.filter(isImageFilename).map(async (filename) => {
        this.widths.delete(filename);
        this.waitingWidths.delete(filename);
        await fs.rm(path.join(this.pendingDir, filename), { force: true });
        await fs.rm(path.join(this.dir, filename), { force: true });
        await Promise.all(
          IMAGE_WIDTHS.map((width) => fs.rm(this.variantPath(filename, width), { force: true })),
        );
      }),
    );
  }

  /** A file's name in the bucket: its path under the folder. */
  private keyOf(file: string): string {
    return path.relative(this.dir, file).split(path.sep).join('/');
  }

  /**
   * The local path of an original, fetched from the bucket when this instance has no copy yet; null
   * when there is no such image.
   */
  async localOriginal(filename: string): Promise<string | null> {
    if (!isImageFilename(filename)) return null;
    const file = path.join(this.dir, filename);
    if (await fileExists(file)) return file;
    return this.bucket && (await this.bucket.fetch(filename, file)) ? file : null;
  }

  /**
   * The file to serve for a name and a requested width: widths snap up to the fixed set and never
   * exceed the original. Returns null when there is no such image.
   */
  async resolve(filename: string, requestedWidth?: number): Promise<ResolvedImage | null> {
    if (!isImageFilename(filename)) return null;
    const originalWidth = await this.originalWidth(filename);
    if (originalWidth === undefined) return null;
    const width = requestedWidth === undefined ? originalWidth : snapWidth(requestedWidth, originalWidth);
    const etagOf = (served: number) =>
      `"${filename.slice(0, -'.webp'.length)}-${served}-v${ENCODING_VERSION}"`;
    const original = {
      file: path.join(this.dir, filename),
      key: filename,
      width: originalWidth,
      etag: etagOf(originalWidth),
    };
    if (width === originalWidth) return original;
    try {
      const variant = await this.ensureVariant(filename, width);
      return variant ? { file: variant, key: this.keyOf(variant), width, etag: etagOf(width) } : null;
    } catch (error) {
      // A full disk: the original serves until there is room for the narrower copy.
      if (missingPart(error) === 'storage') return original;
      throw error;
    }
  }

  /** An open stream and its length, or null when the file has gone in the meantime. */
  async open(file: string): Promise<{ stream: ReadStream; size: number } | null> {
    let handle: FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch (error) {
      if (isMissingFile(error)) return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Reads only the header of a stored original; overridden in tests to count the reads. */
  protected async readOriginalWidth(file: string): Promise<number | undefined> {
    try {
      return (await sharp(file).metadata()).width;
    } catch {
      return undefined;
    }
  }

  /** Writes one variant to `target`; overridden in tests to count the renders. */
  protected async renderVariant(original: string, target: string, width: number): Promise<void> {
    await this.variants.run(() =>
      sharp(original, { failOn: 'error' }).resize({ width }).webp({ quality: 80 }).toFile(target),
    );
  }

  /**
   * Encoded straight to a temporary file beside its waiting name: no encoded bytes pass through the heap.
   * It is served once `place` moves it.
   */
  private async store(input: ImageInput, maxDimension: number): Promise<StoredImage> {
    const filename = `${newId()}.webp`;
    const file = path.join(this.pendingDir, filename);
    const temporary = temporaryPath(file);
    let info: OutputInfo;
    try {
      info = await this.encodes.run(() =>
        sharp(sourceOf(input), { limitInputPixels: LIMITS.images.maxPixels, failOn: 'error', pages: 1 })
          .autoOrient()
          .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true })
          // Without keepMetadata/withMetadata sharp writes no EXIF, XMP, IPTC or ICC profile.
          .webp({ quality: 82 })
          .toFile(temporary),
      );
    } catch (error) {
      await fs.rm(temporary, { force: true });
      if (missingPart(error)) throw error;
      throw isPixelLimitError(error) ? fileTooLarge() : unsupported();
    }
    try {
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    this.waitingWidths.set(filename, info.width);
    return { filename, width: info.width, height: info.height, bytes: info.size };
  }

  private async originalWidth(filename: string): Promise<number | undefined> {
    const cached = this.widths.get(filename);
    if (cached !== undefined) return cached;
    const file = await this.localOriginal(filename);
    const width = file ? await this.readOriginalWidth(file) : undefined;
    if (width !== undefined) this.widths.set(filename, width);
    return width;
  }

  private variantPath(filename: string, width: number): string {
    return path.join(this.variantsDir, `${filename.slice(0, -'.webp'.length)}-${width}.webp`);
  }

  /** Made on first request and kept; concurrent first requests share one render. */
  private ensureVariant(filename: string, width: number): Promise<string | null> {
    const variant = this.variantPath(filename, width);
    let job = this.pending.get(variant);
    if (!job) {
      job = this.createVariant(path.join(this.dir, filename), variant, width).finally(() =>
        this.pending.delete(variant),
      );
      this.pending.set(variant, job);
    }
    return job;
  }

  private async createVariant(original: string, variant: string, width: number): Promise<string | null> {
    if (await fileExists(variant)) return variant;
    if (!this.bucket) return this.renderInto(original, variant, width);
    const bucket = this.bucket;
    const key = this.keyOf(variant);
    // Made once across instances: the first to ask makes it and puts it in the bucket; one asked for it
    // meanwhile waits for it there instead of making it too (and makes it after all if it never comes).
    for (const deadline = Date.now() + VARIANT_WAIT_MS; ;) {
      if (await bucket.fetch(key, variant)) return variant;
      const release = await this.locks?.acquire(`variant:${key}`, VARIANT_LOCK_MS);
      if (release || !this.locks || Date.now() > deadline) {
        try {
          const made = await this.renderInto(original, variant, width);
          if (made) await bucket.put(key, made);
          return made;
        } finally {
          await release?.();
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async renderInto(original: string, variant: string, width: number): Promise<string | null> {
    const temporary = temporaryPath(variant);
    try {
      const done = this.metrics?.imageVariants.startTimer();
      await this.renderVariant(original, temporary, width);
      done?.();
      await fs.rename(temporary, variant);
      return variant;
    } catch (error) {
      await fs.rm(temporary, { force: true });
      if (!(await fileExists(original))) return null;
      throw error;
    }
  }
}

export function isImageFilename(filename: string): boolean {
  return FILENAME_PATTERN.test(filename);
}

/** The served width: the next fixed width up, or the original when that is not narrower. */
export function snapWidth(requested: number, originalWidth: number): number {
  const snapped = IMAGE_WIDTHS.find((candidate) => candidate >= requested);
  return snapped === undefined || snapped >= originalWidth ? originalWidth : snapped;
}

/**
 * Rejects what must never reach a decoder: too many bytes, a signature outside the five accepted
 * formats (sharp alone would also open SVG, TIFF and more), a header that disagrees with the signature,
 * or more pixels than allowed. Only headers are read, so a decompression bomb costs nothing here.
 */
async function inspect(input: ImageInput): Promise<void> {
  const bytes = input instanceof ReceivedFile ? input.bytes : input.length;
  if (bytes > LIMITS.images.maxBytes) throw fileTooLarge();
  const family = sniffFamily(input instanceof ReceivedFile ? await readHead(input.path) : input);
  if (!family) throw unsupported();
  let metadata: Metadata;
  try {
    metadata = await sharp(sourceOf(input), { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw unsupported();
  }
  if (metadata.format !== SHARP_FORMATS[family]) throw unsupported();
  if (family === 'avif' && metadata.compression !== 'av1') throw unsupported();
  if (!metadata.width || !metadata.height) throw unsupported();
  // Without `animated`, height is that of the first frame: the only one decoded.
  if (metadata.width * metadata.height > LIMITS.images.maxPixels) throw fileTooLarge();
}

/** What sharp reads: the bytes, or the file's path (read by libvips as it decodes). */
function sourceOf(input: ImageInput): Buffer | string {
  return input instanceof ReceivedFile ? input.path : input;
}

/** The first bytes of a file, enough for every signature `sniffFamily` knows. */
async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The format by its magic bytes; the file name and declared type are never consulted. */
export function sniffFamily(bytes: Buffer): ImageFamily | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  const head = bytes.toString('latin1', 0, 12);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  if (head.slice(4, 8) === 'ftyp') {
    // The ftyp box lists a major brand, a version, then compatible brands.
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    for (let offset = 8; offset + 4 <= boxEnd; offset += offset === 8 ? 8 : 4) {
      if (AVIF_BRANDS.has(bytes.toString('latin1', offset, offset + 4))) return 'avif';
    }
  }
  return undefined;
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && error.message.includes('exceeds pixel limit');
}

function isMissingFile(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Never matches the served name pattern, so a half-written file is never served. */
function temporaryPath(file: string): string {
  return `${file}.${newId()}${TEMPORARY_SUFFIX}`;
}

async function removeStaleTemporaries(dir: string): Promise<void> {
  const cutoff = Date.now() - STALE_TEMPORARY_MS;
  const names = (await fs.readdir(dir)).filter((name) => name.endsWith(TEMPORARY_SUFFIX));
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      if (await modifiedBefore(file, cutoff)) await fs.rm(file, { force: true });
    }),
  );
}

/** Whether the file is there and was last written before `time` (ms since the epoch). */
async function modifiedBefore(file: string, time: number): Promise<boolean> {
  const stats = await fs.stat(file).catch(() => undefined);
  return stats !== undefined && stats.mtimeMs < time;
}

/** At most `size` tasks at once; the rest wait their turn in order. */
export class JobSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.size) this.active += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next task, or give it back.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
