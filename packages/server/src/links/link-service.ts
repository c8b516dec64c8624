import { assertNoFlateBomb } from '@pdfx/core'
import {
  type CreateLinkRequest,
  type DocLink,
  type DocLinkList,
  type DocLinkRevoked,
  type DocLinkStats,
  MAX_LINKS_PER_LIST,
  PdfxError,
  type Visit,
} from '@pdfx/schema'
import type { PdfFetcher } from '../fetch/fetch-pdf.js'
import type { Clock, RateLimiter } from '../limits/index.js'
import { type Caller, RateLimitedError, rateLimitState } from '../service/extraction-service.js'
import type { BlobStore } from './blob-store.js'
import { newLinkId, newSlug } from './ids.js'
import type { LinkLibrary, VisitRecord } from './kysely-link-store.js'
import type { LinkRecord } from './link-store.js'

/** An account caller: every Doc Link operation needs an API key (SPEC §5.4). */
export type AccountCaller = Extract<Caller, { kind: 'account' }>

/** The Doc Link limits of SPEC §8; tests use small ones. */
export interface LinkLimits {
  /** Active links a `free` account may hold; revoked and expired links do not count. */
  freeActiveLinks: number
  /** Link creations per account and window, shared by all its keys. */
  uploadsPerWindow: number
  uploadWindowSeconds: number
  /** Visit rows `include=visits` returns, newest first. */
  recentVisits: number
}

/** SPEC §8: 3 active links on `free`; 40 uploads per hour per account. */
export const DEFAULT_LINK_LIMITS: LinkLimits = {
  freeActiveLinks: 3,
  uploadsPerWindow: 40,
  uploadWindowSeconds: 3600,
  recentVisits: 100,
}

const UPGRADE_NOTE =
  'Countries, companies and per-page reading time are part of the pro plan; this link records them already.'
// A generated slug colliding is a 1-in-2^80 event; a few fresh draws settle it.
const GENERATED_SLUG_ATTEMPTS = 3

/** What the Doc Link service is built from. */
export interface LinkServiceDeps {
  library: LinkLibrary
  blobs: BlobStore
  fetcher: Pick<PdfFetcher, 'fetchPdf'>
  rateLimiter: RateLimiter
  /** Public origin of the viewer, without a trailing slash. */
  baseUrl: string
  clock?: Clock
  limits?: Partial<LinkLimits>
}

/** The four Doc Link operations behind REST (SPEC §4.2-4.5) and the MCP link tools. */
export interface LinkService {
  readonly limits: LinkLimits
  create(caller: AccountCaller, request: CreateLinkRequest, signal?: AbortSignal): Promise<DocLink>
  list(caller: AccountCaller): Promise<DocLinkList>
  stats(
    caller: AccountCaller,
    idOrSlug: string,
    options?: { includeVisits?: boolean },
  ): Promise<DocLinkStats>
  revoke(caller: AccountCaller, idOrSlug: string): Promise<DocLinkRevoked>
}

/**
 * Creates the Doc Link service. Creation checks everything it can before fetching (plan, free
 * slots, slug, upload rate), stores the PDF, then inserts the row under the account's lock; a
 * failure at any step leaves neither a blob nor a row behind.
 */
