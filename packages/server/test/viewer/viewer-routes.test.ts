import type { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LinkRecord } from '../../src/links/link-store.js'
import { PDF_BYTES } from '../fetch/loopback-server.js'
import {
  BROWSER_UA,
  confirmView,
  openViewerPage,
  sendEvents,
  startViewerFixture,
  type ViewerFixture,
} from './viewer-fixture.js'

let fixture: ViewerFixture
let link: LinkRecord

beforeEach(async () => {
  fixture = await startViewerFixture()
  link = await fixture.createLink()
})

afterEach(async () => {
  await fixture.close()
})

async function totals(linkId = link.id) {
  return fixture.links.totals(linkId)
}

function expectViewerHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy'])
  expect(csp).toContain("default-src 'none'")
  expect(csp).toContain("script-src 'self'")
  expect(csp).not.toContain('unsafe-inline')
  expect(csp).toContain("frame-ancestors 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('no-referrer')
  expect(headers['cache-control']).toBe('no-store')
  expect(headers['x-robots-tag']).toContain('noindex')
}

describe('the viewer page', () => {
  it('is HTML with strict headers, no inline script, and its configuration as inert JSON', async () => {
    const { response, config } = await openViewerPage(fixture.app, link.slug)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expectViewerHeaders(response.headers)
    const scripts = response.body.match(/<script[^>]*>/g) ?? []
    expect(scripts).toHaveLength(2)
    for (const tag of scripts) expect(tag).toMatch(/ src="\/assets\/viewer\/|application\/json/)
    expect(config).toMatchObject({
      name: 'Quarterly report',
      visitsUrl: `/d/${link.slug}/visits`,
      eventsUrl: `/d/${link.slug}/events`,
      allowDownload: false,
      fileName: 'Quarterly report.pdf',
    })
    expect(config.ticket).toEqual(expect.any(String))
    expect(response.body).toContain('<main')
    expect(response.body).toContain('aria-label="Next page"')
  })

  it('escapes a hostile link name in the markup and in the JSON', async () => {
    const hostile = await fixture.createLink({ name: '</script><script>alert(1)</script> & "x"' })
    const { response, config } = await openViewerPage(fixture.app, hostile.slug)
    expect(response.body).not.toContain('<script>alert(1)')
    expect(response.body).toContain('&#60;/script&#62;')
    expect(config.name).toBe('</script><script>alert(1)</script> & "x"')
  })

  it('never counts a view by itself: unfurlers and mail scanners only fetch the HTML', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await openViewerPage(fixture.app, link.slug)).response.statusCode).toBe(200)
    }
    expect((await totals()).totalViews).toBe(0)
  })

  it('passes a valid ?email= on, lowercased, and drops an invalid one', async () => {
    const valid = await openViewerPage(fixture.app, link.slug, '?email=Ana.Lopez%40Example.COM')
    expect(valid.config.email).toBe('ana.lopez@example.com')
    const invalid = await openViewerPage(fixture.app, link.slug, '?email=not-an-address')
    expect(invalid.response.statusCode).toBe(200)
    expect(invalid.config.email).toBeUndefined()
  })

  it('leads a link with a trailing slash to the link', async () => {
    const response = await fixture.app.inject({
      method: 'GET',
      url: `/d/${link.slug}/?email=a@b.co`,
    })
    expect(response.statusCode).toBe(308)
    expect(response.headers.location).toBe(`/d/${link.slug}?email=a@b.co`)
  })

  it('answers 404 pages for unknown slugs, slugs we never issue and paths below a link', async () => {
    for (const url of [
      '/d/no-such-link',
      '/d/A',
      '/d/-bad-',
      `/d/${link.slug}/nope`,
      '/d/',
      '/d//',
    ]) {
      const response = await fixture.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8')
      expect(response.body, url).toContain('no longer available')
    }
  })
})

