// What the Doc Link store must do on every database: link-store.sqlite.test.ts and
// link-store.postgres.test.ts run it.

import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlobStore } from '../../src/links/blob-store.js'
import { newLinkId, newSlug } from '../../src/links/ids.js'
import { KyselyLinkStore } from '../../src/links/kysely-link-store.js'
import type { LinkRecord, NewVisit } from '../../src/links/link-store.js'
import { ORPHAN_BLOB_MIN_AGE_MS, removeOrphanBlobs } from '../../src/links/orphan-blobs.js'
import type { Store } from '../../src/store/index.js'
import { expectSameBytes, readWhole } from '../read-blob.js'

/** One database for one run of the contract. */
export interface LinkStoreTarget {
  /** Opens another store (its own connections) on the target's database. */
  open(): Promise<Store>
  /** The blob store a server on this database uses. */
  blobs(store: Store): Promise<BlobStore>
  cleanup(): Promise<void>
}

const NOW = new Date('2026-05-01T10:00:00.000Z')
const LATER = new Date('2026-05-01T10:00:30.000Z')

/** Declares the contract suite; `skipReason` skips it and shows why in the suite's name. */
export function describeLinkStoreContract(
  name: string,
  createTarget: () => Promise<LinkStoreTarget>,
  skipReason?: string,
): void {
  const title = skipReason
    ? `${name} link store contract (skipped: ${skipReason})`
    : `${name} link store contract`
  describe.skipIf(skipReason !== undefined)(title, () => {
    let target: LinkStoreTarget
    const stores: Store[] = []
    let links: KyselyLinkStore
    let other: KyselyLinkStore
    let blobs: BlobStore

    beforeAll(async () => {
      target = await createTarget()
      for (let i = 0; i < 2; i++) stores.push(await target.open())
      const [first, second] = stores as [Store, Store]
      blobs = await target.blobs(first)
      links = new KyselyLinkStore(first.db, blobs)
      other = new KyselyLinkStore(second.db, await target.blobs(second))
    })

    afterAll(async () => {
      await Promise.all([...new Set(stores)].map((store) => store.close()))
      await target?.cleanup()
    })

    async function newAccount(plan: 'free' | 'pro' = 'free'): Promise<string> {
      const email = `links-${Math.random().toString(36).slice(2)}@example.com`
      return (await (stores[0] as Store).createAccount({ email, plan })).account.id
    }

    const db = () => (stores[0] as Store).db

    function linkOf(accountId: string, overrides: Partial<LinkRecord> = {}): LinkRecord {
      const id = newLinkId()
      return {
        id,
        accountId,
        slug: newSlug(),
        name: 'report.pdf',
        blobKey: id,
        sizeBytes: 10,
        sha256: '0'.repeat(64),
        createdAt: NOW.toISOString(),
        expiresAt: null,
        revokedAt: null,
        notifyOnOpen: true,
        allowDownload: true,
        ...overrides,
      }
    }

    function visitOf(linkId: string, overrides: Partial<NewVisit> = {}): NewVisit {
      return { linkId, visitor: 'vst_a', dailyHash: 'day-a', ...overrides }
    }

    it('stores a link and finds it by slug, and by id or slug for its own account only', async () => {
      const owner = await newAccount()
      const stranger = await newAccount()
      const link = linkOf(owner)
      expect(await links.insertLink(link, null, NOW)).toBe('created')
      expect(await links.findBySlug(link.slug)).toEqual(link)
      expect(await other.findOwned(owner, link.id)).toEqual(link)
      expect(await other.findOwned(owner, link.slug)).toEqual(link)
      expect(await links.findOwned(stranger, link.id)).toBeNull()
      expect(await links.findOwned(stranger, link.slug)).toBeNull()
    })

    it('refuses a slug that is taken', async () => {
      const account = await newAccount('pro')
      const first = linkOf(account, { slug: `taken-${Math.random().toString(36).slice(2)}` })
      expect(await links.insertLink(first, null, NOW)).toBe('created')
      expect(await links.insertLink(linkOf(account, { slug: first.slug }), null, NOW)).toBe(
        'slug_taken',
      )
      expect(await links.isSlugTaken(first.slug)).toBe(true)
    })

    it('never lets concurrent creations on two connections exceed the active-link limit', async () => {
      const account = await newAccount()
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 === 0 ? links : other).insertLink(linkOf(account), 3, NOW),
        ),
      )
      expect(results.filter((result) => result === 'created')).toHaveLength(3)
      expect(results.filter((result) => result === 'slot_limit')).toHaveLength(5)
      expect(await links.countActive(account, NOW)).toBe(3)
    })

    it('counts neither revoked nor expired links as active', async () => {
      const account = await newAccount()
      const revoked = linkOf(account)
      const expiring = linkOf(account, { expiresAt: LATER.toISOString() })
      await links.insertLink(revoked, null, NOW)
      await links.insertLink(expiring, null, NOW)
      await links.insertLink(linkOf(account), null, NOW)
      expect(await links.countActive(account, NOW)).toBe(3)
      const first = await links.revoke(revoked.id, NOW)
      const again = await links.revoke(revoked.id, LATER)
      expect(again.revokedAt).toBe(first.revokedAt)
      expect(await links.countActive(account, NOW)).toBe(2)
      expect(await links.countActive(account, LATER)).toBe(1)
    })

    it('claims the first open exactly once among concurrent visits on two connections, queueing one notice', async () => {
      const accountId = await newAccount()
      const link = linkOf(accountId)
      await links.insertLink(link, null, NOW)
      const compose = (ownerEmail: string) => ({ subject: 'opened', text: `for ${ownerEmail}` })
      const started = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 === 0 ? links : other).startVisit(
            visitOf(link.id, { visitor: `vst_${i}` }),
            NOW,
            compose,
          ),
        ),
      )
      const first = started.filter((visit) => visit.firstOpen)
      expect(first).toHaveLength(1)
      expect(started.filter((visit) => visit.noticeId !== undefined)).toEqual(first)
      expect(new Set(started.map((visit) => visit.visitId)).size).toBe(10)
      const later = await links.startVisit(visitOf(link.id), LATER, compose)
      expect(later).toMatchObject({ firstOpen: false })
      expect(later.noticeId).toBeUndefined()
      // The notice was committed with the visit: it waits in the outbox, addressed to the owner.
      const owner = await (stores[0] as Store).getAccount(accountId)
      const queued = await (stores[0] as Store).db
        .selectFrom('outbox')
        .selectAll()
        .where('link_id', '=', link.id)
        .execute()
      expect(queued).toMatchObject([
        {
          id: first[0]?.noticeId,
          recipient: owner?.email,
          subject: 'opened',
          text: `for ${owner?.email}`,
          sent_at: null,
        },
      ])
    })

    it('adds up dwell per page and per visit, and summarises the visits', async () => {
      const link = linkOf(await newAccount('pro'))
      await links.insertLink(link, null, NOW)
      const a = await links.startVisit(
        visitOf(link.id, { visitor: 'vst_a', country: 'DE', company: 'Acme' }),
        NOW,
      )
      const b = await links.startVisit(
        visitOf(link.id, { visitor: 'vst_b', country: 'DE', network: 'isp' }),
        NOW,
      )
      await links.startVisit(visitOf(link.id, { visitor: 'vst_a', country: 'FR' }), LATER)
      await links.recordDwell(
        a.visitId,
        [
          { page: 1, ms: 4000 },
          { page: 2, ms: 1000 },
        ],
        NOW,
      )
      await other.recordDwell(a.visitId, [{ page: 2, ms: 2000 }], LATER)
      await links.recordDwell(b.visitId, [{ page: 1, ms: 2000 }], LATER)

      const visit = await links.getVisit(a.visitId)
      expect(visit).toMatchObject({
        linkId: link.id,
        visitor: 'vst_a',
        lastSeenAt: LATER.toISOString(),
      })
      expect(await links.totals(link.id)).toEqual({
        totalViews: 3,
        visitors: 2,
        lastVisit: LATER.toISOString(),
      })
      expect(await links.pages(link.id)).toEqual([
        { page: 1, views: 2, dwellMs: 6000 },
        { page: 2, views: 1, dwellMs: 3000 },
      ])
      expect(await links.countries(link.id)).toEqual([
        { key: 'DE', visits: 2 },
        { key: 'FR', visits: 1 },
      ])
      expect(await links.companies(link.id)).toEqual([{ key: 'Acme', visits: 1 }])
      const recent = await links.recentVisits(link.id, 10)
      expect(recent.map((row) => row.started_at)).toEqual([
        LATER.toISOString(),
        NOW.toISOString(),
        NOW.toISOString(),
      ])
      const rowA = recent.find((row) => row.id === a.visitId)
      expect(rowA).toMatchObject({ pages_viewed: 2, duration_ms: 7000 })
    })

    it('finds today’s visitor again by the daily hash', async () => {
      const link = linkOf(await newAccount())
      await links.insertLink(link, null, NOW)
      await links.startVisit(visitOf(link.id, { visitor: 'vst_same', dailyHash: 'h1' }), NOW)
      const dayStart = new Date('2026-05-01T00:00:00.000Z')
      expect(await links.findVisitorByDailyHash(link.id, 'h1', dayStart)).toBe('vst_same')
      expect(await links.findVisitorByDailyHash(link.id, 'h2', dayStart)).toBeNull()
      expect(await links.findVisitorByDailyHash(link.id, 'h1', LATER)).toBeNull()
    })

    it('lists an account’s links newest first with their views', async () => {
      const account = await newAccount('pro')
      const old = linkOf(account, { createdAt: NOW.toISOString() })
      const recent = linkOf(account, { createdAt: LATER.toISOString() })
      await links.insertLink(old, null, NOW)
      await links.insertLink(recent, null, LATER)
      await links.startVisit(visitOf(old.id), LATER)
      const listed = await other.list(account, 100)
      expect(listed.map((link) => [link.id, link.totalViews, link.lastViewAt])).toEqual([
        [recent.id, 0, null],
        [old.id, 1, LATER.toISOString()],
      ])
      expect(await other.list(account, 1)).toHaveLength(1)
    })

    it('removes stored PDFs that no link points to, once they are old enough', async () => {
      const bytes = new TextEncoder().encode('%PDF-1.7 orphan test')
      const linked = linkOf(await newAccount())
      await blobs.put(linked.blobKey, bytes)
      await links.insertLink(linked, null, NOW)
      const orphan = newLinkId()
      await blobs.put(orphan, bytes)
      const now = new Date()
      // Too young: it could belong to a creation that has not committed its row yet.
      expect(await removeOrphanBlobs(db(), blobs, now)).toBe(0)
      const later = new Date(now.getTime() + ORPHAN_BLOB_MIN_AGE_MS + 1000)
      expect(await removeOrphanBlobs(db(), blobs, later)).toBe(1)
      expect(await blobs.open(orphan)).toBeNull()
      expect(await readWhole(blobs.open(linked.blobKey))).toEqual(bytes)
    })

    it('keeps PDF bytes under their key until deleted', async () => {
      const bytes = new TextEncoder().encode('%PDF-1.7 test bytes')
      const key = newLinkId()
      const stored = await blobs.put(key, bytes)
      expect(stored).toEqual({
        sizeBytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      })
      expect(await readWhole(blobs.open(key))).toEqual(bytes)
      await blobs.delete(key)
      expect(await blobs.open(key)).toBeNull()
      await blobs.delete(key)
      await expect(blobs.put('../escape', bytes)).rejects.toThrow(/Invalid blob key/)
    })

    it('streams stored PDF bytes in chunks, whole and in order', async () => {
      // Larger than one chunk of the database store, not a multiple of it.
      const bytes = new Uint8Array(2.5 * 1024 * 1024 + 7)
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251
      const key = newLinkId()
      await blobs.put(key, bytes)
      const opened = blobs.open(key)
      expect((await opened)?.sizeBytes).toBe(bytes.byteLength)
      expectSameBytes(await readWhole(opened), bytes)
      await blobs.delete(key)
      expect(await blobs.open(key)).toBeNull()
    })
  })
}