export function createLinkService(deps: LinkServiceDeps): LinkService {
  const { library, blobs, fetcher, rateLimiter, baseUrl } = deps
  const clock = deps.clock ?? Date.now
  const limits: LinkLimits = { ...DEFAULT_LINK_LIMITS, ...deps.limits }
  const publicUrl = (slug: string) => `${baseUrl}/d/${slug}`
  const activeLimitOf = (caller: AccountCaller) =>
    caller.account.plan === 'free' ? limits.freeActiveLinks : null

  async function findOwned(caller: AccountCaller, idOrSlug: string): Promise<LinkRecord> {
    const link = await library.findOwned(caller.account.id, idOrSlug)
    // Another account's link is reported exactly like a missing one: ids are not confirmed.
    if (link === null) throw new PdfxError('not_found', `No Doc Link "${idOrSlug}" on this account`)
    return link
  }

  async function checkBeforeFetch(caller: AccountCaller, request: CreateLinkRequest, now: Date) {
    const { plan, id: accountId } = caller.account
    if (request.slug !== undefined && plan !== 'pro') {
      throw new PdfxError('plan_limit', 'Custom slugs are a pro plan feature')
    }
    if (request.expiresAt !== undefined && Date.parse(request.expiresAt) <= now.getTime()) {
      throw new PdfxError('invalid_request', 'expiresAt must be in the future')
    }
    const activeLimit = activeLimitOf(caller)
    if (activeLimit !== null && (await library.countActive(accountId, now)) >= activeLimit) {
      throw slotLimit(activeLimit)
    }
    if (request.slug !== undefined && (await library.isSlugTaken(request.slug))) {
      throw slugTaken(request.slug)
    }
    // Counted last, so that requests refused above do not use up the hour's uploads.
    const windowMs = limits.uploadWindowSeconds * 1000
    const hit = await rateLimiter.hit(`uploads:${accountId}`, limits.uploadsPerWindow, windowMs)
    if (!hit.allowed) {
      const state = rateLimitState(hit, limits.uploadWindowSeconds, 'uploads')
      throw new RateLimitedError(
        state,
        `Limit of ${hit.limit} link creations per hour reached for this account; retry in ${state.resetSeconds} s`,
      )
    }
  }

  async function create(
    caller: AccountCaller,
    request: CreateLinkRequest,
    signal?: AbortSignal,
  ): Promise<DocLink> {
    await checkBeforeFetch(caller, request, new Date(clock()))
    const { bytes, filename } = await fetcher.fetchPdf(request.url, signal)
    // The viewer hands these bytes to visitors' browsers, whose pdf.js would inflate a bomb.
    await assertNoFlateBomb(bytes)
    const id = newLinkId()
    const stored = await blobs.put(id, bytes)
    try {
      for (let attempt = 1; ; attempt++) {
        const now = new Date(clock())
        const link: LinkRecord = {
          id,
          accountId: caller.account.id,
          slug: request.slug ?? newSlug(),
          name: request.name ?? filename ?? 'document.pdf',
          blobKey: id,
          sizeBytes: stored.sizeBytes,
          sha256: stored.sha256,
          createdAt: now.toISOString(),
          expiresAt:
            request.expiresAt === undefined ? null : new Date(request.expiresAt).toISOString(),
          revokedAt: null,
          notifyOnOpen: request.notifyOnOpen,
          allowDownload: request.allowDownload,
        }
        const result = await library.insertLink(link, activeLimitOf(caller), now)
        if (result === 'created') {
          return {
            id: link.id,
            slug: link.slug,
            link: publicUrl(link.slug),
            name: link.name,
            expiresAt: link.expiresAt,
          }
        }
        // Another creation took the last slot or the slug while this one was fetching.
        if (result === 'slot_limit') throw slotLimit(limits.freeActiveLinks)
        if (request.slug !== undefined || attempt === GENERATED_SLUG_ATTEMPTS) {
          throw slugTaken(link.slug)
        }
      }
    } catch (error) {
      // The refusal is what the caller must hear; a blob whose delete failed is unreachable.
      await blobs.delete(id).catch(() => {})
      throw error
    }
  }

  return {
    limits,
    create,

    async list(caller) {
      const links = await library.list(caller.account.id, MAX_LINKS_PER_LIST)
      return {
        links: links.map((link) => ({
          id: link.id,
          slug: link.slug,
          link: publicUrl(link.slug),
          name: link.name,
          disabled: link.revokedAt !== null,
          createdAt: link.createdAt,
          totalViews: link.totalViews,
          expiresAt: link.expiresAt,
          sizeBytes: link.sizeBytes,
          lastViewAt: link.lastViewAt,
        })),
      }
    },

    async stats(caller, idOrSlug, options = {}) {
      const link = await findOwned(caller, idOrSlug)
      const premium = caller.account.plan === 'pro'
      const totals = await library.totals(link.id)
      const stats: DocLinkStats = {
        id: link.id,
        slug: link.slug,
        link: publicUrl(link.slug),
        name: link.name,
        plan: caller.account.plan,
        disabled: link.revokedAt !== null,
        expiresAt: link.expiresAt,
        totalViews: totals.totalViews,
        visitors: totals.visitors,
        lastVisit: totals.lastVisit,
      }
      if (premium) {
        const [countries, companies, pages] = await Promise.all([
          library.countries(link.id),
          library.companies(link.id),
          library.pages(link.id),
        ])
        stats.countries = countries.map(({ key, visits }) => ({ country: key, visits }))
        stats.companies = companies.map(({ key, visits }) => ({ company: key, visits }))
        stats.pages = pages.map(({ page, views, dwellMs }) => ({
          page,
          views,
          avgMs: views === 0 ? 0 : Math.round(dwellMs / views),
        }))
      } else {
        stats.upgradeNote = UPGRADE_NOTE
      }
      if (options.includeVisits) {
        const visits = await library.recentVisits(link.id, limits.recentVisits)
        stats.visits = visits.map((visit) => toVisit(visit, premium))
      }
      return stats
    },

    async revoke(caller, idOrSlug) {
      const link = await findOwned(caller, idOrSlug)
      const revoked = await library.revoke(link.id, new Date(clock()))
      return { id: revoked.id, slug: revoked.slug, disabled: true }
    },
  }
}

/** A visit row on the wire; where the visitor came from is enrichment for premium plans. */
function toVisit(row: VisitRecord, premium: boolean): Visit {
  const visit: Visit = {
    id: row.id,
    startedAt: row.started_at,
    lastSeenAt: row.last_seen_at,
    visitor: row.visitor,
    pagesViewed: row.pages_viewed,
    durationMs: row.duration_ms,
  }
  if (row.email !== null) visit.email = row.email
  if (row.device !== null) visit.device = row.device as NonNullable<Visit['device']>
  if (premium) {
    if (row.country !== null) visit.country = row.country
    if (row.company !== null) visit.company = row.company
    if (row.network !== null) visit.network = row.network as NonNullable<Visit['network']>
  }
  return visit
}

function slotLimit(limit: number): PdfxError {
  return new PdfxError(
    'plan_limit',
    `The free plan allows ${limit} active Doc Links; revoke one or upgrade to pro`,
  )
}

function slugTaken(slug: string): PdfxError {
  return new PdfxError('slug_taken', `The slug "${slug}" is already taken`)
}