describe('confirming a view', () => {
  it('starts a visit, issues the visitor cookie and answers a visit token and a file URL', async () => {
    const visit = await confirmView(fixture.app, link.slug)
    expect(visit.response.statusCode).toBe(200)
    expectViewerHeaders(visit.response.headers)
    expect(visit.visitToken).toEqual(expect.any(String))
    expect(visit.fileUrl).toMatch(new RegExp(`^/d/${link.slug}/file\\?t=[\\w.-]+$`))
    expect(visit.response.json().flushMs).toBe(10_000)
    const setCookie = String(visit.response.headers['set-cookie'])
    expect(setCookie).toMatch(/^pdfx_visitor=vst_/)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(setCookie).toContain('Path=/d')
    expect(setCookie).toContain('Max-Age=31536000')
    expect(setCookie).not.toContain('Secure')
    expect(await totals()).toMatchObject({ totalViews: 1, visitors: 1 })
  })

  it('marks the cookie Secure when the public origin is https', async () => {
    const secure = await startViewerFixture({ baseUrl: 'https://pdfx.example.com' })
    try {
      const secureLink = await secure.createLink()
      const visit = await confirmView(secure.app, secureLink.slug)
      expect(String(visit.response.headers['set-cookie'])).toContain('Secure')
    } finally {
      await secure.close()
    }
  })

  it('never counts a bot, and gives it no cookie; it may still read the document', async () => {
    for (const userAgent of [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      undefined,
    ]) {
      const visit = await confirmView(fixture.app, link.slug, { userAgent })
      expect(visit.response.statusCode).toBe(200)
      expect(visit.visitToken).toBeNull()
      expect(visit.cookie).toBeUndefined()
      const file = await fixture.app.inject({ method: 'GET', url: visit.fileUrl })
      expect(file.statusCode).toBe(200)
    }
    expect((await totals()).totalViews).toBe(0)
    await fixture.settle()
    expect(await fixture.notices(link.id)).toBe(0)
  })

  it('counts one visitor across visits with the cookie, even from another network', async () => {
    const first = await confirmView(fixture.app, link.slug, { ip: '198.51.100.1' })
    await confirmView(fixture.app, link.slug, { ip: '192.0.2.99', cookie: first.cookie })
    expect(await totals()).toMatchObject({ totalViews: 2, visitors: 1 })
  })

  it('recognises a browser without cookies by its daily hash, for that day only', async () => {
    await confirmView(fixture.app, link.slug, { ip: '198.51.100.1' })
    await confirmView(fixture.app, link.slug, { ip: '198.51.100.1' })
    expect(await totals()).toMatchObject({ totalViews: 2, visitors: 1 })
    // Another browser on the same network is someone else.
    await confirmView(fixture.app, link.slug, {
      ip: '198.51.100.1',
      userAgent: `${BROWSER_UA} Edg/156`,
    })
    expect(await totals()).toMatchObject({ totalViews: 3, visitors: 2 })
    // IPv6 clients are one network per /64.
    await confirmView(fixture.app, link.slug, { ip: '2001:db8:1:2::10' })
    await confirmView(fixture.app, link.slug, { ip: '2001:db8:1:2::99' })
    expect(await totals()).toMatchObject({ totalViews: 5, visitors: 3 })
    // The next UTC day the hash shares nothing with today's.
    fixture.clock.advance(24 * 60 * 60_000)
    await confirmView(fixture.app, link.slug, { ip: '198.51.100.1' })
    expect(await totals()).toMatchObject({ totalViews: 6, visitors: 4 })
  })

  it('ignores a forged cookie', async () => {
    const first = await confirmView(fixture.app, link.slug, { ip: '198.51.100.1' })
    const forged = first.cookie?.replace(/\.[^.]+$/, '.AAAA')
    await confirmView(fixture.app, link.slug, { ip: '192.0.2.99', cookie: forged })
    expect(await totals()).toMatchObject({ totalViews: 2, visitors: 2 })
  })

  it('stores the captured email on the visit, and never the address', async () => {
    await confirmView(fixture.app, link.slug, { email: 'Ana@Example.com', ip: '198.51.100.23' })
    const [visit] = await fixture.links.recentVisits(link.id, 10)
    expect(visit?.email).toBe('ana@example.com')
    expect(visit?.device).toBe('desktop')
    expect(JSON.stringify(visit)).not.toContain('198.51.100.23')
  })

  it('refuses a damaged, stale or foreign ticket', async () => {
    const { config } = await openViewerPage(fixture.app, link.slug)
    const ticket = String(config.ticket)
    const tampered = `${ticket.slice(0, -2)}${ticket.endsWith('A') ? 'BB' : 'AA'}`
    const damaged = await confirmView(fixture.app, link.slug, { ticket: tampered })
    expect(damaged.response.statusCode).toBe(400)
    expect(damaged.response.json().error.code).toBe('invalid_request')

    const other = await fixture.createLink()
    const foreign = await confirmView(fixture.app, other.slug, { ticket })
    expect(foreign.response.statusCode).toBe(403)

    fixture.clock.advance(16 * 60_000)
    const stale = await confirmView(fixture.app, link.slug, { ticket })
    expect(stale.response.statusCode).toBe(400)
    expect(stale.response.json().error.message).toContain('expired')
    expect((await totals()).totalViews).toBe(0)
  })

  it('refuses bodies that are not JSON objects of the expected fields', async () => {
    const { config } = await openViewerPage(fixture.app, link.slug)
    const post = (payload: string, contentType = 'application/json') =>
      fixture.app.inject({
        method: 'POST',
        url: `/d/${link.slug}/visits`,
        headers: { 'content-type': contentType, 'user-agent': BROWSER_UA },
        payload,
      })
    expect((await post(JSON.stringify({ ticket: config.ticket, extra: 1 }))).statusCode).toBe(400)
    expect((await post(JSON.stringify({ ticket: config.ticket, email: 'nope' }))).statusCode).toBe(
      400,
    )
    expect((await post('[]')).statusCode).toBe(400)
    // A form post from another site cannot send JSON: request-forgery protection.
    expect(
      (await post(`ticket=${config.ticket}`, 'application/x-www-form-urlencoded')).statusCode,
    ).toBe(403)
  })

  it('notifies the owner exactly once, even when first opens race', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        confirmView(fixture.app, link.slug, { ip: `198.51.100.${i + 1}` }),
      ),
    )
    await confirmView(fixture.app, link.slug)
    expect((await totals()).totalViews).toBe(13)
    await fixture.settle()
    expect(await fixture.notices(link.id)).toBe(1)
  })

  it('sends no notice for a link created without notifyOnOpen', async () => {
    const quiet = await fixture.createLink({ notifyOnOpen: false })
    await confirmView(fixture.app, quiet.slug)
    await fixture.settle()
    expect(await fixture.notices(quiet.id)).toBe(0)
  })
})

