import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export function insertImage(
  db: Executor,
  image: {
    filename: string;
    ownerId: string;
    portfolioId: string | null;
    position: number;
    width: number;
    height: number;
    bytes: number;
  },
) {
  return db
    .insertInto('images')
    .values({
      filename: image.filename,
      owner_id: image.ownerId,
      portfolio_id: image.portfolioId,
      position: image.position,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export async function deleteImageRows(db: Executor, filenames: readonly string[]): Promise<void> {
  if (filenames.length === 0) return;
  await db.deleteFrom('images').where('filename', 'in', filenames).execute();
}

export async function findPortfolioImageNames(db: Executor, portfolioId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('images')
    .select('filename')
    .where('portfolio_id', '=', portfolioId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.filename);
}

/** A portfolio's pictures in their order, with their descriptions. */
export function findPortfolioImages(
  db: Executor,
  portfolioId: string,
): Promise<{ filename: string; alt: string }[]> {
  return db
    .selectFrom('images')
    .select(['filename', 'alt'])
    .where('portfolio_id', '=', portfolioId)
    .orderBy('position')
    .execute();
}

/** Which of these file names have an image row (`ImageStore.sweep`). */
export async function findLinkedImageNames(db: Executor, filenames: readonly string[]): Promise<Set<string>> {
  if (filenames.length === 0) return new Set();
  const rows = await db.selectFrom('images').select('filename').where('filename', 'in', filenames).execute();
  return new Set(rows.map((row) => row.filename));
}

/** The stored image an image of the original site became, by the old name it is still asked for under. */
export async function findOriginalImage(db: Executor, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('original_images')
    .select('filename')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.filename;
}
