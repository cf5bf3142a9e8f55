import type { Kysely } from 'kysely';

/*
 * Frozen in time: this migration never imports application code.
 *
 * Images imported from the original site keep answering at their old names (`/image/9f…c2.png`): each
 * old name points at the stored image made from it, and goes with that image.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('original_images')
    .addColumn('name', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('filename', 'varchar(100)', (c) =>
      c.notNull().references('images.filename').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('original_images_filename_index')
    .on('original_images')
    .column('filename')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('original_images').execute();
}