describe('the PDF bytes', () => {
  it('are served for the visit token of this link, never stored, never sniffed, sandboxed', async () => {
    const visit = await confirmView(fixture.app, link.slug)
    const response = await fixture.app.inject({ method: 'GET', url: visit.fileUrl })
    expect(response.statusCode).toBe(200)
    expect(new Uint8Array(response.rawPayload)).toEqual(PDF_BYTES)
    expect(response.headers['content-length']).toBe(String(PDF_BYTES.byteLength))
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['cache-control']).toBe('no-store, private')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/)
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="Quarterly report.pdf"; filename*=UTF-8''Quarterly%20report.pdf`,
    )
  })

  it('answer HEAD with the headers and size only, leaving the stored bytes unread', async () => {
    // Watches the streams the real link store opens.
    const opened: Readable[] = []
    const openPdf = fixture.links.openPdf.bind(fixture.links)
    fixture.links.openPdf = async (record) => {
      const pdf = await openPdf(record)
      if (pdf) opened.push(pdf.stream)
      return pdf
    }
    const visit = await confirmView(fixture.app, link.slug)
    const response = await fixture.app.inject({ method: 'HEAD', url: visit.fileUrl })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload).toHaveLength(0)
    expect(response.headers['content-length']).toBe(String(PDF_BYTES.byteLength))
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(opened).toHaveLength(1)
    expect(opened[0]?.readableDidRead).toBe(false)
    expect(opened[0]?.destroyed).toBe(true)
  })

  it('refuse a URL without a token, with a damaged one, another link’s, or an expired one', async () => {
    const visit = await confirmView(fixture.app, link.slug)
    const token = new URL(visit.fileUrl, 'http://x').searchParams.get('t') ?? ''
    const other = await fixture.createLink()
    const cases = [
      `/d/${link.slug}/file`,
      `/d/${link.slug}/file?t=${token.slice(0, -1)}`,
      `/d/${other.slug}/file?t=${token}`,
    ]
    for (const url of cases) {
      const response = await fixture.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(403)
      expect(response.json().error.code).toBe('forbidden')
    }
    fixture.clock.advance(2 * 60_000 + 1)
    expect((await fixture.app.inject({ method: 'GET', url: visit.fileUrl })).statusCode).toBe(403)
  })

  it('are a download with ?download=1 only when the link allows it', async () => {
    const visit = await confirmView(fixture.app, link.slug)
    const refused = await fixture.app.inject({ method: 'GET', url: `${visit.fileUrl}&download=1` })
    expect(refused.statusCode).toBe(403)
    const open = await fixture.createLink({ allowDownload: true, name: 'Plan für 2026' })
    const allowed = await confirmView(fixture.app, open.slug)
    const response = await fixture.app.inject({
      method: 'GET',
      url: `${allowed.fileUrl}&download=1`,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Plan f_r 2026.pdf"; filename*=UTF-8''Plan%20f%C3%BCr%202026.pdf`,
    )
  })
})

