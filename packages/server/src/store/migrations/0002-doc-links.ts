import { type Kysely, sql } from 'kysely'

/**
 * Doc Links, the PDFs behind them (the `blobs` table is used on PostgreSQL only; SQLite servers
 * keep files in the data directory), their visits with per-page dwell, and the outbox of
 * notification emails that had no SMTP server to go to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('links')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('slug', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('blob_key', 'text', (column) => column.notNull())
    .addColumn('size_bytes', 'integer', (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('notify_on_open', 'integer', (column) => column.notNull())
    .addColumn('allow_download', 'integer', (column) => column.notNull())
    // Set by the first counted open, by a conditional UPDATE: the notification goes out once.
    .addColumn('first_opened_at', 'text')
    .execute()
  await db.schema
    .createIndex('links_account_created')
    .on('links')
    .columns(['account_id', 'created_at'])
    .execute()

  // SQLite accepts the type name `bytea` (as a column of BLOB affinity); the table stays empty there.
  await db.schema
    .createTable('blobs')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('bytes', sql`bytea`, (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('visits')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('link_id', 'text', (column) =>
      column.notNull().references('links.id').onDelete('cascade'),
    )
    .addColumn('visitor', 'text', (column) => column.notNull())
    // Keyed hash of the client network, user agent and UTC day: finds today's visitor again when
    // the browser keeps no cookie. Never a raw address.
    .addColumn('daily_hash', 'text', (column) => column.notNull())
    .addColumn('started_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .addColumn('email', 'text')
    .addColumn('country', 'text')
    .addColumn('company', 'text')
    .addColumn('network', 'text')
    .addColumn('device', 'text')
    .addColumn('pages_viewed', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('duration_ms', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('visits_link_started')
    .on('visits')
    .columns(['link_id', 'started_at'])
    .execute()
  await db.schema
    .createIndex('visits_link_daily_hash')
    .on('visits')
    .columns(['link_id', 'daily_hash'])
    .execute()

  await db.schema
    .createTable('page_views')
    .addColumn('visit_id', 'text', (column) =>
      column.notNull().references('visits.id').onDelete('cascade'),
    )
    .addColumn('link_id', 'text', (column) => column.notNull())
    .addColumn('page', 'integer', (column) => column.notNull())
    .addColumn('dwell_ms', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('page_views_pkey', ['visit_id', 'page'])
    .execute()
  await db.schema.createIndex('page_views_link').on('page_views').column('link_id').execute()

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('link_id', 'text')
    .execute()
}

/** Drops what `up` created. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['outbox', 'page_views', 'visits', 'blobs', 'links']) {
    await db.schema.dropTable(table).execute()
  }
}
