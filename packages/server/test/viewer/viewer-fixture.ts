import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify'
import { registerErrorHandling } from '../../src/http-errors.js'
import { createMemoryRateLimiter } from '../../src/limits/index.js'
import { isBotUserAgent } from '../../src/links/bot-user-agent.js'
import { newLinkId, newSlug } from '../../src/links/ids.js'
import { KyselyLinkStore } from '../../src/links/kysely-link-store.js'
import type { LinkRecord } from '../../src/links/link-store.js'
import { createMemoryBlobStore } from '../../src/links/memory-blob-store.js'
import { createOpenNotifier, type OpenNotifier } from '../../src/links/notifier.js'
import { openVisitorInsights } from '../../src/links/visitor-insights.js'
import { openStore, type Store } from '../../src/store/index.js'
import type { ViewerConfig } from '../../src/viewer/viewer-page.js'
import { type ViewerOptions, viewerRoutes } from '../../src/viewer/viewer-routes.js'
import { ManualClock } from '../app/harness.js'
import { PDF_BYTES } from '../fetch/loopback-server.js'

/** A desktop Chrome: a person, as far as the bot check can tell. */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'

/**
 * The viewer on a fastify app of its own, with the real link store on an in-memory SQLite
 * database, the real notifier (writing to the outbox table), insights without GeoIP databases and
 * the in-process rate limiter, all on a clock the test moves.
 */
export interface ViewerFixture {
  app: FastifyInstance
  store: Store
  links: KyselyLinkStore
  clock: ManualClock
  accountId: string
  /** Creates an active link with the test PDF (overrides for expiry, notifications, download). */
  createLink(overrides?: Partial<LinkRecord>): Promise<LinkRecord>
  /** The first-open notices written to the outbox for a link; `settle()` first. */
  notices(linkId: string): Promise<number>
  /** Stops the app, waiting for notices under way, and the notifier; the database stays open. */
  settle(): Promise<void>
  /** `settle()`, then closes the database. */
  close(): Promise<void>
}

/** Options of `startViewerFixture`; viewer options override the defaults. */
export type ViewerFixtureOptions = Partial<Pick<ViewerOptions, 'baseUrl' | 'rateLimits'>>

export async function startViewerFixture(
  options: ViewerFixtureOptions = {},
): Promise<ViewerFixture> {
  const clock = new ManualClock()
  const now = () => new Date(clock.now())
  const store = await openStore({ databaseUrl: ':memory:', now })
  const blobs = createMemoryBlobStore()
  const links = new KyselyLinkStore(store.db, blobs)
  const quiet = { info() {}, warn() {} }
  const notifier: OpenNotifier = createOpenNotifier({
    baseUrl: 'https://pdfx.example.com',
    db: store.db,
    log: quiet,
    now,
  })
  const rateLimiter = createMemoryRateLimiter({ clock: clock.now })
  const { account } = await store.createAccount({ email: 'owner@example.com', plan: 'pro' })

  const app = Fastify()
  registerErrorHandling(app)
  await app.register(viewerRoutes, {
    links,
    insights: await openVisitorInsights({}),
    isBot: isBotUserAgent,
    notifier,
    rateLimiter,
    secret: store.clientHashSecret,
    baseUrl: options.baseUrl ?? 'http://localhost:8787',
    now,
    ...(options.rateLimits && { rateLimits: options.rateLimits }),
  })
  await app.ready()

  let settling: Promise<void> | undefined
  const settle = () => {
    settling ??= (async () => {
      await app.close()
      await notifier.close()
      await rateLimiter.close()
    })()
    return settling
  }
  return {
    app,
    store,
    links,
    clock,
    accountId: account.id,
    async createLink(overrides = {}) {
      const id = newLinkId()
      const stored = await blobs.put(id, PDF_BYTES)
      const link: LinkRecord = {
        id,
        accountId: account.id,
        slug: newSlug(),
        name: 'Quarterly report',
        blobKey: id,
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
        createdAt: now().toISOString(),
        expiresAt: null,
        revokedAt: null,
        notifyOnOpen: true,
        allowDownload: false,
        ...overrides,
      }
      const result = await links.insertLink(link, null, now())
      if (result !== 'created') throw new Error(`could not insert the link: ${result}`)
      return link
    },
    async notices(linkId) {
      const rows = await store.db
        .selectFrom('outbox')
        .select('id')
        .where('link_id', '=', linkId)
        .execute()
      return rows.length
    },
    settle,
    close: async () => {
      await settle()
      await store.close()
    },
  }
}

/** What a confirmed view answers. */
export interface ConfirmedVisit {
  response: LightMyRequestResponse
  visitToken: string | null
  fileUrl: string
  /** `pdfx_visitor=<value>` to send back as the cookie, when one was set. */
  cookie: string | undefined
}

/** Loads the viewer page and reads the view ticket out of its configuration. */
export async function openViewerPage(
  app: FastifyInstance,
  slug: string,
  query = '',
): Promise<{ response: LightMyRequestResponse; config: Partial<ViewerConfig> }> {
  const response = await app.inject({
    method: 'GET',
    url: `/d/${slug}${query}`,
    headers: { 'user-agent': BROWSER_UA, accept: 'text/html' },
  })
  const json = /<script type="application\/json" id="pdfx-viewer-config">(.*?)<\/script>/s.exec(
    response.body,
  )?.[1]
  return { response, config: json === undefined ? {} : JSON.parse(json) }
}

/** Opens the page and confirms the view, the way the viewer script does. */
export async function confirmView(
  app: FastifyInstance,
  slug: string,
  options: {
    userAgent?: string | undefined
    cookie?: string | undefined
    ip?: string
    email?: string
    ticket?: string
  } = {},
): Promise<ConfirmedVisit> {
  const ticket = options.ticket ?? String((await openViewerPage(app, slug)).config.ticket)
  const userAgent = 'userAgent' in options ? options.userAgent : BROWSER_UA
  const response = await app.inject({
    method: 'POST',
    url: `/d/${slug}/visits`,
    remoteAddress: options.ip ?? '203.0.113.7',
    headers: {
      'content-type': 'application/json',
      ...(userAgent !== undefined && { 'user-agent': userAgent }),
      ...(options.cookie !== undefined && { cookie: options.cookie }),
    },
    payload: { ticket, ...(options.email !== undefined && { email: options.email }) },
  })
  const body = response.statusCode === 200 ? response.json() : {}
  const setCookie = response.cookies.find((cookie) => cookie.name === 'pdfx_visitor')
  return {
    response,
    visitToken: body.visitToken ?? null,
    fileUrl: body.fileUrl ?? '',
    cookie: setCookie === undefined ? undefined : `pdfx_visitor=${setCookie.value}`,
  }
}

/** Sends one batch of dwell events. */
export function sendEvents(
  app: FastifyInstance,
  slug: string,
  visitToken: string,
  pages: { page: number; ms: number }[],
  options: { ip?: string; contentType?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/d/${slug}/events`,
    remoteAddress: options.ip ?? '203.0.113.7',
    headers: { 'content-type': options.contentType ?? 'application/json' },
    payload: JSON.stringify({ visitToken, pages }),
  })
}
