import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileExists } from '../../lib/files.js';
import { matchesIfNoneMatch } from '../../lib/http-cache.js';
import { newId } from '../../lib/ids.js';
import { TEMPORARY_SUFFIX } from '../../lib/uploads.js';
import type { ImageStore } from './image-store.js';

/** A drawing kept on disk, and the validator that names its version. */
export interface KeptDrawing {
  file: string;
  etag: string;
}

/**
 * Files drawn from what they show (preview cards, CVs as PDF), kept in `dir` under a name that holds a
 * hash of everything drawn: a file is drawn again exactly when what it shows changes, and the older
 * version of it is removed then. Concurrent first requests for one version share one drawing.
 */
export class KeptDrawings {
  private readonly pending = new Map<string, Promise<KeptDrawing>>();

  constructor(
    readonly dir: string,
    /** The files' extension, with its dot. */
    private readonly extension: string,
    /** Part of every version: bumped when the drawing changes, so every file is drawn anew. */
    private readonly drawingVersion: number,
  ) {}

  /**
   * The version of `name` that shows `input`, drawn by `draw` unless it is kept already. Names must not
   * be the start of one another's (`${name}-` marks a name's versions).
   */
  get(name: string, input: unknown, draw: () => Promise<Buffer>): Promise<KeptDrawing> {
    const version = createHash('sha256')
      .update(JSON.stringify({ drawing: this.drawingVersion, input }))
      .digest('base64url')
      .slice(0, 20);
    const file = path.join(this.dir, `${name}-${version}${this.extension}`);
    let job = this.pending.get(file);
    if (!job) {
      job = this.keep(name, { file, etag: `"${version}"` }, draw).finally(() => this.pending.delete(file));
      this.pending.set(file, job);
    }
    return job;
  }

  private async keep(name: string, kept: KeptDrawing, draw: () => Promise<Buffer>): Promise<KeptDrawing> {
    const { file } = kept;
    if (await fileExists(file)) return kept;
    const bytes = await draw();
    await fs.mkdir(this.dir, { recursive: true });
    const temporary = `${file}.${newId()}${TEMPORARY_SUFFIX}`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
    // The versions drawn before this one show what is no longer so.
    const older = (await fs.readdir(this.dir)).filter(
      (entry) =>
        entry.startsWith(`${name}-`) && entry.endsWith(this.extension) && entry !== path.basename(file),
    );
    await Promise.all(older.map((entry) => fs.rm(path.join(this.dir, entry), { force: true })));
    return kept;
  }
}

/**
 * Sends a kept drawing, or 304 while the reader's copy is its version. Its address stays while its drawing
 * changes; a newer drawing removes this one and may do so between finding and opening it: then it is
 * looked up once more. `headers` are set on both answers; `missing` is the error for none.
 */
export async function sendKeptDrawing<T extends KeptDrawing>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    imageStore: ImageStore;
    find: () => Promise<T | null>;
    missing: () => Error;
    type: string;
    headers: (drawing: T) => Record<string, string>;
  },
): Promise<FastifyReply> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const drawing = await options.find();
    if (!drawing) throw options.missing();
    reply.headers(options.headers(drawing)).header('etag', drawing.etag);
    if (matchesIfNoneMatch(request.headers['if-none-match'], drawing.etag)) return reply.code(304).send();
    const opened = await options.imageStore.open(drawing.file);
    if (opened) {
      return reply.type(options.type).header('content-length', opened.size).send(opened.stream);
    }
  }
  throw options.missing();
}
