import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { BSON, type Document, ObjectId } from 'bson';

/** The collections of the original site's database that the import reads as documents. */
export const COLLECTIONS = ['users', 'portfolios', 'comments', 'uploads.files'] as const;
export type CollectionName = (typeof COLLECTIONS)[number] | 'uploads.chunks';

/**
 * The dump: the documents of the small collections, and the GridFS chunks by position only. The chunks
 * are the pictures' bytes (gigabytes on a site with many), so they stay on disk and are read one file at a
 * time when a picture is imported.
 */
export type Dump = Record<(typeof COLLECTIONS)[number], Document[]> & { chunks: ChunkFile };

/** Where each chunk document is in `uploads.chunks.bson` (unpacked first when it came as `.bson.gz`). */
export class ChunkFile {
  constructor(
    private readonly file: string | undefined,
    /** files_id → [n, offset, length] of each of its chunk documents. */
    readonly byFile: ReadonlyMap<string, readonly (readonly [number, number, number])[]>,
  ) {}

  get count(): number {
    let count = 0;
    for (const chunks of this.byFile.values()) count += chunks.length;
    return count;
  }

  /** The chunk documents of one file, in the order they are stored. */
  read(fileId: string): Document[] {
    const positions = this.byFile.get(fileId);
    if (!positions || !this.file) return [];
    const fd = fs.openSync(this.file, 'r');
    try {
      return positions.map(([, offset, length]) => {
        const bytes = Buffer.allocUnsafe(length);
        fs.readSync(fd, bytes, 0, length, offset);
        return BSON.deserialize(bytes, { promoteBuffers: true });
      });
    } finally {
      fs.closeSync(fd);
    }
  }
}

/**
 * Reads a `mongodump` folder: `<collection>.bson` or `.bson.gz` (the `.metadata.json` beside them is not
 * needed), either in the folder itself or in its one database sub-folder. A missing collection is empty;
 * `missing` says which were missing. `close` removes what was unpacked for the run.
 */
export async function readDump(
  folder: string,
): Promise<{ dump: Dump; missing: CollectionName[]; close: () => void }> {
  const dir = await findCollectionsFolder(folder);
  const missing: CollectionName[] = [];
  const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-import-'));
  const close = () => fs.rmSync(unpacked, { recursive: true, force: true });
  try {
    const plainFile = async (name: CollectionName): Promise<string | undefined> => {
      const plain = path.join(dir, `${name}.bson`);
      if (fs.existsSync(plain)) return plain;
      const zipped = `${plain}.gz`;
      if (!fs.existsSync(zipped)) {
        missing.push(name);
        return undefined;
      }
      const target = path.join(unpacked, `${name}.bson`);
      await pipeline(fs.createReadStream(zipped), createGunzip(), fs.createWriteStream(target));
      return target;
    };
    const documents = {} as Record<(typeof COLLECTIONS)[number], Document[]>;
    for (const name of COLLECTIONS) {
      const file = await plainFile(name);
      const list: Document[] = [];
      if (file)
        forEachDocument(file, name, (bytes) => list.push(BSON.deserialize(bytes, { promoteBuffers: true })));
      documents[name] = list;
    }
    const chunksFile = await plainFile('uploads.chunks');
    const byFile = new Map<string, [number, number, number][]>();
    if (chunksFile) {
      forEachDocument(chunksFile, 'uploads.chunks', (bytes, offset) => {
        const chunk = BSON.deserialize(bytes, { promoteBuffers: true });
        const fileId = idOf(chunk.files_id);
        if (!fileId) return;
        const list = byFile.get(fileId) ?? [];
        list.push([Number(chunk.n), offset, bytes.length]);
        byFile.set(fileId, list);
      });
    }
    return { dump: { ...documents, chunks: new ChunkFile(chunksFile, byFile) }, missing, close };
  } catch (error) {
    close();
    throw error;
  }
}

async function findCollectionsFolder(folder: string): Promise<string> {
  const entries = await fs.promises.readdir(folder, { withFileTypes: true });
  if (entries.some((entry) => /^users\.bson(\.gz)?$/.test(entry.name))) return folder;
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const inner = await fs.promises.readdir(path.join(folder, entry.name));
    if (inner.some((name) => /^users\.bson(\.gz)?$/.test(name))) return path.join(folder, entry.name);
  }
  throw new Error(
    `No users.bson or users.bson.gz in ${folder} or its sub-folders: is it a mongodump folder?`,
  );
}

/** 16 MiB, MongoDB's largest document, read at a time. */
const BLOCK = 16 * 1024 * 1024;

/**
 * A .bson file is its documents one after another, each starting with its own length: each is handed
 * over (with its place in the file) as the file is read a block at a time, whatever the file's size.
 */
function forEachDocument(file: string, name: string, each: (bytes: Buffer, offset: number) => void): void {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    let block = Buffer.alloc(0);
    let blockStart = 0;
    let offset = 0;
    /** Whether the bytes up to `end` are in the block, reading on from `offset` when they are not yet. */
    const ensure = (end: number): boolean => {
      if (end <= blockStart + block.length) return true;
      const keep = block.subarray(offset - blockStart);
      const more = Buffer.allocUnsafe(Math.max(BLOCK, end - offset) - keep.length);
      const read = fs.readSync(fd, more, 0, more.length, offset + keep.length);
      block = Buffer.concat([keep, more.subarray(0, read)]);
      blockStart = offset;
      return end <= blockStart + block.length;
    };
    while (offset < size) {
      if (!ensure(offset + 4) || offset + 5 > size) {
        throw new Error(`${name}.bson: cut short at byte ${offset}`);
      }
      const length = block.readInt32LE(offset - blockStart);
      if (length < 5 || offset + length > size || !ensure(offset + length)) {
        throw new Error(`${name}.bson: a document at byte ${offset} claims ${length} bytes`);
      }
      each(block.subarray(offset - blockStart, offset - blockStart + length), offset);
      offset += length;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** 24 lowercase hex characters from an ObjectId, its string, or a document holding one as `_id`. */
export function idOf(value: unknown): string | undefined {
  if (value instanceof ObjectId) return value.toHexString();
  if (typeof value === 'string') return /^[0-9a-fA-F]{24}$/.test(value) ? value.toLowerCase() : undefined;
  if (value && typeof value === 'object' && '_id' in value) return idOf((value as { _id: unknown })._id);
  return undefined;
}
