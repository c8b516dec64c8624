import { type Kysely, type Selectable, sql } from 'kysely'
import type { StoreDatabase } from '../store/index.js'
import { isUniqueViolation } from '../store/index.js'
import type { LinksTable, VisitsTable } from '../store/schema.js'
import type { BlobReader, BlobStore } from './blob-store.js'
import { newVisitId } from './ids.js'
import type {
  ComposeNotice,
  LinkRecord,
  LinkStore,
  NewVisit,
  PageDwell,
  StartedVisit,
  VisitState,
} from './link-store.js'
import { queueEmail } from './outbox.js'

/** A link of the library with its view counters, as `GET /api/v1/links` lists it. */
export interface LinkSummary extends LinkRecord {
  totalViews: number
  lastViewAt: string | null
}

/** Views, unique visitors and the latest visit of one link. */
export interface VisitTotals {
  totalViews: number
  visitors: number
  lastVisit: string | null
}

/** One row of a breakdown: a value (country, company, page) and how many visits had it. */
export interface Tally<Key> {
  key: Key
  visits: number
}

/** Per-page reading: visits that saw the page and their summed dwell. */
export interface PageTotals {
  page: number
  views: number
  dwellMs: number
}

/** A visit row as stored. */
export type VisitRecord = Selectable<VisitsTable>

/** Outcome of `insertLink`. */
export type InsertLinkResult = 'created' | 'slot_limit' | 'slug_taken'

/** What the account side of Doc Links reads and writes: the library and its statistics. */
export interface LinkLibrary {
  /**
   * Inserts a link unless the account already has `activeLimit` active links (null: no limit) or
   * the slug is taken. The check and the insert hold the account's row lock together, so two
   * concurrent creations cannot both take the last slot.
   */
  insertLink(link: LinkRecord, activeLimit: number | null, now: Date): Promise<InsertLinkResult>
  /** Links neither revoked nor expired at `now`. */
  countActive(accountId: string, now: Date): Promise<number>
  isSlugTaken(slug: string): Promise<boolean>
  /** Newest first, at most `limit`. */
  list(accountId: string, limit: number): Promise<LinkSummary[]>
  /** A link of this account by id or slug; another account's link is null, like a missing one. */
  findOwned(accountId: string, idOrSlug: string): Promise<LinkRecord | null>
  /** Revokes the link (keeping the first revocation's instant) and returns it. */
  revoke(linkId: string, now: Date): Promise<LinkRecord>
  totals(linkId: string): Promise<VisitTotals>
  countries(linkId: string): Promise<Tally<string>[]>
  companies(linkId: string): Promise<Tally<string>[]>
  pages(linkId: string): Promise<PageTotals[]>
  /** Newest first, at most `limit`. */
  recentVisits(linkId: string, limit: number): Promise<VisitRecord[]>
}

/** Both sides of Doc Links on the store's database, with the PDFs in `blobs`. */
export class KyselyLinkStore implements LinkStore, LinkLibrary {
  readonly #db: Kysely<StoreDatabase>
  readonly #blobs: BlobStore

  constructor(db: Kysely<StoreDatabase>, blobs: BlobStore) {
    this.#db = db
    this.#blobs = blobs
  }

  // ---- the viewer's side ----

  async findBySlug(slug: string): Promise<LinkRecord | null> {
    const row = await this.#db
      .selectFrom('links')
      .selectAll()
      .where('slug', '=', slug)
      .executeTakeFirst()
    return row ? toLinkRecord(row) : null
  }

