import { type Kysely, sql } from 'kysely'

/**
 * The usage ledger: one row per successful page charge, written in the transaction of the
 * conditional UPDATE that decides it (store.ts `chargePages`). The pages of an account's rows of
 * a month add up to its `month_pages` of that month, so the counter can be audited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    // The UTC month the pages were counted into (the account's `usage_month` after the charge).
    .addColumn('month', 'text', (column) => column.notNull())
    .addColumn('pages', 'integer', (column) => column.notNull().check(sql`pages > 0`))
    // How the pages were paid: the plan's monthly quota first, purchased credits for the rest.
    .addColumn('quota_pages', 'integer', (column) => column.notNull().check(sql`quota_pages >= 0`))
    .addColumn('credit_pages', 'integer', (column) =>
      column.notNull().check(sql`credit_pages >= 0`),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addCheckConstraint('usage_pages_split', sql`quota_pages + credit_pages = pages`)
    .execute()
  await db.schema
    .createIndex('usage_account_month')
    .on('usage')
    .columns(['account_id', 'month'])
    .execute()
}

/** Drops what `up` created. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage').execute()
}
