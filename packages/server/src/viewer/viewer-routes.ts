import fastifyCookie from '@fastify/cookie'
import { PdfxError, SlugSchema } from '@pdfx/schema'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { RateLimiter } from '../limits/index.js'
import { availabilityOf, type LinkRecord, type LinkStore } from '../links/link-store.js'
import { composeFirstOpenEmail, type OpenNotifier } from '../links/notifier.js'
import type { VisitorInsights } from '../links/visitor-insights.js'
import { clientIp } from '../plugins/auth.js'
import { requireJsonContentType } from '../plugins/json-only.js'
import { RateLimitedError, rateLimitState } from '../service/extraction-service.js'
import { clientBucketHash } from '../store/client-bucket.js'
import { clampDwell } from './dwell-clamp.js'
import { contentDisposition, pdfFileName } from './pdf-file-name.js'
import {
  IMMUTABLE_CACHE_CONTROL,
  PDF_CACHE_CONTROL,
  PDF_CSP,
  VIEWER_HEADERS,
} from './security-headers.js'
import { signViewToken, type TokenCheck, verifyViewToken } from './view-tokens.js'
import { ASSETS_PREFIX, loadViewerAssets } from './viewer-assets.js'
import { deriveViewerKeys } from './viewer-keys.js'
import { type GoneKind, renderGonePage, renderViewerPage } from './viewer-page.js'
import { parseEmail, parseEventsRequest, parseVisitRequest } from './viewer-requests.js'
import {
  dailyHash,
  isVisitorId,
  linkVisitor,
  newVisitorId,
  startOfUtcDay,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE_SECONDS,
} from './visitor-identity.js'

/** What the viewer is built from; it owns none of it. */
export interface ViewerOptions {
  links: LinkStore
  insights: VisitorInsights
  /** `isBotUserAgent`: views from crawlers, unfurlers and scripts are shown but not counted. */
  isBot: (userAgent: string | undefined) => boolean
  notifier: OpenNotifier
  rateLimiter: RateLimiter
  /** The installation secret (`Store.clientHashSecret`); every viewer key is derived from it. */
  secret: string
  /** Public origin without a trailing slash; the visitor cookie is `Secure` when it is https. */
  baseUrl: string
  now: () => Date
  /** Overrides of VIEWER_RATE_LIMITS, for tests. */
  rateLimits?: Partial<ViewerRateLimits>
}

/** Requests per minute one client network (IPv4 address, IPv6 /64) may send to each route. */
export interface ViewerRateLimits {
  visits: number
  events: number
  file: number
}

/**
 * Per-minute limits: a reader opens a few documents a minute, and the viewer sends one batch of
 * events every FLUSH_MS plus one when a tab is hidden; offices behind one address need room.
 */
export const VIEWER_RATE_LIMITS: ViewerRateLimits = { visits: 30, events: 240, file: 60 }

/** How often the viewer sends its dwell batch while the page stays open, in milliseconds. */
export const FLUSH_MS = 10_000

/** The view ticket in the page: long enough to load the page, short enough not to be kept. */
export const TICKET_TTL_MS = 15 * 60_000
/** A visit token covers one sitting; a tab left open longer stops reporting. */
export const VISIT_TOKEN_TTL_MS = 12 * 60 * 60_000
/** The PDF URL is fetched right after the visit starts; it must be useless soon afterwards. */
export const FILE_TOKEN_TTL_MS = 2 * 60_000

const RATE_WINDOW_MS = 60_000

/**
 * The public side of Doc Links, registered at the root of the app:
 *
 * - `GET /d/:slug`: the viewer page (404 page when revoked or unknown, 410 page when expired);
 *   fetching it counts nothing.
 * - `POST /d/:slug/visits`: the page's script confirms the view; answers a visit token and a
 *   short-lived file URL.
 * - `GET /d/:slug/file?t=`: the PDF bytes, for a file token of this link only.
 * - `POST /d/:slug/events`: dwell per page, validated and clamped.
 * - `GET /assets/viewer/*`: the viewer's script, style and pdf.js, from a fixed list.
 *
 * Every route of a link checks its availability first: revoked 404, expired 410.
 */
