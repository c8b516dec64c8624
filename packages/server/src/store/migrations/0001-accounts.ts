import { type Kysely, sql } from 'kysely'

/** Accounts, API keys, anonymous daily usage and installation settings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('plan', 'text', (column) => column.notNull().check(sql`plan in ('free', 'pro')`))
    .addColumn('created_at', 'text', (column) => column.notNull())
    // The checks are a last line of defence: a charge that would overspend fails instead.
    .addColumn('credits', 'integer', (column) =>
      column.notNull().defaultTo(0).check(sql`credits >= 0`),
    )
    .addColumn('usage_month', 'text', (column) => column.notNull())
    .addColumn('month_pages', 'integer', (column) =>
      column.notNull().defaultTo(0).check(sql`month_pages >= 0`),
    )
    .execute()

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('key_hash', 'text', (column) => column.notNull().unique())
    .addColumn('prefix', 'text', (column) => column.notNull())
    .addColumn('name', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema.createIndex('api_keys_account_id').on('api_keys').column('account_id').execute()

  await db.schema
    .createTable('anonymous_usage')
    .addColumn('bucket', 'text', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('extractions', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('anonymous_usage_pkey', ['bucket', 'day'])
    .execute()
  await db.schema.createIndex('anonymous_usage_day').on('anonymous_usage').column('day').execute()

  await db.schema
    .createTable('settings')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .execute()
}

/** Drops what `up` created. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['settings', 'anonymous_usage', 'api_keys', 'accounts']) {
    await db.schema.dropTable(table).execute()
  }
}
