import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { hotStatement } from '../db/hot-reads.js';

type Executor = Kysely<Database> | Transaction<Database>;

export type BlockKind = 'block' | 'mute';

/** Adds the block or mute unless it exists; true when this call added it. */
export async function insertPersonBlock(
  db: Executor,
  row: { userId: string; otherId: string; kind: BlockKind; now: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('person_blocks')
    .values({ user_id: row.userId, other_id: row.otherId, kind: row.kind, created_at: row.now })
    .onConflict((oc) => oc.columns(['user_id', 'other_id', 'kind']).doNothing())
    .returning('other_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deletePersonBlock(db: Executor, userId: string, otherId: string, kind: BlockKind) {
  await db
    .deleteFrom('person_blocks')
    .where('user_id', '=', userId)
    .where('other_id', '=', otherId)
    .where('kind', '=', kind)
    .execute();
}

/** Whom `userId` blocked (or muted), newest first, with their names: at most `limit`. */
export function findPersonBlocks(db: Executor, userId: string, kind: BlockKind, limit: number) {
  return db
    .selectFrom('person_blocks')
    .innerJoin('users', 'users.id', 'person_blocks.other_id')
    .select([
      'person_blocks.created_at',
      'users.id',
      'users.username',
      'users.firstname',
      'users.lastname',
      'users.image',
    ])
    .where('person_blocks.user_id', '=', userId)
    .where('person_blocks.kind', '=', kind)
    .orderBy('person_blocks.created_at', 'desc')
    .orderBy('person_blocks.other_id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Whose words `readerId` does not see: those the reader blocked or muted, and those who blocked the
 * reader. Two seeks of an index each.
 */
export async function findHiddenWriters(db: Executor, readerId: string): Promise<Set<string>> {
  const [mine, theirs] = await Promise.all([
    db.selectFrom('person_blocks').select('other_id as id').where('user_id', '=', readerId).execute(),
    db
      .selectFrom('person_blocks')
      .select('user_id as id')
      .where('other_id', '=', readerId)
      .where('kind', '=', 'block')
      .execute(),
  ]);
  return new Set([...mine, ...theirs].map((row) => row.id));
}

/** Whether `a` blocked `b` or `b` blocked `a`: what refuses one's comments, likes, follows (and mentions). */
export async function blockedEitherWay(db: Executor, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const { rows } = await hotStatement(db, 'blocked-either-way', ['block', a, b, b, a], () =>
    db
      .selectFrom('person_blocks')
      .select('kind')
      .where('kind', '=', 'block')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', a), eb('other_id', '=', b)]),
          eb.and([eb('user_id', '=', b), eb('other_id', '=', a)]),
        ]),
      ),
  );
  return rows.length > 0;
}

/**
 * Which of `userIds` blocked `writerId`, or were blocked by them: the people a writer may not reach (a
 * later mention, say, is not delivered to them).
 */
export async function findBlockers(
  db: Executor,
  writerId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const [blockers, blocked] = await Promise.all([
    db
      .selectFrom('person_blocks')
      .select('user_id as id')
      .where('other_id', '=', writerId)
      .where('kind', '=', 'block')
      .where('user_id', 'in', userIds)
      .execute(),
    db
      .selectFrom('person_blocks')
      .select('other_id as id')
      .where('user_id', '=', writerId)
      .where('kind', '=', 'block')
      .where('other_id', 'in', userIds)
      .execute(),
  ]);
  return new Set([...blockers, ...blocked].map((row) => row.id));
}

/** Which kinds (`block`, `mute`) `userId` holds against `otherId`. */
export async function findPersonBlocksOf(
  db: Executor,
  userId: string,
  otherId: string,
): Promise<BlockKind[]> {
  const rows = await db
    .selectFrom('person_blocks')
    .select('kind')
    .where('user_id', '=', userId)
    .where('other_id', '=', otherId)
    .execute();
  return rows.map((row) => row.kind);
}