export const viewerRoutes: FastifyPluginAsync<ViewerOptions> = async (app, options) => {
  const { links, rateLimiter, now } = options
  const keys = deriveViewerKeys(options.secret)
  const assets = await loadViewerAssets()
  const limits = { ...VIEWER_RATE_LIMITS, ...options.rateLimits }
  const secureCookie = new URL(options.baseUrl).protocol === 'https:'

  // Encapsulated: the cookie parser and its signing key serve these routes only.
  await app.register(fastifyCookie, { secret: keys.cookie, hook: 'onRequest' })
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(VIEWER_HEADERS)
  })

  /** Counts a request of a client network against one route's per-minute limit. */
  async function admit(request: FastifyRequest, route: keyof ViewerRateLimits): Promise<void> {
    const client = clientBucketHash(clientIp(request), options.secret)
    const hit = await rateLimiter.hit(`viewer:${route}:${client}`, limits[route], RATE_WINDOW_MS)
    if (hit.allowed) return
    const state = rateLimitState(hit, RATE_WINDOW_MS / 1000, 'minute')
    throw new RateLimitedError(
      state,
      `Rate limit of ${hit.limit} requests per minute reached; retry in ${Math.max(1, state.resetSeconds)} s`,
    )
  }

  /** The link behind a slug, or why it does not serve: 404 (revoked, unknown), 410 (expired). */
  async function openLink(slug: string): Promise<LinkRecord | GoneKind> {
    if (!SlugSchema.safeParse(slug).success) return 'not_found'
    const link = await links.findBySlug(slug)
    if (link === null) return 'not_found'
    const availability = availabilityOf(link, now())
    if (availability === 'active') return link
    return availability === 'expired' ? 'expired' : 'not_found'
  }

  /**
   * Answers for a link that does not serve: the small HTML page to a browser navigating there,
   * the API's error body to the viewer's script.
   */
  function refuse(reply: FastifyReply, kind: GoneKind, html: boolean): FastifyReply {
    const status = kind === 'expired' ? 410 : 404
    if (html) {
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(renderGonePage(kind, assets.urls))
    }
    const error =
      kind === 'expired'
        ? new PdfxError('link_expired', 'This link has expired')
        : new PdfxError('not_found', 'No such link')
    return reply.code(status).send(error.toBody())
  }

  const wantsHtml = (request: FastifyRequest) =>
    (request.headers.accept ?? '').includes('text/html')

  /** A token's claims if it is ours, current and of this link: else 400, or 403 for another link. */
  function tokenOfLink(check: TokenCheck, link: LinkRecord, what: string) {
    if (!check.ok) {
      const problem = check.reason === 'expired' ? 'has expired' : 'is not valid'
      throw new PdfxError('invalid_request', `The ${what} ${problem}; reload the page`)
    }
    if (check.claims.linkId !== link.id) {
      throw new PdfxError('forbidden', `The ${what} belongs to another link`)
    }
    return check.claims
  }

  app.get<{ Params: { slug: string }; Querystring: { email?: unknown } }>(
    '/d/:slug',
    async (request, reply) => {
      const link = await openLink(request.params.slug)
      if (typeof link === 'string') return refuse(reply, link, true)
      const issuedAtMs = now().getTime()
      const ticket = signViewToken(
        { linkId: link.id, issuedAtMs, expiresAtMs: issuedAtMs + TICKET_TTL_MS },
        keys.ticket,
      )
      const base = `/d/${link.slug}`
      const page = renderViewerPage(
        {
          name: link.name,
          ticket,
          email: parseEmail(request.query.email),
          visitsUrl: `${base}/visits`,
          eventsUrl: `${base}/events`,
          allowDownload: link.allowDownload,
          fileName: pdfFileName(link.name),
          pdfjs: assets.urls.pdfjs,
        },
        assets.urls,
      )
      return reply.type('text/html; charset=utf-8').send(page)
    },
  )

  app.post<{ Params: { slug: string } }>(
    '/d/:slug/visits',
    {
      onRequest: async (request) => {
        await admit(request, 'visits')
        await requireJsonContentType(request)
      },
    },
    async (request, reply) => {
      const link = await openLink(request.params.slug)
      if (typeof link === 'string') return refuse(reply, link, false)
      const body = parseVisitRequest(request.body)
      const at = now()
      tokenOfLink(verifyViewToken(body.ticket, keys.ticket, at.getTime()), link, 'view ticket')
      const userAgent = request.headers['user-agent']
      if (options.isBot(userAgent)) {
        // Shown, never counted: no visit, no cookie, no notification.
        return { visitToken: null, fileUrl: fileUrl(link, undefined, at), flushMs: FLUSH_MS }
      }
      const ip = clientIp(request)
      const daily = dailyHash(keys.daily, at, ip, userAgent)
      // The cookie first; without one, today's visit of this link from the same network and
      // browser; else someone new. The cookie is (re)issued either way.
      const cookieId = visitorIdOf(request)
      const browserId = cookieId ?? newVisitorId()
      const visitor =
        (cookieId === undefined
          ? await links.findVisitorByDailyHash(link.id, daily, startOfUtcDay(at))
          : null) ?? linkVisitor(keys.visitor, link.id, browserId)
      const insight = options.insights.describe({ ip, userAgent, email: body.email })
      const started = await links.startVisit(
        {
          linkId: link.id,
          visitor,
          dailyHash: daily,
          email: body.email,
          country: insight.country,
          company: insight.company,
          network: insight.network,
          device: insight.device,
        },
        at,
        link.notifyOnOpen
          ? (ownerEmail) =>
              composeFirstOpenEmail({
                link: {
                  id: link.id,
                  name: link.name,
                  slug: link.slug,
                  url: `${options.baseUrl}/d/${link.slug}`,
                },
                ownerEmail,
                visit: {
                  startedAt: at.toISOString(),
                  email: body.email,
                  country: insight.country,
                  company: insight.company,
                },
              })
          : undefined,
      )
      // The notice is queued with the visit; sending it does not keep the reader waiting (the
      // notifier never rejects, and its close() waits for deliveries under way).
      if (started.noticeId !== undefined) void options.notifier.deliver(started.noticeId)
      // Set on every counted view, so the cookie lives a year from the last one.
      reply.setCookie(VISITOR_COOKIE, browserId, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookie,
        path: '/d',
        maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS,
      })
      const visitToken = signViewToken(
        {
          linkId: link.id,
          visitId: started.visitId,
          issuedAtMs: at.getTime(),
          expiresAtMs: at.getTime() + VISIT_TOKEN_TTL_MS,
        },
        keys.visit,
      )
      return { visitToken, fileUrl: fileUrl(link, started.visitId, at), flushMs: FLUSH_MS }
    },
  )

  app.get<{ Params: { slug: string }; Querystring: { t?: unknown; download?: unknown } }>(
    '/d/:slug/file',
    { onRequest: async (request) => admit(request, 'file') },
    async (request, reply) => {
      const link = await openLink(request.params.slug)
      if (typeof link === 'string') return refuse(reply, link, wantsHtml(request))
      const token = typeof request.query.t === 'string' ? request.query.t : ''
      const check = verifyViewToken(token, keys.file, now().getTime())
      if (!check.ok || check.claims.linkId !== link.id) {
        throw new PdfxError('forbidden', 'This file URL is not valid for this link, or has expired')
      }
      const download = request.query.download === '1'
      if (download && !link.allowDownload) {
        throw new PdfxError('forbidden', 'Downloading is not allowed for this link')
      }
      const pdf = await links.openPdf(link)
      if (pdf === null) return refuse(reply, 'not_found', wantsHtml(request))
      // A HEAD request wants the headers only: the stored bytes are left unread (fastify's HEAD
      // route would otherwise drain the stream to throw its bytes away).
      if (request.method === 'HEAD') pdf.stream.destroy()
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', pdf.sizeBytes)
        .header('cache-control', PDF_CACHE_CONTROL)
        .header('content-security-policy', PDF_CSP)
        .header(
          'content-disposition',
          contentDisposition(download ? 'attachment' : 'inline', pdfFileName(link.name)),
        )
        .send(pdf.stream)
    },
  )

  app.post<{ Params: { slug: string } }>(
    '/d/:slug/events',
    {
      onRequest: async (request) => {
        await admit(request, 'events')
        await requireJsonContentType(request)
      },
    },
    async (request, reply) => {
      const link = await openLink(request.params.slug)
      if (typeof link === 'string') return refuse(reply, link, false)
      const body = parseEventsRequest(request.body)
      const at = now()
      const claims = tokenOfLink(
        verifyViewToken(body.visitToken, keys.visit, at.getTime()),
        link,
        'visit token',
      )
      const visit = claims.visitId === undefined ? null : await links.getVisit(claims.visitId)
      if (visit === null || visit.linkId !== link.id) {
        throw new PdfxError('forbidden', 'The visit token names no visit of this link')
      }
      const dwell = clampDwell(body.pages, at.getTime() - Date.parse(visit.lastSeenAt))
      if (dwell.length > 0) await links.recordDwell(visit.id, dwell, at)
      return reply.code(204).send()
    },
  )

  // Any other path under a link is no page of ours: the same 404 page as an unknown link. A
  // trailing slash, added by hand or by a mail client, still leads to the document.
  app.get<{ Params: { '*': string } }>('/d/*', async (request, reply) => {
    const slug = /^([^/]+)\/$/.exec(request.params['*'])?.[1]
    if (slug !== undefined && SlugSchema.safeParse(slug).success) {
      const query = request.url.indexOf('?')
      return reply.redirect(`/d/${slug}${query === -1 ? '' : request.url.slice(query)}`, 308)
    }
    return refuse(reply, 'not_found', true)
  })

  app.get<{ Params: { '*': string } }>(`${ASSETS_PREFIX}*`, async (request, reply) => {
    const asset = await assets.read(request.params['*'])
    if (asset === undefined) throw new PdfxError('not_found', 'No such viewer asset')
    const accepted = String(request.headers['accept-encoding'] ?? '')
    const [encoding, bytes] =
      asset.br && /\bbr\b/.test(accepted)
        ? ['br', asset.br]
        : asset.gzip && /\bgzip\b/.test(accepted)
          ? ['gzip', asset.gzip]
          : [undefined, asset.identity]
    if (asset.br) reply.header('vary', 'accept-encoding')
    if (encoding) reply.header('content-encoding', encoding)
    return reply
      .header('content-type', asset.contentType)
      .header('cache-control', IMMUTABLE_CACHE_CONTROL)
      .send(bytes)
  })

  /** The visitor id of a valid signed cookie; a forged or damaged one is ignored. */
  function visitorIdOf(request: FastifyRequest): string | undefined {
    const raw = request.cookies[VISITOR_COOKIE]
    if (raw === undefined) return undefined
    const unsigned = request.unsignCookie(raw)
    return unsigned.valid && unsigned.value !== null && isVisitorId(unsigned.value)
      ? unsigned.value
      : undefined
  }

  /** A file URL good for FILE_TOKEN_TTL_MS, for this link and visit only. */
  function fileUrl(link: LinkRecord, visitId: string | undefined, at: Date): string {
    const token = signViewToken(
      {
        linkId: link.id,
        visitId,
        issuedAtMs: at.getTime(),
        expiresAtMs: at.getTime() + FILE_TOKEN_TTL_MS,
      },
      keys.file,
    )
    return `/d/${link.slug}/file?t=${token}`
  }
}
