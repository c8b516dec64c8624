import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import type { Store } from '../../src/store/index.js'
import type { Ledger, LoadAccount } from './load.js'

/** Where the stored PDFs are: files beside SQLite, the `blobs` table on PostgreSQL. */
export interface BlobAccess {
  /** Keys of every stored PDF. */
  keys(): Promise<string[]>
  read(key: string): Promise<Uint8Array | null>
  /** Temporary files of interrupted writes (none on PostgreSQL). */
  tempFiles(): string[]
}

/** Suffix of the file store's temporary files (src/links/file-blob-store.ts). */
const TEMP_SUFFIX = '.partial'

/** The blob directory of a SQLite data directory, read straight from the disk. */
export function fileBlobs(dataDir: string): BlobAccess {
  const directory = join(dataDir, 'blobs')
  const names = () => readdirSync(directory)
  return {
    keys: async () =>
      names()
        .filter((name) => name.endsWith('.pdf'))
        .map((name) => name.slice(0, -'.pdf'.length)),
    async read(key) {
      try {
        return readFileSync(join(directory, `${key}.pdf`))
      } catch {
        return null
      }
    },
    tempFiles: () => names().filter((name) => name.endsWith(TEMP_SUFFIX)),
  }
}

/** The `blobs` table, read through the store's connection. */
export function tableBlobs(store: Store): BlobAccess {
  return {
    async keys() {
      const rows = await store.db.selectFrom('blobs').select('key').execute()
      return rows.map((row) => row.key)
    },
    async read(key) {
      const row = await store.db
        .selectFrom('blobs')
        .select('bytes')
        .where('key', '=', key)
        .executeTakeFirst()
      return row === undefined ? null : new Uint8Array(row.bytes)
    },
    tempFiles: () => [],
  }
}

/** Counts the final check reports beside its verdict. */
export interface DurabilityFacts {
  linksAcknowledged: number
  linkRows: number
  creationsInDoubt: number
  /** Creations whose answer was lost but whose link was committed. */
  creationsInDoubtCommitted: number
  /** Stored PDFs no link points to: garbage of creations killed between the bytes and the row. */
  orphanBlobs: number
  tempFiles: number
  revocationsAcknowledged: number
  visitsAcknowledged: number
  visitRows: number
  pageViewRows: number
  /**
   * Links whose first open was claimed (`first_opened_at`) with `notify_on_open` but that have no
   * notice in the outbox. The notice commits with the visit that claims the open, so there must
   * be none.
   */
  firstOpenNoticesLost: number
  usageRows: number
  extractionRefusals: number
  integrityCheck: string
}

/** What the final check found: broken promises (`problems`) and what else is worth knowing. */
export interface Verification {
  problems: string[]
  facts: DurabilityFacts
}

/**
 * Checks the database and blobs of a stopped server against every write the load sent:
 * acknowledged writes are all there (links with bytes of the right SHA-256, revocations, visits,
 * dwell, charges), refused ones left nothing, in-doubt ones are within bounds, the counters match
 * the usage ledger and the storage itself is sound.
 */