  async findVisitorByDailyHash(
    linkId: string,
    dailyHash: string,
    since: Date,
  ): Promise<string | null> {
    const row = await this.#db
      .selectFrom('visits')
      .select('visitor')
      .where('link_id', '=', linkId)
      .where('daily_hash', '=', dailyHash)
      .where('started_at', '>=', since.toISOString())
      .orderBy('started_at', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row?.visitor ?? null
  }

  async startVisit(visit: NewVisit, now: Date, notice?: ComposeNotice): Promise<StartedVisit> {
    const startedAt = now.toISOString()
    const visitId = newVisitId()
    return this.#db.transaction().execute(async (trx) => {
      await trx
        .insertInto('visits')
        .values({
          id: visitId,
          link_id: visit.linkId,
          visitor: visit.visitor,
          daily_hash: visit.dailyHash,
          started_at: startedAt,
          last_seen_at: startedAt,
          email: visit.email ?? null,
          country: visit.country ?? null,
          company: visit.company ?? null,
          network: visit.network ?? null,
          device: visit.device ?? null,
          pages_viewed: 0,
          duration_ms: 0,
        })
        .execute()
      // Conditional on the column still being empty: of concurrent first opens, one matches.
      const claimed = await trx
        .updateTable('links')
        .set({ first_opened_at: startedAt })
        .where('id', '=', visit.linkId)
        .where('first_opened_at', 'is', null)
        .executeTakeFirst()
      const firstOpen = claimed.numUpdatedRows === 1n
      if (!firstOpen || notice === undefined) return { visitId, startedAt, firstOpen }
      const owner = await trx
        .selectFrom('links')
        .innerJoin('accounts', 'accounts.id', 'links.account_id')
        .select('accounts.email')
        .where('links.id', '=', visit.linkId)
        .executeTakeFirstOrThrow()
      const email = notice(owner.email)
      const noticeId = await queueEmail(
        trx,
        { recipient: owner.email, ...email, linkId: visit.linkId },
        now,
      )
      return { visitId, startedAt, firstOpen, noticeId }
    })
  }

  async getVisit(visitId: string): Promise<VisitState | null> {
    const row = await this.#db
      .selectFrom('visits')
      .select(['id', 'link_id', 'visitor', 'started_at', 'last_seen_at'])
      .where('id', '=', visitId)
      .executeTakeFirst()
    if (!row) return null
    return {
      id: row.id,
      linkId: row.link_id,
      visitor: row.visitor,
      startedAt: row.started_at,
      lastSeenAt: row.last_seen_at,
    }
  }

  async recordDwell(visitId: string, dwell: readonly PageDwell[], now: Date): Promise<void> {
    const addedMs = dwell.reduce((sum, entry) => sum + entry.ms, 0)
    await this.#db.transaction().execute(async (trx) => {
      // A write first: on SQLite that takes the write lock at once, where a read first could
      // fail to upgrade when another process wrote in between.
      const visit = await trx
        .updateTable('visits')
        .set({
          last_seen_at: now.toISOString(),
          duration_ms: sql<number>`duration_ms + ${addedMs}`,
        })
        .where('id', '=', visitId)
        .returning('link_id')
        .executeTakeFirst()
      if (!visit) throw new Error(`No visit ${visitId}`)
      // One statement for the batch; a page named twice is summed first, as one row may be
      // inserted or updated only once per statement.
      const byPage = new Map<number, number>()
      for (const { page, ms } of dwell) byPage.set(page, (byPage.get(page) ?? 0) + ms)
      if (byPage.size > 0) {
        await trx
          .insertInto('page_views')
          .values(
            [...byPage].map(([page, ms]) => ({
              visit_id: visitId,
              link_id: visit.link_id,
              page,
              dwell_ms: ms,
            })),
          )
          .onConflict((conflict) =>
            conflict
              .columns(['visit_id', 'page'])
              .doUpdateSet({ dwell_ms: sql<number>`page_views.dwell_ms + excluded.dwell_ms` }),
          )
          .execute()
      }
      await trx
        .updateTable('visits')
        .set({
          pages_viewed: (eb) =>
            eb
              .selectFrom('page_views')
              .select((inner) => inner.fn.countAll<number>().as('pages'))
              .where('visit_id', '=', visitId),
        })
        .where('id', '=', visitId)
        .execute()
    })
  }

  openPdf(link: LinkRecord): Promise<BlobReader | null> {
    return this.#blobs.open(link.blobKey)
  }

  // ---- the account's side ----

  async insertLink(
    link: LinkRecord,
    activeLimit: number | null,
    now: Date,
  ): Promise<InsertLinkResult> {
    try {
      return await this.#db.transaction().execute(async (trx) => {
        // A write to the account row first: on PostgreSQL it locks the row until commit, on
        // SQLite it takes the database's write lock; either way concurrent creations for this
        // account queue here and each sees the others' links when it counts.
        await trx
          .updateTable('accounts')
          .set({ plan: sql`plan` })
          .where('id', '=', link.accountId)
          .execute()
        if (activeLimit !== null) {
          const active = await countActiveLinks(trx, link.accountId, now)
          if (active >= activeLimit) return 'slot_limit'
        }
        await trx.insertInto('links').values(toLinkRow(link)).execute()
        return 'created'
      })
    } catch (error) {
      if (isUniqueViolation(error)) return 'slug_taken'
      throw error
    }
  }

  countActive(accountId: string, now: Date): Promise<number> {
    return countActiveLinks(this.#db, accountId, now)
  }

  async isSlugTaken(slug: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('links')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirst()
    return row !== undefined
  }

  async list(accountId: string, limit: number): Promise<LinkSummary[]> {
    const rows = await this.#db
      .selectFrom('links')
      .selectAll('links')
      .select((eb) => [
        eb
          .selectFrom('visits')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('visits.link_id', '=', 'links.id')
          .as('total_views'),
        eb
          .selectFrom('visits')
          .select((inner) => inner.fn.max('visits.started_at').as('last'))
          .whereRef('visits.link_id', '=', 'links.id')
          .as('last_view_at'),
      ])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
    return rows.map((row) => ({
      ...toLinkRecord(row),
      totalViews: Number(row.total_views ?? 0),
      lastViewAt: row.last_view_at ?? null,
    }))
  }

  async findOwned(accountId: string, idOrSlug: string): Promise<LinkRecord | null> {
    const row = await this.#db
      .selectFrom('links')
      .selectAll()
      .where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
      .executeTakeFirst()
    return row ? toLinkRecord(row) : null
  }

  async revoke(linkId: string, now: Date): Promise<LinkRecord> {
    const row = await this.#db
      .updateTable('links')
      .set({ revoked_at: sql<string>`coalesce(revoked_at, ${now.toISOString()})` })
      .where('id', '=', linkId)
      .returningAll()
      .executeTakeFirstOrThrow()
    return toLinkRecord(row)
  }

  async totals(linkId: string): Promise<VisitTotals> {
    const row = await this.#db
      .selectFrom('visits')
      .select((eb) => [
        eb.fn.countAll().as('views'),
        eb.fn.count('visitor').distinct().as('visitors'),
        eb.fn.max('started_at').as('last'),
      ])
      .where('link_id', '=', linkId)
      .executeTakeFirstOrThrow()
    return {
      totalViews: Number(row.views),
      visitors: Number(row.visitors),
      lastVisit: row.last ?? null,
    }
  }

  countries(linkId: string): Promise<Tally<string>[]> {
    return this.#tally(linkId, 'country')
  }

  companies(linkId: string): Promise<Tally<string>[]> {
    return this.#tally(linkId, 'company')
  }

  async pages(linkId: string): Promise<PageTotals[]> {
    const rows = await this.#db
      .selectFrom('page_views')
      .select((eb) => [
        'page',
        eb.fn.countAll().as('views'),
        eb.fn.sum<number | string>('dwell_ms').as('dwell'),
      ])
      .where('link_id', '=', linkId)
      .groupBy('page')
      .orderBy('page')
      .execute()
    return rows.map((row) => ({
      page: row.page,
      views: Number(row.views),
      dwellMs: Number(row.dwell),
    }))
  }

  recentVisits(linkId: string, limit: number): Promise<VisitRecord[]> {
    return this.#db
      .selectFrom('visits')
      .selectAll()
      .where('link_id', '=', linkId)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  }

  async #tally(linkId: string, column: 'country' | 'company'): Promise<Tally<string>[]> {
    const rows = await this.#db
      .selectFrom('visits')
      .select((eb) => [eb.ref(column).as('key'), eb.fn.countAll().as('visits')])
      .where('link_id', '=', linkId)
      .where(column, 'is not', null)
      .groupBy(column)
      .orderBy('visits', 'desc')
      .orderBy(column)
      .execute()
    return rows.map((row) => ({ key: row.key as string, visits: Number(row.visits) }))
  }
}

async function countActiveLinks(
  db: Kysely<StoreDatabase>,
  accountId: string,
  now: Date,
): Promise<number> {
  const row = await db
    .selectFrom('links')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now.toISOString())]))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

function toLinkRecord(row: Selectable<LinksTable>): LinkRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    slug: row.slug,
    name: row.name,
    blobKey: row.blob_key,
    sizeBytes: row.size_bytes,
    sha256: row.sha256,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    notifyOnOpen: Boolean(row.notify_on_open),
    allowDownload: Boolean(row.allow_download),
  }
}

function toLinkRow(link: LinkRecord): Selectable<LinksTable> {
  return {
    id: link.id,
    account_id: link.accountId,
    slug: link.slug,
    name: link.name,
    blob_key: link.blobKey,
    size_bytes: link.sizeBytes,
    sha256: link.sha256,
    created_at: link.createdAt,
    expires_at: link.expiresAt,
    revoked_at: link.revokedAt,
    notify_on_open: link.notifyOnOpen ? 1 : 0,
    allow_download: link.allowDownload ? 1 : 0,
    first_opened_at: null,
  }
}
