import type { Kysely } from 'kysely'

/**
 * The outbox becomes the queue of notification emails: a notice is written in the transaction
 * that claims a link's first open, and marked sent once SMTP took it. `attempts` bounds retries
 * and lets one instance claim a row before sending it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('sent_at', 'text').execute()
  await db.schema
    .alterTable('outbox')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('outbox_unsent').on('outbox').column('sent_at').execute()
}

/** Drops what `up` added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_unsent').execute()
  await db.schema.alterTable('outbox').dropColumn('attempts').execute()
  await db.schema.alterTable('outbox').dropColumn('sent_at').execute()
}
