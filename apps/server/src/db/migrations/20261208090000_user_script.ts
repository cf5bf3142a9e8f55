import type { Kysely } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * The script an account last read the site in ('latn' or 'cyrl'), for mails about other people's actions
 * (notifications); null until the account is used with a script chosen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('script', 'varchar(4)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('script').execute();
}
