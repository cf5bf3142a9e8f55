import { type Kysely, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * The language an account last read the site in ('uz-Latn', 'uz-Cyrl', 'ru' or 'en'), for mails about
 * other people's actions (notifications) and the API's answers to requests that state none; null until
 * the account is used with a language stated. It replaces `script`, which only told Latin from Cyrillic
 * Uzbek: each script becomes its Uzbek, and `script` goes, so nothing keeps a second answer to the same
 * question. Down, a Russian or English reader had stated no script.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'varchar(8)').execute();
  await sql`update users set locale = case script when 'cyrl' then 'uz-Cyrl' when 'latn' then 'uz-Latn' end
    where script is not null`.execute(db);
  await db.schema.alterTable('users').dropColumn('script').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('script', 'varchar(4)').execute();
  await sql`update users set script = case locale when 'uz-Cyrl' then 'cyrl' when 'uz-Latn' then 'latn' end
    where locale is not null`.execute(db);
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