export async function verifyDurability(
  store: Store,
  blobs: BlobAccess,
  ledger: Ledger,
  accounts: readonly LoadAccount[],
): Promise<Verification> {
  const problems: string[] = []
  const facts: DurabilityFacts = {
    linksAcknowledged: 0,
    linkRows: 0,
    creationsInDoubt: 0,
    creationsInDoubtCommitted: 0,
    orphanBlobs: 0,
    tempFiles: 0,
    revocationsAcknowledged: 0,
    visitsAcknowledged: 0,
    visitRows: 0,
    pageViewRows: 0,
    firstOpenNoticesLost: 0,
    usageRows: 0,
    extractionRefusals: 0,
    integrityCheck: 'not run',
  }
  const problem = (text: string) => {
    // A broken run can break hundreds of promises; the first ones tell the story.
    if (problems.length < 50) problems.push(text)
  }

  // ---- links and their bytes ----
  const links = await store.db.selectFrom('links').selectAll().execute()
  const linkById = new Map(links.map((link) => [link.id, link]))
  const blobKeys = new Set(await blobs.keys())
  for (const [id, expected] of ledger.links) {
    const row = linkById.get(id)
    if (row === undefined) {
      problem(`acknowledged link ${id} (${expected.path}) is missing`)
      continue
    }
    if (row.sha256 !== expected.sha256 || row.size_bytes !== expected.sizeBytes) {
      problem(`link ${id} records ${row.sha256}/${row.size_bytes}, served ${expected.sha256}`)
    }
    if (row.account_id !== expected.accountId || row.slug !== expected.slug) {
      problem(`link ${id} has another account or slug than acknowledged`)
    }
  }
  let inDoubtCommitted = 0
  for (const row of links) {
    const creation = ledger.creations.get(row.sha256)
    if (creation === undefined) problem(`link ${row.id} holds bytes the load never served`)
    else if (creation.outcome === 'refused') problem(`refused creation ${row.id} was stored`)
    else if (creation.outcome === 'in-doubt') inDoubtCommitted++
    // Every committed link, acknowledged or not, must be able to serve its bytes.
    const bytes = await blobs.read(row.blob_key)
    if (bytes === null) problem(`link ${row.id} has no stored PDF`)
    else if (sha256(bytes) !== row.sha256) problem(`the PDF of link ${row.id} is corrupt`)
  }
  const creationsInDoubt = [...ledger.creations.values()].filter(
    (creation) => creation.outcome === 'in-doubt',
  ).length
  const orphanBlobs = [...blobKeys].filter((key) => !linkById.has(key)).length
  // A creation stores the PDF before its row: a kill in between leaves bytes nothing points to.
  if (orphanBlobs > creationsInDoubt - inDoubtCommitted) {
    problem(`${orphanBlobs} orphan PDFs, more than the ${creationsInDoubt} creations in doubt`)
  }
  Object.assign(facts, {
    linksAcknowledged: ledger.links.size,
    linkRows: links.length,
    creationsInDoubt,
    creationsInDoubtCommitted: inDoubtCommitted,
    orphanBlobs,
    tempFiles: blobs.tempFiles().length,
  })
  if (blobs.tempFiles().length > 0) {
    problem(`temporary files left in the blob store: ${blobs.tempFiles().join(', ')}`)
  }

  // ---- revocations ----
  for (const id of ledger.revoked) {
    if (linkById.get(id)?.revoked_at == null) problem(`acknowledged revocation of ${id} is lost`)
  }
  for (const row of links) {
    if (row.revoked_at !== null && !ledger.revokeSent.has(row.id)) {
      problem(`link ${row.id} is revoked although no revocation was sent`)
    }
  }
  facts.revocationsAcknowledged = ledger.revoked.size

  // ---- visits and dwell ----
  const visits = await store.db.selectFrom('visits').selectAll().execute()
  const pageViews = await store.db.selectFrom('page_views').selectAll().execute()
  const visitById = new Map(visits.map((visit) => [visit.id, visit]))
  const dwellOf = new Map<string, Map<number, number>>()
  for (const view of pageViews) {
    const pages = dwellOf.get(view.visit_id) ?? new Map<number, number>()
    pages.set(view.page, view.dwell_ms)
    dwellOf.set(view.visit_id, pages)
  }
  for (const [id, expected] of ledger.visits) {
    const row = visitById.get(id)
    if (row === undefined) {
      problem(`acknowledged visit ${id} is missing`)
      continue
    }
    if (row.link_id !== expected.linkId) problem(`visit ${id} belongs to another link`)
    const stored = dwellOf.get(id) ?? new Map<number, number>()
    for (const page of new Set([...expected.ackedMs.keys(), ...expected.doubtMs.keys()])) {
      const acked = expected.ackedMs.get(page) ?? 0
      const most = acked + (expected.doubtMs.get(page) ?? 0)
      const dwell = stored.get(page) ?? 0
      if (dwell < acked || dwell > most) {
        problem(`visit ${id} page ${page}: ${dwell} ms stored, ${acked}-${most} ms expected`)
      }
    }
  }
  if (visits.length > ledger.visits.size + ledger.visitsInDoubt) {
    problem(
      `${visits.length} visits stored, more than the ${ledger.visits.size} acknowledged and ${ledger.visitsInDoubt} in doubt`,
    )
  }
  // recordDwell changes a visit and its pages in one transaction: they always agree.
  for (const visit of visits) {
    const pages = dwellOf.get(visit.id) ?? new Map<number, number>()
    const total = [...pages.values()].reduce((sum, ms) => sum + ms, 0)
    if (visit.duration_ms !== total || visit.pages_viewed !== pages.size) {
      problem(
        `visit ${visit.id} says ${visit.duration_ms} ms on ${visit.pages_viewed} pages, its pages ${total} ms on ${pages.size}`,
      )
    }
  }
  const noticed = new Set(
    (await store.db.selectFrom('outbox').select('link_id').execute()).map((row) => row.link_id),
  )
  facts.firstOpenNoticesLost = links.filter(
    (link) => link.first_opened_at !== null && link.notify_on_open === 1 && !noticed.has(link.id),
  ).length
  if (facts.firstOpenNoticesLost > 0) {
    problem(`${facts.firstOpenNoticesLost} first opens have no notice in the outbox`)
  }
  Object.assign(facts, {
    visitsAcknowledged: ledger.visits.size,
    visitRows: visits.length,
    pageViewRows: pageViews.length,
  })

  // ---- page charges and the usage ledger ----
  const usage = await store.db.selectFrom('usage').selectAll().execute()
  let usageRows = 0
  for (const account of accounts) {
    const row = await store.getAccount(account.id)
    if (row === null) {
      problem(`account ${account.id} is missing`)
      continue
    }
    const rows = usage.filter((each) => each.account_id === account.id)
    usageRows += rows.length
    const total = (column: 'pages' | 'credit_pages', month?: string) =>
      rows
        .filter((each) => month === undefined || each.month === month)
        .reduce((sum, each) => sum + each[column], 0)
    if (row.monthPages !== total('pages', row.usageMonth)) {
      problem(
        `account ${account.id}: month_pages ${row.monthPages}, usage rows of ${row.usageMonth} add up to ${total('pages', row.usageMonth)}`,
      )
    }
    if (account.credits - row.credits !== total('credit_pages')) {
      problem(
        `account ${account.id}: ${account.credits - row.credits} credits spent, usage rows say ${total('credit_pages')}`,
      )
    }
    const tally = ledger.chargesOf(account.id)
    const charged = total('pages') - account.seedPages
    if (charged < tally.acked || charged > tally.acked + tally.doubt) {
      problem(
        `account ${account.id}: ${charged} pages charged, ${tally.acked} acknowledged and ${tally.doubt} in doubt`,
      )
    }
  }
  facts.usageRows = usageRows
  facts.extractionRefusals = [...ledger.charges.values()].reduce(
    (sum, tally) => sum + tally.refusals,
    0,
  )

  // ---- the database itself ----
  if (store.dialect === 'sqlite') {
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
      store.db,
    )
    const verdict = integrity.rows.map((row) => row.integrity_check).join('; ')
    if (verdict !== 'ok') problem(`SQLite integrity_check: ${verdict}`)
    const foreign = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(store.db)
    if (foreign.rows.length > 0)
      problem(`SQLite foreign_key_check: ${JSON.stringify(foreign.rows)}`)
    facts.integrityCheck = verdict
  } else {
    // PostgreSQL recovers its own files (only our server was killed, never the database); what
    // is ours to check is that no row points nowhere: the foreign keys and the blob checks above
    // cover links, and this the rows the dwell of a visit is kept in.
    const counts = await sql<{ n: string }>`
      select count(*) as n from page_views p left join visits v on v.id = p.visit_id
      where v.id is null`.execute(store.db)
    if (Number(counts.rows[0]?.n) !== 0) problem('page views without their visit')
    facts.integrityCheck = 'foreign keys'
  }
  return { problems, facts }
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}
