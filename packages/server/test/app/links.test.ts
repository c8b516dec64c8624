import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  DocLinkListSchema,
  DocLinkRevokedSchema,
  DocLinkSchema,
  DocLinkStatsSchema,
  ErrorBodySchema,
} from '@pdfx/schema'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createExtractionPool, type ExtractionPool } from '../../src/isolation/index.js'
import { readWhole } from '../read-blob.js'
import {
  type JsonResponse,
  ManualClock,
  onePagePdf,
  type PdfOrigin,
  readJson,
  startPdfOrigin,
  startTestServer,
  type TestServer,
  TIMEOUT_MS,
} from './harness.js'

// The server runs on its embedded default (a SQLite file and a blob directory in a temporary data
// dir), so that "no blob left behind" is checked on disk.
let pool: ExtractionPool
let origin: PdfOrigin
let app: TestServer
let dataDir: string
const clock = new ManualClock()

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pdfx-links-app-'))
  pool = createExtractionPool({ size: 1 })
  origin = await startPdfOrigin()
  app = await startTestServer({ pool, clock, env: { PDFX_DATA_DIR: dataDir } })
}, TIMEOUT_MS)

afterAll(async () => {
  await app?.close()
  await origin?.close()
  await pool?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

// A fresh minute per test: per-key request counters never leak between tests.
beforeEach(() => clock.nextMinute())

interface Account {
  id: string
  key: string
}

async function newAccount(plan: 'free' | 'pro' = 'free'): Promise<Account> {
  const created = await app.server.store.createAccount({
    email: `links-${Math.random().toString(36).slice(2)}@example.com`,
    plan,
  })
  return { id: created.account.id, key: created.apiKey }
}

async function call(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { key?: string; body?: unknown; contentType?: string | null } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = {
    ...(options.key !== undefined && { authorization: `Bearer ${options.key}` }),
  }
  const contentType =
    options.contentType === undefined
      ? method === 'GET'
        ? null
        : 'application/json'
      : options.contentType
  if (contentType !== null) headers['content-type'] = contentType
  const response = await fetch(`${app.url}/api/v1${path}`, {
    method,
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  })
  return readJson(response)
}

function create(account: Account, body: Record<string, unknown>): Promise<JsonResponse> {
  return call('POST', '/links', { key: account.key, body })
}

function pdfUrl(path = '/one.pdf'): string {
  return `${origin.origin}${path}`
}

function expectError(response: JsonResponse, status: number, code: string): void {
  expect({ status: response.status, code: response.body?.error?.code }).toEqual({ status, code })
  expect(ErrorBodySchema.parse(response.body).error.message).not.toBe('')
}

function blobFiles(): string[] {
  return readdirSync(join(dataDir, 'blobs'))
}

async function linkRows(accountId: string): Promise<number> {
  const rows = await app.server.store.db
    .selectFrom('links')
    .select('id')
    .where('account_id', '=', accountId)
    .execute()
  return rows.length
}

describe('POST /api/v1/links', { timeout: TIMEOUT_MS }, () => {
  it('publishes a PDF under a random slug, named after its file, and stores its bytes', async () => {
    const account = await newAccount()
    const response = await create(account, { url: pdfUrl() })
    expect(response.status).toBe(200)
    const link = DocLinkSchema.parse(response.body)
    expect(link.slug).toMatch(/^[a-z2-7]{16}$/)
    expect(link.link).toBe(`http://localhost:8787/d/${link.slug}`)
    expect(link.name).toBe('one.pdf')
    expect(link.expiresAt).toBeNull()
    const stored = await app.server.linkStore.findBySlug(link.slug)
    if (stored === null) throw new Error('the link was not stored')
    // pdf-lib stamps each build with its time, so the origin's bytes are known only by their size.
    const bytes = await readWhole(app.server.linkStore.openPdf(stored))
    expect(bytes?.byteLength).toBe((await onePagePdf()).byteLength)
    expect(new TextDecoder().decode(bytes?.subarray(0, 5))).toBe('%PDF-')
    expect(stored).toMatchObject({
      id: link.id,
      sizeBytes: bytes?.byteLength,
      sha256: createHash('sha256')
        .update(bytes ?? new Uint8Array())
        .digest('hex'),
      notifyOnOpen: true,
    })
    expect(blobFiles()).toContain(`${link.id}.pdf`)
  })

  it('takes a name, an expiry and notifyOnOpen', async () => {
    const account = await newAccount()
    const expiresAt = new Date(clock.now() + 86_400_000).toISOString()
    const response = await create(account, {
      url: pdfUrl(),
      name: 'Q3 board deck',
      expiresAt,
      notifyOnOpen: false,
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ name: 'Q3 board deck', expiresAt })
    const stored = await app.server.linkStore.findBySlug(response.body.slug)
    expect(stored?.notifyOnOpen).toBe(false)
  })

  it('refuses bad requests with 400 before fetching anything', async () => {
    const account = await newAccount('pro')
    const before = origin.hits('/one.pdf')
    const past = new Date(clock.now() - 1000).toISOString()
    for (const body of [
      { url: 'not a url' },
      { url: pdfUrl(), expiresAt: 'tomorrow' },
      { url: pdfUrl(), expiresAt: past },
      { url: pdfUrl(), slug: 'Has-Capitals' },
      { url: pdfUrl(), slug: 'ab' },
      { url: pdfUrl(), slug: '-edge-' },
      { url: pdfUrl(), slug: 'admin' },
      { url: pdfUrl(), surprise: true },
    ]) {
      expectError(await create(account, body), 400, 'invalid_request')
    }
    expect(origin.hits('/one.pdf')).toBe(before)
    expect(await linkRows(account.id)).toBe(0)
  })

  it('gives pro accounts vanity slugs, refuses them on free (402) and when taken (409)', async () => {
    const pro = await newAccount('pro')
    const slug = `deck-${Math.random().toString(36).slice(2, 8)}`
    const created = await create(pro, { url: pdfUrl(), slug })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ slug, link: `http://localhost:8787/d/${slug}` })
    expectError(await create(pro, { url: pdfUrl(), slug }), 409, 'slug_taken')
    const free = await newAccount('free')
    expectError(await create(free, { url: pdfUrl(), slug: `${slug}-2` }), 402, 'plan_limit')
    expect(await linkRows(free.id)).toBe(0)
  })

  it('leaves no row and no blob when the PDF cannot be had (413, 415, 424)', async () => {
    const account = await newAccount()
    const blobsBefore = blobFiles()
    expectError(await create(account, { url: pdfUrl('/huge.pdf') }), 413, 'pdf_too_large')
    expectError(await create(account, { url: pdfUrl('/page.pdf') }), 415, 'not_a_pdf')
    expectError(await create(account, { url: pdfUrl('/error.pdf') }), 424, 'fetch_failed')
    expectError(await create(account, { url: pdfUrl('/missing.pdf') }), 424, 'fetch_failed')
    expect(await linkRows(account.id)).toBe(0)
    expect(blobFiles()).toEqual(blobsBefore)
  })

  it('holds a free account to 3 active links; revoking or expiry frees a slot', async () => {
    const account = await newAccount('free')
    const expiresAt = new Date(clock.now() + 120_000).toISOString()
    const first = await create(account, { url: pdfUrl(), expiresAt })
    const second = await create(account, { url: pdfUrl() })
    await create(account, { url: pdfUrl() })
    expect([first.status, second.status]).toEqual([200, 200])
    const hits = origin.hits('/one.pdf')
    expectError(await create(account, { url: pdfUrl() }), 402, 'plan_limit')
    // Refused before the fetch: nothing was downloaded for it.
    expect(origin.hits('/one.pdf')).toBe(hits)

    const revoked = await call('DELETE', `/links/${second.body.id}`, { key: account.key })
    expect(revoked.status).toBe(200)
    expect((await create(account, { url: pdfUrl() })).status).toBe(200)
    expectError(await create(account, { url: pdfUrl() }), 402, 'plan_limit')

    clock.advance(121_000) // the first link expires
    expect((await create(account, { url: pdfUrl() })).status).toBe(200)
    expectError(await create(account, { url: pdfUrl() }), 402, 'plan_limit')
    expect(await linkRows(account.id)).toBe(5)
  })

  it('lets concurrent creations take only the free slots that are left', async () => {
    const account = await newAccount('free')
    await create(account, { url: pdfUrl() })
    const blobsBefore = blobFiles().length
    // Slow responses keep all five fetches in flight together, past the pre-check.
    const results = await Promise.all(
      Array.from({ length: 5 }, () => create(account, { url: pdfUrl('/slow.pdf?ms=200') })),
    )
    const statuses = results.map((result) => result.status).sort()
    expect(statuses).toEqual([200, 200, 402, 402, 402])
    expect(await linkRows(account.id)).toBe(3)
    expect(blobFiles().length).toBe(blobsBefore + 2)
  })

  it('allows 40 creations per hour per account, shared by its keys (429 with Retry-After)', async () => {
    const account = await newAccount('pro')
    const secondKey = (await app.server.store.createApiKey(account.id)).secret
    for (let i = 0; i < 40; i++) {
      const key = i % 2 === 0 ? account.key : secondKey
      expect((await create({ ...account, key }, { url: pdfUrl() })).status).toBe(200)
      // Stay under the per-key limit of 60 a minute: this test is about the hourly one.
      if (i % 20 === 19) clock.advance(60_000)
    }
    const refused = await create({ ...account, key: secondKey }, { url: pdfUrl() })
    expectError(refused, 429, 'rate_limited')
    const retryAfter = Number(refused.headers.get('retry-after'))
    const toNextHour = Math.ceil((3_600_000 - (clock.now() % 3_600_000)) / 1000)
    expect(retryAfter).toBe(toNextHour)
    expect(refused.headers.get('ratelimit-policy')).toBe('"uploads";q=40;w=3600')
    expect(await linkRows(account.id)).toBe(40)
    // Another account is not affected.
    expect((await create(await newAccount('pro'), { url: pdfUrl() })).status).toBe(200)
  })
})

