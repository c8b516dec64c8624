// The behaviour every Store must show, whatever database is underneath. store.sqlite.test.ts and
// store.postgres.test.ts run it; a new backend passes it before anything else uses it.

import { PdfxError } from '@pdfx/schema'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { generateApiKey, hashApiKey } from '../../src/store/api-key'
import { clientBucketHash } from '../../src/store/client-bucket'
import type { Store } from '../../src/store/store'

/** One database for one run of the contract. */
export interface StoreTarget {
  /** Opens another store on the target's database; all of them see the same data. */
  open(options: { now: () => Date }): Promise<Store>
  /** Deletes the database; every store opened on it is closed by then. */
  cleanup(): Promise<void>
}

const ANONYMOUS_DAILY_LIMIT = 25

/** Declares the contract suite; `skipReason` skips it and shows why in the suite's name. */
export function describeStoreContract(
  name: string,
  createTarget: () => Promise<StoreTarget>,
  skipReason?: string,
): void {
  const title = skipReason
    ? `${name} store contract (skipped: ${skipReason})`
    : `${name} store contract`
  describe.skipIf(skipReason !== undefined)(title, () => {
    let target: StoreTarget
    let store: Store
    const opened: Store[] = []
    // Mutable time shared by every store of the suite; tests move it when instants matter.
    const START = new Date('2025-01-01T00:00:00.000Z')
    let currentTime = START
    const clock = () => currentTime
    beforeEach(() => {
      currentTime = START
    })

    async function openAnother(): Promise<Store> {
      const another = await target.open({ now: clock })
      opened.push(another)
      return another
    }

    beforeAll(async () => {
      target = await createTarget()
      store = await openAnother()
    })

    afterAll(async () => {
      await Promise.all(opened.map((each) => each.close()))
      await target?.cleanup()
    })

    let accounts = 0
    function uniqueEmail(): string {
      accounts += 1
      return `user${accounts}-${Math.random().toString(36).slice(2)}@example.com`
    }

    describe('accounts and API keys', () => {
      it('creates an account with a first key that is shown once and works', async () => {
        const email = uniqueEmail()
        const { account, apiKey, key } = await store.createAccount({ email, plan: 'free' })

        expect(account).toMatchObject({ email, plan: 'free', credits: 0, monthPages: 0 })
        expect(account.id).toMatch(/^acc_[0-9A-Za-z]{16}$/)
        expect(apiKey).toMatch(/^pdfx_[0-9A-Za-z]{36}$/)
        expect(key).toMatchObject({ accountId: account.id, prefix: apiKey.slice(0, 9) })
        expect(await store.authenticate(apiKey)).toEqual({ account, keyId: key.id })
        expect(await store.getAccount(account.id)).toEqual(account)
        expect(await store.findAccountByEmail(` ${email.toUpperCase()} `)).toEqual(account)

        const listed = await store.listApiKeys(account.id)
        expect(listed.map((each) => each.id)).toEqual([key.id])
        expect(JSON.stringify(listed)).not.toContain(apiKey.slice(9))
      })

      it('refuses a second account with the same email in another case', async () => {
        const email = uniqueEmail()
        await store.createAccount({ email, plan: 'free' })
        const again = store.createAccount({ email: email.toUpperCase(), plan: 'pro' })
        await expect(again).rejects.toBeInstanceOf(PdfxError)
        await expect(again).rejects.toMatchObject({ code: 'invalid_request' })
      })

      it('answers null for unknown accounts and emails', async () => {
        expect(await store.getAccount('acc_doesnotexist0000')).toBeNull()
        expect(await store.findAccountByEmail('nobody@example.com')).toBeNull()
        expect(await store.remainingPages('acc_doesnotexist0000')).toBeNull()
      })

      it('creates more named keys, each working on its own', async () => {
        const { account, key: first } = await store.createAccount({
          email: uniqueEmail(),
          plan: 'pro',
        })
        const second = await store.createApiKey(account.id, 'ci')

        expect(second.key).toMatchObject({ accountId: account.id, name: 'ci', revokedAt: null })
        expect(second.secret).toMatch(/^pdfx_/)
        expect((await store.authenticate(second.secret))?.keyId).toBe(second.key.id)
        expect((await store.listApiKeys(account.id)).map((each) => each.id).sort()).toEqual(
          [first.id, second.key.id].sort(),
        )
      })

      it('refuses a key for an unknown account with not_found', async () => {
        await expect(store.createApiKey('acc_doesnotexist0000')).rejects.toMatchObject({
          code: 'not_found',
        })
      })

      it('refuses a key with a wrong checksum without asking the database', async () => {
        const { apiKey } = await store.createAccount({ email: uniqueEmail(), plan: 'free' })
        const last = apiKey.at(-1) === 'a' ? 'b' : 'a'
        const typo = `${apiKey.slice(0, -1)}${last}`
        expect(await store.authenticate(typo)).toBeNull()
        expect(await store.authenticate(`${apiKey}x`)).toBeNull()
        expect(await store.authenticate('')).toBeNull()

        // A closed store fails on any query, so a null from it proves no query was made.
        const closed = await openAnother()
        await closed.close()
        expect(await closed.authenticate(typo)).toBeNull()
        await expect(closed.authenticate(apiKey)).rejects.toThrow()
      })

      it('refuses a well-formed key that was never issued', async () => {
        expect(await store.authenticate(generateApiKey())).toBeNull()
      })

      it('revokes a key idempotently, leaving the other keys working', async () => {
        const { account, apiKey, key } = await store.createAccount({
          email: uniqueEmail(),
          plan: 'free',
        })
        const other = await store.createApiKey(account.id)
        currentTime = new Date('2025-01-20T08:00:00.000Z')

        const revoked = await store.revokeApiKey(account.id, key.id)
        expect(revoked?.revokedAt).toBe('2025-01-20T08:00:00.000Z')
        expect(await store.authenticate(apiKey)).toBeNull()
        expect(await store.authenticate(other.secret)).not.toBeNull()

        currentTime = new Date('2025-01-21T08:00:00.000Z')
        expect((await store.revokeApiKey(account.id, key.id))?.revokedAt).toBe(revoked?.revokedAt)
        const listed = await store.listApiKeys(account.id)
        expect(listed.find((each) => each.id === key.id)?.revokedAt).toBe(revoked?.revokedAt)
      })

      it("cannot revoke another account's key", async () => {
        const owner = await store.createAccount({ email: uniqueEmail(), plan: 'free' })
        const stranger = await store.createAccount({ email: uniqueEmail(), plan: 'free' })
        expect(await store.revokeApiKey(stranger.account.id, owner.key.id)).toBeNull()
        expect(await store.authenticate(owner.apiKey)).not.toBeNull()
      })

      it('records when a key was last used, at most once a minute', async () => {
        currentTime = new Date('2025-03-01T10:00:00.000Z')
        const { account, apiKey } = await store.createAccount({
          email: uniqueEmail(),
          plan: 'free',
        })
        const lastUsed = async () => (await store.listApiKeys(account.id))[0]?.lastUsedAt
        expect(await lastUsed()).toBeNull()

        await store.authenticate(apiKey)
        expect(await lastUsed()).toBe('2025-03-01T10:00:00.000Z')

        currentTime = new Date('2025-03-01T10:00:30.000Z')
        await store.authenticate(apiKey)
        expect(await lastUsed()).toBe('2025-03-01T10:00:00.000Z')

        currentTime = new Date('2025-03-01T10:01:01.000Z')
        await store.authenticate(apiKey)
        expect(await lastUsed()).toBe('2025-03-01T10:01:01.000Z')
      })

      it('stores only a SHA-256 of the key', async () => {
        const { account, apiKey } = await store.createAccount({
          email: uniqueEmail(),
          plan: 'free',
        })
        const { secret } = await store.createApiKey(account.id, 'second')
        const rows = await store.db
          .selectFrom('api_keys')
          .selectAll()
          .where('account_id', '=', account.id)
          .execute()
        const stored = JSON.stringify(rows)

        for (const key of [apiKey, secret]) {
          expect(stored).not.toContain(key)
          expect(stored).not.toContain(key.slice(9)) // the part after the display prefix
          expect(stored).toContain(hashApiKey(key))
        }
      })
    })

    describe('monthly pages and credits', () => {
      it('charges the monthly quota and refuses once it is used up (402)', async () => {
        const { account } = await store.createAccount({ email: uniqueEmail(), plan: 'free' })
        const january = new Date('2025-01-31T23:59:59.999Z')

        expect(await store.chargePages(account.id, 499, january)).toEqual({
          ok: true,
          remainingQuota: 1,
          credits: 0,
        })
        expect(await store.chargePages(account.id, 2, january)).toEqual({ ok: false })
        expect(await store.chargePages(account.id, 1, january)).toEqual({
          ok: true,
          remainingQuota: 0,
          credits: 0,
        })
        expect(await store.chargePages(account.id, 1, january)).toEqual({ ok: false })
        expect(await store.remainingPages(account.id, january)).toMatchObject({ total: 0 })
      })

      it('starts a fresh quota in a new UTC month', async () => {
        const { account } = await store.createAccount({ email: uniqueEmail(), plan: 'free' })
        await store.chargePages(account.id, 500, new Date('2025-01-10T00:00:00.000Z'))
        const february = new Date('2025-02-01T00:00:00.000Z')

        expect(await store.remainingPages(account.id, february)).toEqual({
          month: '2025-02',
          quota: 500,
          remainingQuota: 500,
          credits: 0,
          total: 500,
        })
        expect(await store.chargePages(account.id, 20, february)).toEqual({
          ok: true,
          remainingQuota: 480,
          credits: 0,
        })
        expect(await store.getAccount(account.id)).toMatchObject({
          usageMonth: '2025-02',
          monthPages: 20,
        })
      })

      it('does not grant a second quota to a clock that lags behind the stored month', async () => {
        const { account } = await store.createAccount({ email: uniqueEmail(), plan: 'free' })
        await store.chargePages(account.id, 500, new Date('2025-02-01T00:00:00.001Z'))
        const lagging = new Date('2025-01-31T23:59:59.999Z')
        expect(await store.chargePages(account.id, 1, lagging)).toEqual({ ok: false })
      })

      it('gives the pro plan 10,000 pages a month', async () => {
        const { account } = await store.createAccount({ email: uniqueEmail(), plan: 'pro' })
        const now = new Date('2025-05-05T05:05:05.000Z')
        expect(await store.chargePages(account.id, 10_000, now)).toMatchObject({ ok: true })
        expect(await store.chargePages(account.id, 1, now)).toEqual({ ok: false })
      })

      it('uses credits only after the quota, and credits never expire', async () => {
        const { account } = await store.createAccount({ email: uniqueEmail(), plan: 'free' })
        const march = new Date('2025-03-10T00:00:00.000Z')
        expect(await store.addCredits(account.id, 100)).toBe(100)

        expect(await store.chargePages(account.id, 450, march)).toEqual({
          ok: true,
          remainingQuota: 50,
          credits: 100,
        })
        // 50 from the quota, 30 from credits.
        expect(await store.chargePages(account.id, 80, march)).toEqual({
          ok: true,
          remainingQuota: 0,
          credits: 70,
        })
        // A new month: the fresh quota pays first, the credits are still there.
        const april = new Date('2025-04-02T00:00:00.000Z')
        expect(await store.chargePages(account.id, 10, april)).toEqual({
          ok: true,
          remainingQuota: 490,
          credits: 70,
        })
        // Years later the credits are unchanged.
        expect(
          await store.remainingPages(account.id, new Date('2028-04-02T00:00:00.000Z')),
        ).toEqual({
          month: '2028-04',
          quota: 500,
          remainingQuota: 500,
          credits: 70,
          total: 570,
        })
      })

      it('charges nothing when quota and credits together are too few', async () => {
        const { account } = await store.createAccount({ email: uniqueEmail(), plan: 'free' })
        const now = new Date('2025-06-01T00:00:00.000Z')
        await store.addCredits(account.id, 5)
        await store.chargePages(account.id, 500, now)

        expect(await store.chargePages(account.id, 6, now)).toEqual({ ok: false })
        expect(await store.remainingPages(account.id, now)).toMatchObject({
          remainingQuota: 0,
          credits: 5,
          total: 5,
        })
        expect(await store.chargePages(account.id, 5, now)).toEqual({
          ok: true,
          remainingQuota: 0,
          credits: 0,
        })
      })

      it('rejects nonsense page counts and unknown accounts', async () => {
        const { account } = await store.createAccount({ email: uniqueEmail(), plan: 'free' })
        await expect(store.chargePages(account.id, 0)).rejects.toThrow(RangeError)
        await expect(store.chargePages(account.id, 1.5)).rejects.toThrow(RangeError)
        await expect(store.addCredits(account.id, -3)).rejects.toThrow(RangeError)
        await expect(store.addCredits('acc_doesnotexist0000', 3)).rejects.toMatchObject({
          code: 'not_found',
        })
        expect(await store.chargePages('acc_doesnotexist0000', 1)).toEqual({ ok: false })
      })

      it('never overspends under 100 concurrent charges for the last pages', async () => {
        const { account } = await store.createAccount({ email: uniqueEmail(), plan: 'free' })
        const now = new Date('2025-07-01T00:00:00.000Z')
        await store.addCredits(account.id, 7)
        await store.chargePages(account.id, 490, now) // 10 quota pages and 7 credits left

        const results = await Promise.all(
          Array.from({ length: 100 }, () => store.chargePages(account.id, 1, now)),
        )
        expect(results.filter((result) => result.ok)).toHaveLength(17)
        expect(await store.remainingPages(account.id, now)).toMatchObject({ total: 0 })
        expect(await store.getAccount(account.id)).toMatchObject({ credits: 0, monthPages: 507 })
      })

      it('never overspends when two stores on one database charge concurrently', async () => {
        const other = await openAnother()
        const { account } = await store.createAccount({ email: uniqueEmail(), plan: 'free' })
        const now = new Date('2025-07-01T00:00:00.000Z')
        await store.addCredits(account.id, 11)
        await other.chargePages(account.id, 480, now) // 20 quota pages and 11 credits left

        const results = await Promise.all(
          Array.from({ length: 100 }, (_, index) =>
            (index % 2 === 0 ? store : other).chargePages(account.id, index % 3 === 0 ? 2 : 1, now),
          ),
        )
        const charged = results.reduce(
          (sum, result, index) => sum + (result.ok ? (index % 3 === 0 ? 2 : 1) : 0),
          0,
        )
        // 31 pages left; whichever charges won, at most one page can be left over.
        expect(charged).toBeGreaterThanOrEqual(30)
        expect(charged).toBeLessThanOrEqual(31)
        const balance = await other.remainingPages(account.id, now)
        expect(balance?.total).toBe(31 - charged)
        expect(await store.getAccount(account.id)).toMatchObject({ monthPages: 480 + charged })
      })

      it('shows counters written by one store to another store on the same database', async () => {
        const other = await openAnother()
        const { account } = await store.createAccount({ email: uniqueEmail(), plan: 'pro' })
        const now = new Date('2025-08-08T00:00:00.000Z')
        await store.chargePages(account.id, 1234, now)
        await other.addCredits(account.id, 40)

        expect(await other.remainingPages(account.id, now)).toMatchObject({
          remainingQuota: 10_000 - 1234,
          credits: 40,
        })
        expect(await store.getAccount(account.id)).toMatchObject({ monthPages: 1234, credits: 40 })
        expect(other.clientHashSecret).toBe(store.clientHashSecret)
      })

      it('writes one usage row per charge, adding up to the month counter, none when refused', async () => {
        const other = await openAnother()
        const { account } = await store.createAccount({ email: uniqueEmail(), plan: 'free' })
        const june = new Date('2025-06-15T00:00:00.000Z')
        await store.addCredits(account.id, 40)
        // 1 to 13 pages each, about 700 in all: more than the 540 of quota and credits, so the
        // last of them are refused, whichever store's charges win.
        const pagesOf = (index: number) => ((index * 7) % 13) + 1
        const results = await Promise.all(
          Array.from({ length: 100 }, (_, index) =>
            (index % 2 === 0 ? store : other).chargePages(account.id, pagesOf(index), june),
          ),
        )
        const july = new Date('2025-07-01T00:00:00.000Z')
        expect(await store.chargePages(account.id, 9, july)).toMatchObject({ ok: true })

        const charged = results.filter((result) => result.ok).length
        expect(charged).toBeLessThan(results.length)
        const rows = await store.db
          .selectFrom('usage')
          .selectAll()
          .where('account_id', '=', account.id)
          .execute()
        expect(rows).toHaveLength(charged + 1)
        const after = await store.getAccount(account.id)
        const sum = (month: string, column: 'pages' | 'quota_pages' | 'credit_pages') =>
          rows.filter((row) => row.month === month).reduce((total, row) => total + row[column], 0)
        expect(after).toMatchObject({ usageMonth: '2025-07', monthPages: 9 })
        expect(sum('2025-07', 'pages')).toBe(9)
        const junePages = results.reduce(
          (total, result, index) => total + (result.ok ? pagesOf(index) : 0),
          0,
        )
        expect(sum('2025-06', 'pages')).toBe(junePages)
        expect(sum('2025-06', 'quota_pages')).toBe(500)
        expect(sum('2025-06', 'credit_pages')).toBe(40 - (after?.credits ?? 0))
        for (const row of rows) expect(row.quota_pages + row.credit_pages).toBe(row.pages)
      })
    })

    describe('anonymous daily usage', () => {
      it(`allows ${ANONYMOUS_DAILY_LIMIT} extractions per client and day, with refunds`, async () => {
        const bucket = clientBucketHash('198.51.100.7', store.clientHashSecret)
        const day = '2025-01-15'
        for (let index = 0; index < ANONYMOUS_DAILY_LIMIT; index += 1) {
          expect(await store.consumeAnonymous(bucket, day, ANONYMOUS_DAILY_LIMIT)).toBe(true)
        }
        expect(await store.consumeAnonymous(bucket, day, ANONYMOUS_DAILY_LIMIT)).toBe(false)

        await store.refundAnonymous(bucket, day) // that extraction failed
        expect(await store.consumeAnonymous(bucket, day, ANONYMOUS_DAILY_LIMIT)).toBe(true)
        expect(await store.consumeAnonymous(bucket, day, ANONYMOUS_DAILY_LIMIT)).toBe(false)

        expect(await store.consumeAnonymous(bucket, '2025-01-16', ANONYMOUS_DAILY_LIMIT)).toBe(true)
        const neighbour = clientBucketHash('198.51.100.8', store.clientHashSecret)
        expect(await store.consumeAnonymous(neighbour, day, ANONYMOUS_DAILY_LIMIT)).toBe(true)
      })

      it('counts an IPv6 /64 as one client', async () => {
        const day = '2025-01-15'
        const first = clientBucketHash('2001:db8:aa:1::1', store.clientHashSecret)
        const sameNetwork = clientBucketHash('2001:db8:aa:1:ffff::9', store.clientHashSecret)
        expect(sameNetwork).toBe(first)
        expect(await store.consumeAnonymous(first, day, 1)).toBe(true)
        expect(await store.consumeAnonymous(sameNetwork, day, 1)).toBe(false)
      })

      it('never lets 100 concurrent requests past the limit', async () => {
        const bucket = clientBucketHash('198.51.100.99', store.clientHashSecret)
        const other = await openAnother()
        const results = await Promise.all(
          Array.from({ length: 100 }, (_, index) =>
            (index % 2 === 0 ? store : other).consumeAnonymous(
              bucket,
              '2025-01-15',
              ANONYMOUS_DAILY_LIMIT,
            ),
          ),
        )
        expect(results.filter(Boolean)).toHaveLength(ANONYMOUS_DAILY_LIMIT)
      })

      it('refunds never go below zero', async () => {
        const bucket = clientBucketHash('198.51.100.100', store.clientHashSecret)
        await store.refundAnonymous(bucket, '2025-01-15') // nothing counted yet
        expect(await store.consumeAnonymous(bucket, '2025-01-15', 1)).toBe(true)
        await store.refundAnonymous(bucket, '2025-01-15')
        await store.refundAnonymous(bucket, '2025-01-15')
        expect(await store.consumeAnonymous(bucket, '2025-01-15', 1)).toBe(true)
        expect(await store.consumeAnonymous(bucket, '2025-01-15', 1)).toBe(false)
      })

      it('stores no raw IP address', async () => {
        const ip = '203.0.113.77'
        await store.consumeAnonymous(clientBucketHash(ip, store.clientHashSecret), '2025-01-15', 25)
        const rows = await store.db.selectFrom('anonymous_usage').selectAll().execute()
        expect(rows.length).toBeGreaterThan(0)
        expect(JSON.stringify(rows)).not.toContain(ip)
        for (const row of rows) expect(row.bucket).toMatch(/^[0-9a-f]{64}$/)
      })

      it('deletes counters of past days', async () => {
        const bucket = clientBucketHash('198.51.100.200', store.clientHashSecret)
        await store.consumeAnonymous(bucket, '2024-12-30', 25)
        await store.consumeAnonymous(bucket, '2024-12-31', 25)
        expect(await store.pruneAnonymousUsage('2024-12-31')).toBeGreaterThanOrEqual(1)
        const left = await store.db
          .selectFrom('anonymous_usage')
          .select('day')
          .where('day', '<', '2024-12-31')
          .execute()
        expect(left).toEqual([])
      })
    })

    describe('restarts', () => {
      it('keeps accounts, keys and every counter across close and reopen', async () => {
        const now = new Date('2025-09-09T09:09:09.000Z')
        currentTime = now
        const { account, apiKey } = await store.createAccount({
          email: uniqueEmail(),
          plan: 'free',
        })
        await store.addCredits(account.id, 3)
        await store.chargePages(account.id, 498, now)
        const bucket = clientBucketHash('192.0.2.1', store.clientHashSecret)
        for (let index = 0; index < ANONYMOUS_DAILY_LIMIT; index += 1) {
          await store.consumeAnonymous(bucket, '2025-09-09', ANONYMOUS_DAILY_LIMIT)
        }
        const secret = store.clientHashSecret
        await store.close()

        store = await openAnother()
        expect(store.clientHashSecret).toBe(secret)
        expect((await store.authenticate(apiKey))?.account.id).toBe(account.id)
        expect(await store.remainingPages(account.id, now)).toMatchObject({
          remainingQuota: 2,
          credits: 3,
        })
        expect(await store.consumeAnonymous(bucket, '2025-09-09', ANONYMOUS_DAILY_LIMIT)).toBe(
          false,
        )
      })
    })
  })
}
