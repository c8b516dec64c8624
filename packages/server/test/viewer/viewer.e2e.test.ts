import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPdf } from '../../../core/test/pdf-builder.js'
import { createExtractionPool, type ExtractionPool } from '../../src/isolation/index.js'
import { startTestServer, type TestServer } from '../app/harness.js'
import { type LoopbackServer, servePdf, startLoopbackServer } from '../fetch/loopback-server.js'

// A real headless Chromium (Debian's `chromium`, driven by playwright-core) reads Doc Links
// served by the real server, which gets them from a PDF origin on 127.0.0.1.

const { PDFX_CHROMIUM, PDFX_REQUIRE_SERVICES } = process.env
const CHROMIUM = PDFX_CHROMIUM ?? '/usr/bin/chromium'
const missing = existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM}`
if (missing !== undefined && PDFX_REQUIRE_SERVICES === '1') {
  throw new Error(
    `${missing}, and PDFX_REQUIRE_SERVICES=1 (scripts/ensure-chromium.sh installs it)`,
  )
}
if (missing !== undefined) {
  process.stderr.write(`viewer e2e skipped: ${missing} (install chromium or set PDFX_CHROMIUM)\n`)
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
/** How long the reader stays on each page, in milliseconds. */
const READ_MS = 4_000
/** Allowed difference between the dwell the server reports and the time spent: 10 %. */
const TOLERANCE = 0.1
/**
 * Runs in the page before its own scripts: tells the test (through the `pdfxPageRendered`
 * binding) the moment the viewer marks a page as drawn. Kept as text: the test's TypeScript
 * knows no DOM.
 */
const REPORT_RENDERED_PAGES = `
new MutationObserver((records) => {
  for (const { target, attributeName } of records) {
    if (attributeName === 'data-rendered' && target.dataset.rendered === 'true') {
      window.pdfxPageRendered(Number(target.dataset.page))
    }
  }
}).observe(document, { subtree: true, attributeFilter: ['data-rendered'] })
`
const OUTPUT_DIR = join(tmpdir(), 'pdfx-viewer-e2e')
const SCREENSHOT = join(OUTPUT_DIR, 'viewer.png')
const PHONE_SCREENSHOT = join(OUTPUT_DIR, 'viewer-phone.png')

describe.skipIf(missing !== undefined)('the viewer in headless Chromium', () => {
  let pool: ExtractionPool
  let origin: LoopbackServer
  let app: TestServer
  let browser: Browser
  let apiKey: string
  let userAgent: string
  let pdf: Uint8Array

  beforeAll(async () => {
    pdf = await buildPdf(
      [1, 2, 3].map((page) => ({
        texts: [
          { text: `Field report, page ${page}`, size: 28, x: 72, y: 96, font: 'bold' as const },
          { text: `Findings of section ${page} are summarised here.`, size: 14, x: 72, y: 150 },
        ],
      })),
    )
    origin = await startLoopbackServer(servePdf(pdf))
    pool = createExtractionPool({ size: 1 })
    app = await startTestServer({ pool })
    ;({ apiKey } = await app.server.store.createAccount({
      email: 'owner-e2e@example.com',
      plan: 'pro',
    }))
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    // Headless Chromium says so in its user agent, and bots are never counted: the reader
    // presents itself as the desktop browser it otherwise is.
    const session = await browser.newBrowserCDPSession()
    userAgent = (await session.send('Browser.getVersion')).userAgent.replace(
      'HeadlessChrome/',
      'Chrome/',
    )
    await session.detach()
    mkdirSync(OUTPUT_DIR, { recursive: true })
  }, 30_000)

  afterAll(async () => {
    await browser?.close()
    await app?.close()
    await origin?.close()
    await pool?.close()
  })

  // biome-ignore lint/suspicious/noExplicitAny: the tests read whatever the API answered
  async function api(method: string, path: string, body?: unknown): Promise<any> {
    const response = await fetch(`${app.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    const json = await response.json()
    expect(response.status, JSON.stringify(json)).toBe(200)
    return json
  }

  /**
   * A browser tab of a reader. `renderedAt(n)` resolves with the instant (test clock) at which the
   * viewer first marked page n as drawn: a mutation observer in the page reports it through a
   * binding at once, where polling the DOM from the test would notice it frames later. Console
   * errors and CSP reports end up in `problems`.
   */
  async function openReader(device: 'desktop' | 'phone' = 'desktop') {
    const context = await browser.newContext(
      device === 'desktop'
        ? { viewport: { width: 1000, height: 800 }, userAgent }
        : {
            viewport: { width: 390, height: 844 },
            deviceScaleFactor: 2,
            isMobile: true,
            hasTouch: true,
            userAgent: userAgent
              .replace(/\([^)]*\)/, '(Linux; Android 14; Pixel 8)')
              .replace('Safari/', 'Mobile Safari/'),
          },
    )
    const page = await context.newPage()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) {
        problems.push(message.text())
      }
    })
    page.on('pageerror', (error) => problems.push(error.message))
    const rendered = new Map<number, number>()
    await page.exposeBinding('pdfxPageRendered', (_source, number: number) => {
      if (!rendered.has(number)) rendered.set(number, performance.now())
    })
    await page.addInitScript({ content: REPORT_RENDERED_PAGES })
    const renderedAt = async (number: number): Promise<number> => {
      await expect.poll(() => rendered.has(number), { timeout: 15_000, interval: 5 }).toBe(true)
      return rendered.get(number) as number
    }
    return { context, page, problems, renderedAt }
  }

  it('counts one view and one visitor, and the dwell on each page within 10 %', async () => {
    const { slug } = await api('POST', '/links', {
      url: `${origin.origin}/field-report.pdf`,
      name: 'Field report',
    })
    const { context, page, problems, renderedAt } = await openReader()

    const openedAt = performance.now()
    await page.goto(`${app.url}/d/${slug}?email=Reader@Example.com`)
    const shownAt = await renderedAt(1)
    // The recipient address left the address bar as soon as the script ran.
    expect(new URL(page.url()).search).toBe('')
    expect(await page.locator('#pdfx-page-count').textContent()).toBe('of 3')

    await page.waitForTimeout(READ_MS)
    // The key reaches the page between these two instants; the middle is the best estimate.
    const pressedAt = performance.now()
    await page.keyboard.press('ArrowRight')
    const turnedAt = (pressedAt + performance.now()) / 2
    await expect.poll(() => page.locator('#pdfx-page').inputValue()).toBe('2')
    await renderedAt(2)
    await page.screenshot({ path: SCREENSHOT })
    process.stderr.write(`viewer screenshot: ${SCREENSHOT}\n`)
    await page.waitForTimeout(Math.max(0, READ_MS - (performance.now() - turnedAt)))
    const leftAt = performance.now()
    // Closing runs pagehide, whose beacon carries the dwell gathered since the last batch.
    await page.close({ runBeforeUnload: true })
    await context.close()

    const spentOnPage1 = turnedAt - shownAt
    const spentOnPage2 = leftAt - turnedAt
    let stats = await api('GET', `/links/${slug}?include=visits`)
    // The beacon may land a moment after the tab is gone. (Slow polling: the API rate-limits.)
    await expect
      .poll(
        async () => {
          stats = await api('GET', `/links/${slug}?include=visits`)
          return stats.pages?.length ?? 0
        },
        { timeout: 5_000, interval: 250 },
      )
      .toBe(2)
    process.stderr.write(
      `viewer e2e: shown ${Math.round(shownAt - openedAt)} ms after navigation; spent ${Math.round(spentOnPage1)} ms on page 1, ${Math.round(spentOnPage2)} ms on page 2; stats.pages ${JSON.stringify(stats.pages)}\n`,
    )
    expect(stats).toMatchObject({ totalViews: 1, visitors: 1 })
    const dwell = new Map<number, number>(
      stats.pages.map((entry: { page: number; avgMs: number }) => [entry.page, entry.avgMs]),
    )
    expect(Math.abs((dwell.get(1) ?? 0) - spentOnPage1)).toBeLessThanOrEqual(
      spentOnPage1 * TOLERANCE,
    )
    expect(Math.abs((dwell.get(2) ?? 0) - spentOnPage2)).toBeLessThanOrEqual(
      spentOnPage2 * TOLERANCE,
    )
    expect(stats.visits?.[0]?.email).toBe('reader@example.com')
    expect(problems).toEqual([])
  }, 60_000)

  it('zooms, jumps, downloads, and shows the expiry that passes while it is open', async () => {
    const expiresAt = new Date(Date.now() + 8_000).toISOString()
    const { slug } = await api('POST', '/links', {
      url: `${origin.origin}/field-report.pdf`,
      name: 'Field report',
      expiresAt,
    })
    // On a phone: the toolbar wraps below the title, the page fits the width, drawn sharp.
    const phone = await openReader('phone')
    await phone.page.goto(`${app.url}/d/${slug}`)
    await phone.renderedAt(1)
    const canvasWidth = await phone.page
      .locator('.page[data-page="1"] canvas')
      .getAttribute('width')
    expect(Number(canvasWidth)).toBeGreaterThan(600) // 2 device pixels per CSS pixel
    await phone.page.screenshot({ path: PHONE_SCREENSHOT })
    process.stderr.write(`viewer screenshot (phone): ${PHONE_SCREENSHOT}\n`)
    await phone.context.close()
    expect(phone.problems).toEqual([])

    const { context, page, problems, renderedAt } = await openReader()
    await page.goto(`${app.url}/d/${slug}`)
    await renderedAt(1)

    const zoom = page.locator('#pdfx-zoom-level')
    const fitted = await zoom.textContent()
    await page.keyboard.press('+')
    await expect.poll(() => zoom.textContent()).not.toBe(fitted)
    await page.keyboard.press('0')
    await expect.poll(() => zoom.textContent()).toBe(fitted)
    await page.keyboard.press('End')
    await expect.poll(() => page.locator('#pdfx-page').inputValue()).toBe('3')
    await expect(page.locator('#pdfx-next').isDisabled()).resolves.toBe(true)
    await page.keyboard.press('Home')
    await expect.poll(() => page.locator('#pdfx-page').inputValue()).toBe('1')
    await expect.poll(() => page.locator('#pdfx-announcer').textContent()).toBe('Page 1 of 3')

    // The copy comes from the bytes already loaded: no second request for the file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#pdfx-download').click(),
    ])
    expect(download.suggestedFilename()).toBe('Field report.pdf')
    const saved = join(OUTPUT_DIR, 'download.pdf')
    await download.saveAs(saved)
    expect(new Uint8Array(readFileSync(saved))).toEqual(pdf)

    // The first batch after the expiry is refused with 410; the viewer says so and stops.
    const alert = page.getByRole('alert')
    await alert.waitFor({ timeout: 20_000 })
    expect(await alert.textContent()).toContain('This link has expired.')
    expect(await page.locator('.page').count()).toBe(0)
    const reloaded = await page.reload()
    expect(reloaded?.status()).toBe(410)
    expect(await page.locator('h1').textContent()).toBe('Link expired')
    await context.close()
    expect(problems.filter((problem) => !problem.includes('410'))).toEqual([])
  }, 60_000)
})