describe('dwell events', () => {
  it('are recorded per page', async () => {
    const visit = await confirmView(fixture.app, link.slug)
    fixture.clock.advance(8_000)
    const response = await sendEvents(fixture.app, link.slug, String(visit.visitToken), [
      { page: 1, ms: 5_000 },
      { page: 2, ms: 3_000 },
    ])
    expect(response.statusCode).toBe(204)
    expectViewerHeaders(response.headers)
    expect(await fixture.links.pages(link.id)).toEqual([
      { page: 1, views: 1, dwellMs: 5_000 },
      { page: 2, views: 1, dwellMs: 3_000 },
    ])
  })

  it('are clamped to the wall time since the visit was last seen', async () => {
    const visit = await confirmView(fixture.app, link.slug)
    fixture.clock.advance(5_000)
    const token = String(visit.visitToken)
    await sendEvents(fixture.app, link.slug, token, [
      { page: 1, ms: 45_000 },
      { page: 2, ms: 15_000 },
    ])
    // 5 s passed, 2 s of slack: 7 s shared in the proportions claimed.
    expect(await fixture.links.pages(link.id)).toEqual([
      { page: 1, views: 1, dwellMs: 5_250 },
      { page: 2, views: 1, dwellMs: 1_750 },
    ])
    // Replaying the batch at once gains nothing beyond the slack.
    await sendEvents(fixture.app, link.slug, token, [{ page: 1, ms: 45_000 }])
    const [page1] = await fixture.links.pages(link.id)
    expect(page1?.dwellMs).toBe(7_250)
  })

  it('refuse invalid batches', async () => {
    const visit = await confirmView(fixture.app, link.slug)
    const token = String(visit.visitToken)
    const bad = [
      [{ page: 0, ms: 10 }],
      [{ page: 1, ms: -1 }],
      [{ page: 1.5, ms: 10 }],
      [{ page: 1, ms: 10, extra: true }],
      Array.from({ length: 65 }, (_, i) => ({ page: i + 1, ms: 1 })),
    ]
    for (const pages of bad) {
      const response = await sendEvents(fixture.app, link.slug, token, pages as never)
      expect(response.statusCode, JSON.stringify(pages).slice(0, 60)).toBe(400)
    }
    const plain = await sendEvents(fixture.app, link.slug, token, [{ page: 1, ms: 1 }], {
      contentType: 'text/plain',
    })
    expect(plain.statusCode).toBe(403)
  })

  it('refuse a damaged visit token (400) and one of another link (403)', async () => {
    const visit = await confirmView(fixture.app, link.slug)
    const token = String(visit.visitToken)
    const damaged = await sendEvents(fixture.app, link.slug, `${token}x`, [{ page: 1, ms: 1 }])
    expect(damaged.statusCode).toBe(400)
    const other = await fixture.createLink()
    const foreign = await sendEvents(fixture.app, other.slug, token, [{ page: 1, ms: 1 }])
    expect(foreign.statusCode).toBe(403)
    // A file token is no visit token, though both are signed by us for the same link.
    const fileToken = new URL(visit.fileUrl, 'http://x').searchParams.get('t') ?? ''
    const swapped = await sendEvents(fixture.app, link.slug, fileToken, [{ page: 1, ms: 1 }])
    expect(swapped.statusCode).toBe(400)
  })

  it('are rate limited per client network, with Retry-After', async () => {
    const limited = await startViewerFixture({ rateLimits: { events: 3 } })
    try {
      const limitedLink = await limited.createLink()
      const visit = await confirmView(limited.app, limitedLink.slug)
      const send = (ip: string) =>
        sendEvents(limited.app, limitedLink.slug, String(visit.visitToken), [{ page: 1, ms: 1 }], {
          ip,
        })
      for (let i = 0; i < 3; i++) expect((await send('198.51.100.1')).statusCode).toBe(204)
      const refused = await send('198.51.100.1')
      expect(refused.statusCode).toBe(429)
      expect(refused.json().error.code).toBe('rate_limited')
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      // Another network has its own budget.
      expect((await send('192.0.2.1')).statusCode).toBe(204)
      limited.clock.nextMinute()
      expect((await send('198.51.100.1')).statusCode).toBe(204)
    } finally {
      await limited.close()
    }
  })
})

