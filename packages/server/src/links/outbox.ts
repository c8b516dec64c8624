import type { Kysely, Selectable } from 'kysely'
import { randomBase62 } from '../store/base62.js'
import type { OutboxTable, StoreDatabase } from '../store/schema.js'

/** Delivery attempts after which a notice stays in the outbox for an operator to look at. */
export const MAX_DELIVERY_ATTEMPTS = 5

/** An email to queue; `linkId` names the link it is about. */
export interface QueuedEmail {
  recipient: string
  subject: string
  text: string
  linkId: string
}

/** A queued email as stored. */
export type OutboxRow = Selectable<OutboxTable>

/**
 * Queues an email in the outbox. Called inside the transaction of the event it tells of, so that
 * the event and its notice commit together: a crash cannot keep one and lose the other.
 */
export async function queueEmail(
  db: Kysely<StoreDatabase>,
  email: QueuedEmail,
  now: Date,
): Promise<string> {
  const id = `out_${randomBase62(16)}`
  await db
    .insertInto('outbox')
    .values({
      id,
      created_at: now.toISOString(),
      recipient: email.recipient,
      subject: email.subject,
      text: email.text,
      link_id: email.linkId,
      sent_at: null,
      attempts: 0,
    })
    .execute()
  return id
}

/**
 * Takes an unsent row for one delivery attempt, or null when it was sent, given up on, or just
 * taken by another instance: the conditional update lets exactly one claimer through.
 */
export async function claimEmail(db: Kysely<StoreDatabase>, id: string): Promise<OutboxRow | null> {
  const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row || row.sent_at !== null || row.attempts >= MAX_DELIVERY_ATTEMPTS) return null
  const claimed = await db
    .updateTable('outbox')
    .set({ attempts: row.attempts + 1 })
    .where('id', '=', id)
    .where('attempts', '=', row.attempts)
    .where('sent_at', 'is', null)
    .executeTakeFirst()
  return claimed.numUpdatedRows === 1n ? { ...row, attempts: row.attempts + 1 } : null
}

/** Records that SMTP accepted the email. */
export async function markSent(db: Kysely<StoreDatabase>, id: string, now: Date): Promise<void> {
  await db.updateTable('outbox').set({ sent_at: now.toISOString() }).where('id', '=', id).execute()
}

/** Ids of the emails still to send, oldest first. */
export async function unsentEmailIds(db: Kysely<StoreDatabase>): Promise<string[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('attempts', '<', MAX_DELIVERY_ATTEMPTS)
    .orderBy('created_at')
    .execute()
  return rows.map((row) => row.id)
}
