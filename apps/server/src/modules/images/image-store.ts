import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS, LIMITS } from '@portfolio-master/contract';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { HttpError } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';

export interface StoredImage {
  filename: string;
  width: number;
  height: number;
  bytes: number;
}

/** Formats we accept, as sharp names them after reading the bytes (AVIF is HEIF with AV1). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const FILENAME_PATTERN = /^[0-9a-f]{24}\.webp$/;

sharp.cache(false);
sharp.concurrency(1);

const unsupported = () =>
  new HttpError(
    415,
    'UNSUPPORTED_IMAGE',
    'Rasm formati qo‘llab-quvvatlanmaydi: JPEG, PNG, WebP, AVIF yoki GIF yuklang',
  );

const tooLarge = () =>
  new HttpError(
    413,
    'PAYLOAD_TOO_LARGE',
    `Rasm juda katta: ko‘pi bilan ${LIMITS.images.maxBytes / 1024 / 1024} MB va ${LIMITS.images.maxPixels / 1_000_000} megapiksel`,
  );

/**
 * Every upload is decoded, auto-rotated, stripped of metadata and re-encoded to WebP under a name the
 * server makes, so no byte the client chose is ever served back.
 */
export class ImageStore {
  private readonly variantsDir: string;
  private readonly pending = new Map<string, Promise<string>>();

  constructor(readonly dir: string) {
    this.variantsDir = path.join(dir, 'variants');
  }

  async init(): Promise<void> {
    await fs.mkdir(this.variantsDir, { recursive: true });
  }

  async save(input: Buffer, options: { maxDimension: number }): Promise<StoredImage> {
    if (input.length > LIMITS.images.maxBytes) throw tooLarge();
    let metadata: Metadata;
    try {
      metadata = await sharp(input, { limitInputPixels: false }).metadata();
    } catch {
      throw unsupported();
    }
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw unsupported();
    if (metadata.format === 'heif' && metadata.compression !== 'av1') throw unsupported();
    const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0);
    if (!metadata.width || !metadata.height) throw unsupported();
    if (pixels > LIMITS.images.maxPixels) throw tooLarge();

    let output: { data: Buffer; info: OutputInfo };
    try {
      output = await sharp(input, { limitInputPixels: LIMITS.images.maxPixels, failOn: 'error' })
        .rotate()
        .resize({
          width: options.maxDimension,
          height: options.maxDimension,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw unsupported();
    }
    const filename = `${newId()}.webp`;
    await fs.writeFile(path.join(this.dir, filename), output.data);
    return { filename, width: output.info.width, height: output.info.height, bytes: output.data.length };
  }

  /** Removes originals and every variant; missing files are fine. */
  async remove(filenames: readonly string[]): Promise<void> {
    await Promise.all(
      filenames.filter(isImageFilename).map(async (filename) => {
        const stem = filename.slice(0, -'.webp'.length);
        await fs.rm(path.join(this.dir, filename), { force: true });
        await Promise.all(
          IMAGE_WIDTHS.map((width) =>
            fs.rm(path.join(this.variantsDir, `${stem}-${width}.webp`), { force: true }),
          ),
        );
      }),
    );
  }

  /**
   * The file to serve for a name and a requested width: widths snap up to the fixed set and never
   * exceed the original. Returns null when there is no such image.
   */
  async resolve(filename: string, requestedWidth?: number): Promise<{ file: string; width: number } | null> {
    if (!isImageFilename(filename)) return null;
    const original = path.join(this.dir, filename);
    let originalWidth: number;
    try {
      originalWidth = (await sharp(original).metadata()).width ?? 0;
    } catch {
      return null;
    }
    if (requestedWidth === undefined) return { file: original, width: originalWidth };
    const width = IMAGE_WIDTHS.find((candidate) => candidate >= requestedWidth) ?? originalWidth;
    if (width >= originalWidth) return { file: original, width: originalWidth };
    const stem = filename.slice(0, -'.webp'.length);
    const variant = path.join(this.variantsDir, `${stem}-${width}.webp`);
    return { file: await this.ensureVariant(original, variant, width), width };
  }

  open(file: string) {
    return createReadStream(file);
  }

  private async ensureVariant(original: string, variant: string, width: number): Promise<string> {
    try {
      await fs.access(variant);
      return variant;
    } catch {
      // made below, once even under concurrent requests
    }
    const inFlight = this.pending.get(variant);
    if (inFlight) return inFlight;
    const job = (async () => {
      const temporary = `${variant}.${process.pid}.${newId()}.tmp`;
      await sharp(original).resize({ width }).webp({ quality: 80 }).toFile(temporary);
      await fs.rename(temporary, variant);
      return variant;
    })().finally(() => this.pending.delete(variant));
    this.pending.set(variant, job);
    return job;
  }
}

export function isImageFilename(filename: string): boolean {
  return FILENAME_PATTERN.test(filename);
}
