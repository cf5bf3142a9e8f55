import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIMITS } from '@portfolio-master/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';
import { message } from './messages.js';
import { newId } from './ids.js';

/**
 * A file part of a multipart body, written to a temporary file as it arrived. Only the multipart parser
 * makes these, so a JSON body shaped like one is never taken for a file.
 */
export class ReceivedFile {
  constructor(
    readonly path: string,
    readonly bytes: number,
  ) {}
}

/** Temporary names end in `.tmp`, so a sweep after a crash finds what a live request never removed. */
export const TEMPORARY_SUFFIX = '.tmp';

export const fileTooLarge = () =>
  new HttpError(
    413,
    'PAYLOAD_TOO_LARGE',
    message('problem.image.tooLarge', {
      megabytes: LIMITS.images.maxBytes / 1024 / 1024,
      megapixels: LIMITS.images.maxPixels / 1_000_000,
    }),
  );

/**
 * Streams one file part to `dir` with a running byte count. The parser stops the part at the size
 * limit (`truncated`); such a file is removed and refused, and the rest of the body is not parsed.
 */
export async function receiveFile(
  file: Readable & { truncated?: boolean },
  dir: string,
): Promise<ReceivedFile> {
  const target = path.join(dir, `${newId()}${TEMPORARY_SUFFIX}`);
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > LIMITS.images.maxBytes) done(fileTooLarge());
      else done(null, chunk);
    },
  });
  // The parser would read on to the end of the part, discarding; the request is refused at once instead.
  file.once('limit', () => counter.destroy(fileTooLarge()));
  try {
    await pipeline(file, counter, fs.createWriteStream(target, { flags: 'wx' }));
    if (file.truncated) throw fileTooLarge();
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    throw error;
  }
  return new ReceivedFile(target, bytes);
}

/**
 * The files under one field. A text part under a file field (the old client sends the current file name
 * back) is not a file and is ignored, as is an empty file input.
 */
export function filesFrom(value: unknown): ReceivedFile[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((item): item is ReceivedFile => item instanceof ReceivedFile && item.bytes > 0);
}

export function fileFrom(value: unknown): ReceivedFile | undefined {
  return filesFrom(value)[0];
}

/** Known from the headers alone, before the body is read. */
export function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
}