describe('reading and revoking links', { timeout: TIMEOUT_MS }, () => {
  it('lists links newest first with views, size and state', async () => {
    const account = await newAccount('pro')
    const older = (await create(account, { url: pdfUrl(), name: 'older' })).body
    clock.advance(1000)
    const newer = (await create(account, { url: pdfUrl(), name: 'newer' })).body
    await call('DELETE', `/links/${older.id}`, { key: account.key })
    const response = await call('GET', '/links', { key: account.key })
    expect(response.status).toBe(200)
    const { links } = DocLinkListSchema.parse(response.body)
    expect(links.map((link) => [link.name, link.disabled, link.totalViews])).toEqual([
      ['newer', false, 0],
      ['older', true, 0],
    ])
    expect(links[0]).toMatchObject({
      id: newer.id,
      sizeBytes: (await onePagePdf()).byteLength,
      lastViewAt: null,
    })
  })

  it('returns the 100 newest links at most', async () => {
    const account = await newAccount('pro')
    const { linkStore } = app.server
    for (let i = 0; i < 101; i++) {
      const created = new Date(Date.parse('2026-01-01T00:00:00Z') + i * 1000)
      const id = `lnk_${String(i).padStart(16, 'a')}`
      await linkStore.insertLink(
        {
          id,
          accountId: account.id,
          slug: `bulk-${account.id.slice(4).toLowerCase()}-${i}`,
          name: `link ${i}`,
          blobKey: id,
          sizeBytes: 1,
          sha256: '0'.repeat(64),
          createdAt: created.toISOString(),
          expiresAt: null,
          revokedAt: null,
          notifyOnOpen: false,
          allowDownload: true,
        },
        null,
        created,
      )
    }
    const { links } = DocLinkListSchema.parse(
      (await call('GET', '/links', { key: account.key })).body,
    )
    expect(links).toHaveLength(100)
    expect(links[0]?.name).toBe('link 100')
    expect(links[99]?.name).toBe('link 1')
  })

  it('reads stats by id or slug: summary on free with an upgrade note, breakdowns on pro', async () => {
    const free = await newAccount('free')
    const freeLink = (await create(free, { url: pdfUrl() })).body
    for (const id of [freeLink.id, freeLink.slug]) {
      const response = await call('GET', `/links/${id}`, { key: free.key })
      expect(response.status).toBe(200)
      const stats = DocLinkStatsSchema.parse(response.body)
      expect(stats).toMatchObject({ id: freeLink.id, plan: 'free', totalViews: 0, visitors: 0 })
      expect(stats.upgradeNote).toMatch(/pro/)
      expect(stats).not.toHaveProperty('countries')
      expect(stats).not.toHaveProperty('visits')
    }
    const pro = await newAccount('pro')
    const proLink = (await create(pro, { url: pdfUrl() })).body
    const response = await call('GET', `/links/${proLink.slug}?include=visits`, { key: pro.key })
    expect(DocLinkStatsSchema.parse(response.body)).toMatchObject({
      plan: 'pro',
      countries: [],
      companies: [],
      pages: [],
      visits: [],
      lastVisit: null,
    })
    expect(response.body).not.toHaveProperty('upgradeNote')
    expectError(
      await call('GET', `/links/${proLink.id}?include=everything`, { key: pro.key }),
      400,
      'invalid_request',
    )
  })

  it('revokes idempotently, needs the JSON content type, and keeps the item and its stats', async () => {
    const account = await newAccount()
    const link = (await create(account, { url: pdfUrl() })).body
    for (const contentType of [null, 'text/plain', 'application/x-www-form-urlencoded']) {
      const refused = await call('DELETE', `/links/${link.id}`, { key: account.key, contentType })
      expectError(refused, 403, 'forbidden')
    }
    expect((await app.server.linkStore.findBySlug(link.slug))?.revokedAt).toBeNull()
    for (let i = 0; i < 2; i++) {
      const response = await call('DELETE', `/links/${i === 0 ? link.id : link.slug}`, {
        key: account.key,
      })
      expect(response.status).toBe(200)
      expect(DocLinkRevokedSchema.parse(response.body)).toEqual({
        id: link.id,
        slug: link.slug,
        disabled: true,
      })
    }
    const withBody = await call('DELETE', `/links/${link.id}`, { key: account.key, body: {} })
    expect(withBody.status).toBe(200)
    const stats = await call('GET', `/links/${link.id}`, { key: account.key })
    expect(stats.body).toMatchObject({ id: link.id, disabled: true, totalViews: 0 })
  })

  it("answers 404 for another account's link, by id and by slug, and changes nothing", async () => {
    const owner = await newAccount('pro')
    const intruder = await newAccount('pro')
    const link = (await create(owner, { url: pdfUrl() })).body
    for (const id of [link.id, link.slug]) {
      expectError(await call('GET', `/links/${id}`, { key: intruder.key }), 404, 'not_found')
      expectError(await call('DELETE', `/links/${id}`, { key: intruder.key }), 404, 'not_found')
    }
    expectError(
      await call('GET', '/links/lnk_aaaaaaaaaaaaaaaa', { key: owner.key }),
      404,
      'not_found',
    )
    expect((await app.server.linkStore.findBySlug(link.slug))?.revokedAt).toBeNull()
    const listed = await call('GET', '/links', { key: intruder.key })
    expect(listed.body.links).toEqual([])
  })

  it('needs a valid key on every link route (401)', async () => {
    const account = await newAccount()
    const link = (await create(account, { url: pdfUrl() })).body
    const extraKey = await app.server.store.createApiKey(account.id)
    await app.server.store.revokeApiKey(account.id, extraKey.key.id)
    const revokedKey = extraKey.secret
    const routes: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
      ['POST', '/links', { url: pdfUrl() }],
      ['GET', '/links'],
      ['GET', `/links/${link.id}`],
      ['DELETE', `/links/${link.id}`],
    ]
    for (const [method, path, body] of routes) {
      for (const key of [undefined, 'pdfx_not-a-key', revokedKey]) {
        const response = await call(method, path, {
          ...(key !== undefined && { key }),
          ...(body !== undefined && { body }),
        })
        expectError(response, 401, 'unauthorized')
      }
    }
    expect(await linkRows(account.id)).toBe(1)
  })

  it('counts link requests against the per-key rate limit (429)', async () => {
    const account = await newAccount('free')
    for (let i = 0; i < 10; i++) {
      expect((await call('GET', '/links', { key: account.key })).status).toBe(200)
    }
    const refused = await call('GET', '/links', { key: account.key })
    expectError(refused, 429, 'rate_limited')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
