import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export async function insertLinkToken(
  db: Executor,
  token: { hash: string; userId: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('telegram_link_tokens')
    .values({ hash: token.hash, user_id: token.userId, expires_at: token.expiresAt })
    .execute();
}

/**
 * Takes a link token once: the account it is bound to when it was unused and unexpired, and from then on
 * used; undefined otherwise (a second taker of the same token finds it used).
 */
export async function takeLinkToken(db: Executor, hash: string, now: string): Promise<string | undefined> {
  const row = await db
    .updateTable('telegram_link_tokens')
    .set({ used_at: now })
    .where('hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** The account a token was made for, used or not (its language answers a refused token). */
export async function findLinkTokenOwner(db: Executor, hash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('telegram_link_tokens')
    .select('user_id')
    .where('hash', '=', hash)
    .executeTakeFirst();
  return row?.user_id;
}

export async function linkChat(db: Executor, userId: string, chatId: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ telegram_chat_id: chatId, telegram_chat_linked_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Unlinks the account's chat; with `chatId`, only while that chat is still the one linked. */
export async function unlinkChat(db: Executor, userId: string, chatId?: string): Promise<void> {
  let query = db
    .updateTable('users')
    .set({ telegram_chat_id: null, telegram_chat_linked_at: null })
    .where('id', '=', userId)
    .where('telegram_chat_id', 'is not', null);
  if (chatId !== undefined) query = query.where('telegram_chat_id', '=', chatId);
  await query.execute();
}

/** Where and how to write to an account: its linked chat (or null), language and first name. */
export async function findRecipient(
  db: Executor,
  userId: string | undefined,
): Promise<{ chatId: string | null; locale: string | null; firstname: string } | undefined> {
  if (userId === undefined) return undefined;
  const row = await db
    .selectFrom('users')
    .select(['telegram_chat_id', 'locale', 'firstname'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && { chatId: row.telegram_chat_id, locale: row.locale, firstname: row.firstname };
}

export async function deleteExpiredLinkTokens(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('telegram_link_tokens').where('expires_at', '<', now).execute();
}

/**
 * Takes or renews the lease `name` for `holder` until `until`: answers whether `holder` holds it now (it
 * was free, expired, or already `holder`'s).
 */
export async function takeLease(
  db: Executor,
  lease: { name: string; holder: string; now: string; until: string },
): Promise<boolean> {
  const row = await db
    .insertInto('leases')
    .values({ name: lease.name, holder: lease.holder, expires_at: lease.until })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ holder: lease.holder, expires_at: lease.until })
        .where((eb) =>
          eb.or([eb('leases.holder', '=', lease.holder), eb('leases.expires_at', '<=', lease.now)]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === lease.holder;
}

export async function releaseLease(db: Executor, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}
