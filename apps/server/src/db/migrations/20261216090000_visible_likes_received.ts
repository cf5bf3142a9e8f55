import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * `users.likes_received` counts the likes of the person's visible portfolios only: a portfolio a
 * moderator hid ranks nobody among the most liked. The triggers of `20261213090000_people_directory`
 * also follow `portfolios.hidden_at` now: hiding takes the portfolio's likes from its author's sum,
 * showing it again gives them back, and a like on a hidden portfolio moves nothing.
 */

/** A portfolio row's part of its author's sum: its likes while it is visible. */
const part = (row: 'new' | 'old') => `case when ${row}.hidden_at is null then ${row}.likes_count else 0 end`;

async function recount(db: Kysely<any>, visibleOnly: boolean): Promise<void> {
  await sql`update users set likes_received = coalesce(
    (select sum(p.likes_count) from portfolios p
      where p.author_id = users.id ${visibleOnly ? sql`and p.hidden_at is null` : sql``}), 0)`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger people_likes_received on portfolios`.execute(db);
    // Each row's part is computed first: PL/pgSQL reads an IF's condition up to its first THEN, and a
    // CASE has its own.
    await sql`create or replace function people_likes_received() returns trigger language plpgsql as $$
      declare
        added integer := 0;
        removed integer := 0;
      begin
        if tg_op <> 'DELETE' then
          added := ${sql.raw(part('new'))};
        end if;
        if tg_op <> 'INSERT' then
          removed := ${sql.raw(part('old'))};
        end if;
        if added <> removed then
          update users set likes_received = likes_received + added - removed
            where id = (case when tg_op = 'DELETE' then old.author_id else new.author_id end);
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger people_likes_received after insert or delete or update of likes_count, hidden_at
      on portfolios for each row execute function people_likes_received()`.execute(db);
  } else {
    for (const name of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.raw(`people_likes_received_${name}`)}`.execute(db);
    }
    await sql`create trigger people_likes_received_insert after insert on portfolios
      when ${sql.raw(part('new'))} <> 0 begin
        update users set likes_received = likes_received + ${sql.raw(part('new'))} where id = new.author_id;
      end`.execute(db);
    await sql`create trigger people_likes_received_update after update of likes_count, hidden_at on portfolios
      when ${sql.raw(part('new'))} <> ${sql.raw(part('old'))} begin
        update users set likes_received = likes_received + ${sql.raw(part('new'))} - ${sql.raw(part('old'))}
          where id = new.author_id;
      end`.execute(db);
    await sql`create trigger people_likes_received_delete after delete on portfolios
      when ${sql.raw(part('old'))} <> 0 begin
        update users set likes_received = likes_received - ${sql.raw(part('old'))} where id = old.author_id;
      end`.execute(db);
  }
  await recount(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger people_likes_received on portfolios`.execute(db);
    await sql`create or replace function people_likes_received() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          if new.likes_count <> 0 then
            update users set likes_received = likes_received + new.likes_count where id = new.author_id;
          end if;
        elsif tg_op = 'DELETE' then
          if old.likes_count <> 0 then
            update users set likes_received = likes_received - old.likes_count where id = old.author_id;
          end if;
        elsif new.likes_count <> old.likes_count then
          update users set likes_received = likes_received + new.likes_count - old.likes_count
            where id = new.author_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger people_likes_received after insert or delete or update of likes_count
      on portfolios for each row execute function people_likes_received()`.execute(db);
  } else {
    for (const name of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.raw(`people_likes_received_${name}`)}`.execute(db);
    }
    await sql`create trigger people_likes_received_insert after insert on portfolios
      when new.likes_count <> 0 begin
        update users set likes_received = likes_received + new.likes_count where id = new.author_id;
      end`.execute(db);
    await sql`create trigger people_likes_received_update after update of likes_count on portfolios
      when new.likes_count <> old.likes_count begin
        update users set likes_received = likes_received + new.likes_count - old.likes_count
          where id = new.author_id;
      end`.execute(db);
    await sql`create trigger people_likes_received_delete after delete on portfolios
      when old.likes_count <> 0 begin
        update users set likes_received = likes_received - old.likes_count where id = old.author_id;
      end`.execute(db);
  }
  await recount(db, false);
}
