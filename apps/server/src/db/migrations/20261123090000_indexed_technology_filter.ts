import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * The technology filter and the text search both move into the text index, so a filtered or searched
 * page is read from the index in order and stops after the page:
 * - SQLite: the FTS5 table gets a `technologies` column of `t<technology id>` tokens, and its rowids
 *   become sort keys: the creation time in milliseconds times 1024 plus a tie-breaker, so walking the
 *   index by descending rowid lists the newest matches first. `portfolio_search_keys` maps portfolios
 *   to their keys and removes the index row when a portfolio goes.
 * - PostgreSQL: a GIN-indexed `technology_ids` array next to the `search_vector`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table portfolios add column technology_ids text[] not null default '{}'`.execute(db);
    await sql`update portfolios p set technology_ids = coalesce(
        (select array_agg(pt.technology_id::text order by pt.technology_id)
          from portfolio_technologies pt where pt.portfolio_id = p.id), '{}')`.execute(db);
    await sql`create index portfolios_technology_ids_index on portfolios using gin (technology_ids)`.execute(
      db,
    );
    return;
  }

  await sql`create table portfolio_search_keys (
    key integer primary key,
    portfolio_id char(24) not null unique references portfolios (id) on delete cascade
  )`.execute(db);
  await sql`insert into portfolio_search_keys (key, portfolio_id)
    select cast(round((julianday(created_at) - 2440587.5) * 86400000.0) as integer) * 1024
        + row_number() over (partition by created_at order by id) - 1,
      id
    from portfolios`.execute(db);

  await sql`create virtual table portfolio_search_next using fts5(
    document, technologies, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
  )`.execute(db);
  await sql`insert into portfolio_search_next (rowid, document, technologies)
    select k.key, coalesce(s.document, ''),
      coalesce((select group_concat('t' || pt.technology_id, ' ') from portfolio_technologies pt
        where pt.portfolio_id = k.portfolio_id), '')
    from portfolio_search_keys k
    left join portfolio_search_rows r on r.portfolio_id = k.portfolio_id
    left join portfolio_search s on s.rowid = r.id`.execute(db);
  await sql`insert into portfolio_search_next (portfolio_search_next) values ('optimize')`.execute(db);

  await sql`drop trigger portfolio_search_rows_delete`.execute(db);
  await sql`drop table portfolio_search_rows`.execute(db);
  await sql`drop table portfolio_search`.execute(db);
  await sql`alter table portfolio_search_next rename to portfolio_search`.execute(db);
  await sql`create trigger portfolio_search_keys_delete after delete on portfolio_search_keys begin
    delete from portfolio_search where rowid = old.key;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index portfolios_technology_ids_index`.execute(db);
    await sql`alter table portfolios drop column technology_ids`.execute(db);
    return;
  }
  await sql`create table portfolio_search_rows (
    id integer primary key,
    portfolio_id char(24) not null unique references portfolios (id) on delete cascade
  )`.execute(db);
  await sql`insert into portfolio_search_rows (portfolio_id) select portfolio_id from portfolio_search_keys
    order by key`.execute(db);
  await sql`create virtual table portfolio_search_previous using fts5(
    document, tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`insert into portfolio_search_previous (rowid, document)
    select r.id, s.document from portfolio_search_rows r
    join portfolio_search_keys k on k.portfolio_id = r.portfolio_id
    join portfolio_search s on s.rowid = k.key`.execute(db);
  await sql`drop trigger portfolio_search_keys_delete`.execute(db);
  await sql`drop table portfolio_search_keys`.execute(db);
  await sql`drop table portfolio_search`.execute(db);
  await sql`alter table portfolio_search_previous rename to portfolio_search`.execute(db);
  await sql`create trigger portfolio_search_rows_delete after delete on portfolio_search_rows begin
    delete from portfolio_search where rowid = old.id;
  end`.execute(db);
}
