import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DocLinkSchema, ExtractedDocumentSchema } from '@pdfx/schema'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createExtractionPool, type ExtractionPool } from '../../src/isolation/index.js'
import { DEFAULT_LIMITS } from '../../src/limits/index.js'
import { readWhole } from '../read-blob.js'
import { createTestDatabase, postgresUrl, redisUrl } from '../services.js'
import {
  ManualClock,
  type PdfOrigin,
  postExtract,
  startPdfOrigin,
  startTestServer,
  type TestServer,
  TIMEOUT_MS,
} from './harness.js'

const postgres = await postgresUrl()
const redis = await redisUrl()

let pool: ExtractionPool
let origin: PdfOrigin
const clock = new ManualClock()
const cleanups: (() => Promise<unknown> | unknown)[] = []

beforeAll(async () => {
  // One child: the documents are one page each, and the children's start-up is the slow part.
  pool = createExtractionPool({ size: 1, prestart: true })
  origin = await startPdfOrigin()
}, TIMEOUT_MS)

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  await origin?.close()
  await pool?.close()
})

beforeEach(() => clock.nextMinute())

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdfx-app-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

async function start(options: Omit<Parameters<typeof startTestServer>[0], 'pool'>) {
  const server = await startTestServer({ pool, clock, ...options })
  cleanups.push(() => server.close())
  return server
}

/** 100 requests at once from a free account with 3 pages left: exactly 3 may succeed. */
async function raceForTheLastPages(app: TestServer): Promise<void> {
  const { store } = app.server
  const { account, apiKey } = await store.createAccount({ email: 'race@example.com', plan: 'free' })
  await store.chargePages(account.id, 497)
  const fetchedBefore = origin.hits('/one.pdf')
  const responses = await Promise.all(
    Array.from({ length: 100 }, () =>
      postExtract(app.url, { url: `${origin.origin}/one.pdf` }, { key: apiKey }),
    ),
  )
  const statuses = responses.map((response) => response.status)
  expect(statuses.filter((status) => status === 200)).toHaveLength(3)
  expect(statuses.filter((status) => status === 402)).toHaveLength(97)
  for (const response of responses.filter((response) => response.status === 200)) {
    expect(ExtractedDocumentSchema.parse(response.body).source.pages).toBe(1)
  }
  expect(await store.getAccount(account.id)).toMatchObject({ monthPages: 500, credits: 0 })
  // More than three passed the balance check at once, so the charge itself had to decide.
  expect(origin.hits('/one.pdf') - fetchedBefore).toBeGreaterThan(3)
}

describe('100 concurrent requests for the last pages', { timeout: TIMEOUT_MS }, () => {
  // A limit far above 100, so that only the quota decides.
  const limits = { requestsPerWindow: { free: 1_000 } }

  it('never overspend on SQLite', async () => {
    await raceForTheLastPages(await start({ env: { PDFX_DATA_DIR: tempDir() }, limits }))
  })

  it.skipIf(postgres.url === null)(
    `never overspend on PostgreSQL${postgres.url === null ? ` (skipped: ${postgres.reason})` : ''}`,
    async () => {
      const database = await createTestDatabase(postgres.url ?? '')
      const app = await start({ env: { PDFX_DATABASE_URL: database.url }, limits })
      cleanups.push(() => database.drop())
      await raceForTheLastPages(app)
      // The app is closed (LIFO) before its database is dropped.
      cleanups.push(() => app.close())
    },
  )
})

describe('anonymous daily limit', { timeout: TIMEOUT_MS }, () => {
  it('is 25 a day in production, counted in the database across restarts', async () => {
    expect(DEFAULT_LIMITS.anonymousPerDay).toBe(25)
    expect(DEFAULT_LIMITS.requestsPerWindow).toEqual({ anonymous: 5, free: 10, pro: 60 })
    const dataDir = tempDir()
    const body = { url: `${origin.origin}/one.pdf` }
    // Five at a time: the per-minute limit of anonymous callers.
    const extractBatch = async (app: TestServer, size: number) => {
      clock.nextMinute()
      return Promise.all(Array.from({ length: size }, () => postExtract(app.url, body)))
    }

    const first = await start({ env: { PDFX_DATA_DIR: dataDir } })
    expect(first.server.service.limits).toEqual(DEFAULT_LIMITS)
    for (let batch = 0; batch < 4; batch++) {
      for (const response of await extractBatch(first, 5)) expect(response.status).toBe(200)
    }
    // A failed extraction is given back.
    clock.nextMinute()
    expect((await postExtract(first.url, { url: `${origin.origin}/damaged.pdf` })).status).toBe(422)
    await first.close()

    const second = await start({ env: { PDFX_DATA_DIR: dataDir } })
    for (const response of await extractBatch(second, 5)) expect(response.status).toBe(200)
    clock.nextMinute()
    const refused = await postExtract(second.url, body)
    expect(refused.status).toBe(429)
    expect(refused.body.error.code).toBe('rate_limited')
    // 08:xx:20 UTC: the day ends in 15 h 58 min 40 s or so; the clock says exactly.
    const secondsToMidnight = Math.ceil((86_400_000 - (clock.nowMs % 86_400_000)) / 1000)
    expect(refused.headers.get('retry-after')).toBe(String(secondsToMidnight))
    expect(refused.headers.get('ratelimit-policy')).toBe('"day";q=25;w=86400')
    expect(refused.headers.get('ratelimit')).toBe(`"day";r=0;t=${secondsToMidnight}`)

    clock.advance(secondsToMidnight * 1000)
    expect((await postExtract(second.url, body)).status).toBe(200)
  })
})

