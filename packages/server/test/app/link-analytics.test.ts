import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DocLinkSchema, DocLinkStatsSchema } from '@pdfx/schema'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createExtractionPool, type ExtractionPool } from '../../src/isolation/index.js'
import { writeMmdb } from '../links/mmdb-writer.js'
import { BROWSER_UA } from '../viewer/viewer-fixture.js'
import {
  type PdfOrigin,
  readJson,
  startPdfOrigin,
  startTestServer,
  type TestServer,
  TIMEOUT_MS,
} from './harness.js'

// A whole server as an operator would run it with the optional services configured: offline
// country and ASN databases (generated here), an SMTP server (a real one on 127.0.0.1), a proxy
// in front (visitors' addresses come from X-Forwarded-For, documentation ranges only).

const OWNER = 'owner@pdfx.example'
/** Every API key the tests created, to look for in the data files. */
const keys: string[] = []
const mails: { to: string[]; raw: string }[] = []
let smtp: SMTPServer
let pool: ExtractionPool
let origin: PdfOrigin
let app: TestServer
let dataDir: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pdfx-analytics-'))
  const countryDb = join(dataDir, 'country.mmdb')
  const asnDb = join(dataDir, 'asn.mmdb')
  writeFileSync(
    countryDb,
    writeMmdb({
      databaseType: 'GeoLite2-Country',
      ipVersion: 6,
      networks: [
        { network: '203.0.113.0/24', data: { country: { iso_code: 'DE' } } },
        { network: '198.51.100.0/24', data: { country: { iso_code: 'US' } } },
        { network: '192.0.2.0/24', data: { country: { iso_code: 'FR' } } },
      ],
    }),
  )
  const asn = (number: number, organisation: string) => ({
    autonomous_system_number: number,
    autonomous_system_organization: organisation,
  })
  writeFileSync(
    asnDb,
    writeMmdb({
      databaseType: 'GeoLite2-ASN',
      ipVersion: 6,
      networks: [
        { network: '203.0.113.0/24', data: asn(64500, 'Initech GmbH') },
        { network: '198.51.100.0/24', data: asn(7922, 'Comcast Cable Communications, LLC') },
        { network: '192.0.2.0/24', data: asn(16509, 'Amazon.com, Inc.') },
      ],
    }),
  )
  smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address)
        mails.push({ to, raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const smtpPort = (smtp.server.address() as AddressInfo).port
  pool = createExtractionPool({ size: 1 })
  origin = await startPdfOrigin()
  app = await startTestServer({
    pool,
    env: {
      PDFX_DATA_DIR: dataDir,
      PDFX_TRUST_PROXY: 'true',
      PDFX_GEOIP_COUNTRY_DB: countryDb,
      PDFX_GEOIP_ASN_DB: asnDb,
      PDFX_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
  })
}, TIMEOUT_MS)

afterAll(async () => {
  await app?.close()
  await origin?.close()
  await pool?.close()
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
  rmSync(dataDir, { recursive: true, force: true })
})

async function createLink(
  plan: 'free' | 'pro',
  email: string,
): Promise<{ key: string; slug: string; id: string }> {
  const { apiKey } = await app.server.store.createAccount({ email, plan })
  keys.push(apiKey)
  const response = await fetch(`${app.url}/api/v1/links`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${origin.origin}/report-3.pdf`, name: 'Quarterly report' }),
  })
  const link = DocLinkSchema.parse(await response.json())
  return { key: apiKey, slug: link.slug, id: link.id }
}

/** What the viewer's script does: load the page, confirm the view, report dwell. */
async function read(
  slug: string,
  from: string,
  dwell: { page: number; ms: number }[],
  email?: string,
): Promise<void> {
  const headers = { 'user-agent': BROWSER_UA, 'x-forwarded-for': from }
  const query = email === undefined ? '' : `?email=${encodeURIComponent(email)}`
  const page = await fetch(`${app.url}/d/${slug}${query}`, {
    headers: { ...headers, accept: 'text/html' },
  })
  const html = await page.text()
  const config = JSON.parse(
    /<script type="application\/json" id="pdfx-viewer-config">(.*?)<\/script>/s.exec(html)?.[1] ??
      '{}',
  )
  const visit = await readJson(
    await fetch(`${app.url}/d/${slug}/visits`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ticket: config.ticket, ...(config.email && { email: config.email }) }),
    }),
  )
  expect(visit.status).toBe(200)
  // The server allows as much dwell as time has passed since the visit started.
  const total = dwell.reduce((sum, entry) => sum + entry.ms, 0)
  await new Promise((resolve) => setTimeout(resolve, total))
  const events = await fetch(`${app.url}/d/${slug}/events`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ visitToken: visit.body.visitToken, pages: dwell }),
  })
  expect(events.status).toBe(204)
}

describe('visitor analytics with the optional services configured', { timeout: TIMEOUT_MS }, () => {
  it('finds countries and companies, labels ISP and hosting networks, and mails the first open once', async () => {
    const { key, slug } = await createLink('pro', OWNER)
    await read(slug, '203.0.113.7', [{ page: 1, ms: 300 }])
    await read(
      slug,
      '198.51.100.9',
      [
        { page: 1, ms: 100 },
        { page: 2, ms: 200 },
      ],
      'jane@globex.example',
    )
    await read(slug, '192.0.2.44', [{ page: 3, ms: 100 }])

    await vi.waitFor(() => expect(mails).toHaveLength(1), { timeout: 10_000 })
    expect(mails[0]?.to).toEqual([OWNER])
    expect(mails[0]?.raw).toContain('Quarterly report')

    const response = await fetch(`${app.url}/api/v1/links/${slug}?include=visits`, {
      headers: { authorization: `Bearer ${key}` },
    })
    const stats = DocLinkStatsSchema.parse(await response.json())
    expect(stats).toMatchObject({ totalViews: 3, visitors: 3 })
    expect(stats.countries).toEqual(
      expect.arrayContaining([
        { country: 'DE', visits: 1 },
        { country: 'US', visits: 1 },
        { country: 'FR', visits: 1 },
      ]),
    )
    // The email's domain names the company; an ISP or a cloud network is no company.
    expect(stats.companies).toEqual(
      expect.arrayContaining([
        { company: 'Initech GmbH', visits: 1 },
        { company: 'globex.example', visits: 1 },
      ]),
    )
    expect(stats.companies).toHaveLength(2)
    const byCountry = new Map(stats.visits?.map((visit) => [visit.country, visit]))
    expect(byCountry.get('US')).toMatchObject({ email: 'jane@globex.example', network: 'isp' })
    expect(byCountry.get('FR')).toMatchObject({ network: 'hosting' })
    expect(byCountry.get('FR')).not.toHaveProperty('company')
    expect(stats.pages?.map((page) => [page.page, page.views])).toEqual([
      [1, 2],
      [2, 1],
      [3, 1],
    ])
    // Three opens, one notice.
    expect(mails).toHaveLength(1)
  })

  it('keeps the breakdowns of free accounts for pro, and stores no visitor address and no API key anywhere', async () => {
    const { key, slug } = await createLink('free', 'free-owner@pdfx.example')
    await read(slug, '203.0.113.99', [{ page: 1, ms: 100 }])
    const response = await fetch(`${app.url}/api/v1/links/${slug}?include=visits`, {
      headers: { authorization: `Bearer ${key}` },
    })
    const stats = DocLinkStatsSchema.parse(await response.json())
    expect(stats).toMatchObject({ totalViews: 1, visitors: 1 })
    expect(stats.upgradeNote).toBeDefined()
    expect(stats).not.toHaveProperty('countries')
    expect(stats.visits?.[0]).not.toHaveProperty('country')
    expect(stats.visits?.[0]).not.toHaveProperty('company')

    // Every file of the data directory: the database, its write-ahead log and the blobs.
    const files = readdirSync(dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.mmdb'))
      .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString('latin1'))
    expect(files.length).toBeGreaterThan(1)
    for (const address of ['203.0.113.7', '203.0.113.99', '198.51.100.9', '192.0.2.44']) {
      for (const content of files) expect(content).not.toContain(address)
    }
    // Keys at rest are SHA-256 hashes: not even the part after the display prefix is stored.
    expect(keys).toHaveLength(2)
    for (const key of keys) {
      for (const content of files) expect(content).not.toContain(key.slice('pdfx_'.length + 4))
    }
  })
})