describe('a link that stops serving while a viewer is open', () => {
  it('answers 410 everywhere once its expiry passes', async () => {
    const expiring = await fixture.createLink({
      expiresAt: new Date(fixture.clock.now() + 10 * 60_000).toISOString(),
    })
    const visit = await confirmView(fixture.app, expiring.slug)
    fixture.clock.advance(30_000)
    const before = await sendEvents(fixture.app, expiring.slug, String(visit.visitToken), [
      { page: 1, ms: 20_000 },
    ])
    expect(before.statusCode).toBe(204)

    fixture.clock.advance(10 * 60_000)
    await expectGone(expiring, visit.fileUrl, String(visit.visitToken), 410)
  })

  it('answers 404 everywhere once it is revoked, and 404 wins over expiry', async () => {
    const revoked = await fixture.createLink({
      expiresAt: new Date(fixture.clock.now() + 60_000).toISOString(),
    })
    const visit = await confirmView(fixture.app, revoked.slug)
    await fixture.links.revoke(revoked.id, new Date(fixture.clock.now()))
    await expectGone(revoked, visit.fileUrl, String(visit.visitToken), 404)
    fixture.clock.advance(2 * 60_000)
    await expectGone(revoked, visit.fileUrl, String(visit.visitToken), 404)
  })

  async function expectGone(gone: LinkRecord, fileUrl: string, visitToken: string, status: number) {
    const page = await fixture.app.inject({ method: 'GET', url: `/d/${gone.slug}` })
    expect(page.statusCode).toBe(status)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expectViewerHeaders(page.headers)
    expect(page.body).toContain(status === 410 ? 'expired' : 'no longer available')

    const events = await sendEvents(fixture.app, gone.slug, visitToken, [{ page: 1, ms: 1_000 }])
    expect(events.statusCode).toBe(status)
    expect(events.json().error).toMatchObject(
      status === 410
        ? { code: 'link_expired', message: expect.stringMatching(/expired/) }
        : { code: 'not_found', message: expect.stringMatching(/No such link/) },
    )

    const file = await fixture.app.inject({ method: 'GET', url: fileUrl })
    expect(file.statusCode).toBe(status)
    expect(file.headers['content-type']).toMatch(/^application\/json/)
    const opened = await fixture.app.inject({
      method: 'GET',
      url: fileUrl,
      headers: { accept: 'text/html,application/xhtml+xml' },
    })
    expect(opened.statusCode).toBe(status)
    expect(opened.headers['content-type']).toBe('text/html; charset=utf-8')

    const { config } = await openViewerPage(fixture.app, link.slug)
    const visits = await confirmView(fixture.app, gone.slug, { ticket: String(config.ticket) })
    expect(visits.response.statusCode).toBe(status)
  }
})

describe('viewer assets', () => {
  it('serve the viewer and pdf.js from our origin, versioned and immutable', async () => {
    const { response } = await openViewerPage(fixture.app, link.slug)
    const urls = [...response.body.matchAll(/(?:src|href)="(\/assets\/viewer\/[^"]+)"/g)].map(
      (match) => match[1] as string,
    )
    expect(urls.some((url) => /\/pdfjs-\d+\.\d+\.\d+\/build\/pdf\.min\.mjs$/.test(url))).toBe(true)
    expect(urls.some((url) => /\/app-[0-9a-f]{12}\/viewer\.js$/.test(url))).toBe(true)
    for (const url of urls) {
      const asset = await fixture.app.inject({ method: 'GET', url })
      expect(asset.statusCode, url).toBe(200)
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(asset.headers['x-content-type-options']).toBe('nosniff')
      expect(String(asset.headers['content-type'])).toMatch(/^text\/(?:javascript|css)/)
    }
  })

  it('compress scripts for browsers that accept it', async () => {
    const { config } = await openViewerPage(fixture.app, link.slug)
    const worker = String(config.pdfjs?.worker)
    const plain = await fixture.app.inject({ method: 'GET', url: worker })
    const brotli = await fixture.app.inject({
      method: 'GET',
      url: worker,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toBe('accept-encoding')
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
  })

  it('serve nothing off the list', async () => {
    for (const url of [
      '/assets/viewer/',
      '/assets/viewer/../../package.json',
      '/assets/viewer/%2e%2e/%2e%2e/package.json',
      '/assets/viewer/pdfjs-5.5.207/package.json',
      '/assets/viewer/pdfjs-5.5.207/build/pdf.mjs.map',
      '/assets/viewer/pdfjs-5.5.207/wasm/LICENSE_QCMS',
    ]) {
      const response = await fixture.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
    }
  })
})