describe('client address', { timeout: TIMEOUT_MS }, () => {
  it('counts IPv6 clients per /64 behind a trusted proxy', async () => {
    const app = await start({ env: { PDFX_TRUST_PROXY: 'true' } })
    const from = (ip: string) => postExtract(app.url, {}, { headers: { 'x-forwarded-for': ip } })
    for (let i = 1; i <= 5; i++) expect((await from(`2001:db8:1:2::${i}`)).status).toBe(400)
    expect((await from('2001:db8:1:2:ffff:ffff:ffff:ffff')).status).toBe(429)
    expect((await from('2001:db8:1:3::1')).status).toBe(400)
    expect((await from('203.0.113.9')).status).toBe(400)
  })

  it('ignores X-Forwarded-For unless PDFX_TRUST_PROXY is set', async () => {
    const app = await start({})
    const from = (ip: string) => postExtract(app.url, {}, { headers: { 'x-forwarded-for': ip } })
    for (let i = 1; i <= 5; i++) expect((await from(`203.0.113.${i}`)).status).toBe(400)
    expect((await from('198.51.100.1')).status).toBe(429)
  })
})

describe.skipIf(redis.url === null)(
  `two instances sharing Redis${redis.url === null ? ` (skipped: ${redis.reason})` : ''}`,
  { timeout: TIMEOUT_MS },
  () => {
    it('share one per-minute counter per key', async () => {
      const env = { PDFX_DATA_DIR: tempDir(), PDFX_REDIS_URL: redis.url ?? '' }
      const a = await start({ env })
      const b = await start({ env })
      const { apiKey } = await a.server.store.createAccount({
        email: 'shared@example.com',
        plan: 'free',
      })
      const remaining: (string | null)[] = []
      for (let i = 0; i < 10; i++) {
        const response = await postExtract(i % 2 === 0 ? a.url : b.url, {}, { key: apiKey })
        expect(response.status).toBe(400)
        remaining.push(response.headers.get('ratelimit'))
      }
      expect(remaining.at(0)).toBe('"minute";r=9;t=40')
      expect(remaining.at(-1)).toBe('"minute";r=0;t=40')
      for (const app of [a, b]) {
        const refused = await postExtract(app.url, {}, { key: apiKey })
        expect(refused.status).toBe(429)
        expect(refused.headers.get('retry-after')).toBe('40')
      }
      clock.nextMinute()
      expect((await postExtract(b.url, {}, { key: apiKey })).status).toBe(400)
    })
  },
)

describe.skipIf(postgres.url === null || redis.url === null)(
  `Doc Links on two instances sharing PostgreSQL and Redis${
    postgres.url === null || redis.url === null
      ? ` (skipped: ${postgres.reason ?? redis.reason})`
      : ''
  }`,
  { timeout: TIMEOUT_MS },
  () => {
    it('see the same links, PDFs and upload limit on both', async () => {
      const database = await createTestDatabase(postgres.url ?? '')
      // Pushed first, so it runs (LIFO) after both instances are closed.
      cleanups.push(() => database.drop())
      const env = { PDFX_DATABASE_URL: database.url, PDFX_REDIS_URL: redis.url ?? '' }
      const linkLimits = { uploadsPerWindow: 3 }
      const a = await start({ env, linkLimits })
      const b = await start({ env, linkLimits })
      const { apiKey } = await a.server.store.createAccount({
        email: 'links-scale@example.com',
        plan: 'pro',
      })
      const createOn = (app: TestServer) =>
        fetch(`${app.url}/api/v1/links`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: `${origin.origin}/one.pdf` }),
        })
      const created = DocLinkSchema.parse(await (await createOn(a)).json())
      expect((await createOn(b)).status).toBe(200)
      expect((await createOn(a)).status).toBe(200)
      // The hourly upload limit is one counter in Redis, whichever instance counts.
      expect((await createOn(b)).status).toBe(429)

      const onB = await b.server.linkStore.findBySlug(created.slug)
      expect(onB?.id).toBe(created.id)
      const bytes = await readWhole(b.server.linkStore.openPdf(onB as NonNullable<typeof onB>))
      expect(new TextDecoder().decode(bytes?.subarray(0, 5))).toBe('%PDF-')
      const revoked = await fetch(`${b.url}/api/v1/links/${created.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      })
      expect(revoked.status).toBe(200)
      expect((await a.server.linkStore.findBySlug(created.slug))?.revokedAt).not.toBeNull()
    })
  },
)

describe('logs', { timeout: TIMEOUT_MS }, () => {
  it('are JSON lines that never contain the API key or the PDF', async () => {
    const lines: string[] = []
    const app = await start({
      logger: { level: 'debug', stream: { write: (line) => void lines.push(line) } },
    })
    const { apiKey } = await app.server.store.createAccount({
      email: 'logs@example.com',
      plan: 'pro',
    })
    const ok = await postExtract(app.url, { url: `${origin.origin}/one.pdf` }, { key: apiKey })
    expect(ok.status).toBe(200)
    await postExtract(app.url, { url: `${origin.origin}/one.pdf` }, { key: `${apiKey}x` })
    const entries = lines.map((line) => JSON.parse(line))
    expect(entries.some((entry) => entry.res?.statusCode === 200)).toBe(true)
    expect(entries.some((entry) => entry.code === 'unauthorized')).toBe(true)
    const all = lines.join('\n')
    expect(all).not.toContain(apiKey.slice(5))
    expect(all).not.toContain('Total due')
    expect(all).not.toContain('%PDF')
    // No raw IP is ever stored, logs included.
    expect(all).not.toContain('remoteAddress')
  })
})
