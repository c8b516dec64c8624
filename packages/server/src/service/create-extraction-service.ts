import type { ExtractedDocument, ExtractRequest } from '@pdfx/schema'
import { PdfxError } from '@pdfx/schema'
import type { PdfFetcher } from '../fetch/fetch-pdf.js'
import type { ExtractionPool } from '../isolation/index.js'
import {
  type Clock,
  type ExtractionLimits,
  type LimitOverrides,
  type RateLimiter,
  resolveLimits,
} from '../limits/index.js'
import { type Account, clientBucketHash, pageBalance, type Store, utcDay } from '../store/index.js'
import {
  type Caller,
  type ExtractionService,
  RateLimitedError,
  type RateLimitState,
  rateLimitState,
} from './extraction-service.js'

const DAY_SECONDS = 86_400

/** What the extraction service is built from. */
export interface ExtractionServiceDeps {
  store: Store
  fetcher: Pick<PdfFetcher, 'fetchPdf'>
  pool: Pick<ExtractionPool, 'extract'>
  rateLimiter: RateLimiter
  /** Milliseconds since the epoch; drives rate windows, the UTC day and the quota month. */
  clock?: Clock
  limits?: LimitOverrides
}

/** The extraction service, with the limits it enforces (for operators and tests). */
export interface DefaultExtractionService extends ExtractionService {
  readonly limits: ExtractionLimits
}

/**
 * Creates the one extraction path shared by REST and MCP. Accounts are checked against their
 * page balance before the fetch and charged after a successful extraction; anonymous callers use
 * one of their daily extractions, given back when the extraction fails.
 */
export function createExtractionService(deps: ExtractionServiceDeps): DefaultExtractionService {
  const { store, fetcher, pool, rateLimiter } = deps
  const clock = deps.clock ?? Date.now
  const limits = resolveLimits(deps.limits)
  const windowMs = limits.windowSeconds * 1000

  function bucketOf(ip: string): string {
    return clientBucketHash(ip, store.clientHashSecret)
  }

  async function admit(caller: Caller): Promise<RateLimitState> {
    const tier = caller.kind === 'anonymous' ? 'anonymous' : caller.account.plan
    // Keys by key id, not account: SPEC §8 limits requests per key. Anonymous callers are keyed
    // by the hash of their bucket, so no address is ever written to Redis.
    const key = caller.kind === 'anonymous' ? `anon:${bucketOf(caller.ip)}` : `key:${caller.keyId}`
    const limit = limits.requestsPerWindow[tier]
    const hit = await rateLimiter.hit(key, limit, windowMs)
    const state = rateLimitState(hit, limits.windowSeconds, policyName(limits.windowSeconds))
    if (!hit.allowed) {
      throw new RateLimitedError(
        state,
        `Rate limit of ${limit} requests per ${windowLabel(limits.windowSeconds)} reached; retry in ${Math.max(1, state.resetSeconds)} s`,
      )
    }
    return state
  }

  async function fetchAndExtract(
    request: ExtractRequest,
    signal: AbortSignal | undefined,
  ): Promise<ExtractedDocument> {
    const { bytes } = await fetcher.fetchPdf(request.url, signal)
    return pool.extract(
      bytes,
      { mode: request.mode, outputs: request.outputs, chunkTokens: request.chunkTokens },
      signal,
    )
  }

  async function extractForAccount(
    account: Account,
    request: ExtractRequest,
    signal: AbortSignal | undefined,
  ): Promise<ExtractedDocument> {
    // The account was read with the key a moment ago; the charge below is what decides.
    if (pageBalance(account, new Date(clock())).total <= 0) {
      throw new PdfxError(
        'quota_exceeded',
        'The monthly page quota is used up and no credits are left',
      )
    }
    const document = await fetchAndExtract(request, signal)
    const pages = document.source.pages
    if (pages > 0) {
      // The pre-check can pass for many requests at once; this conditional charge is what
      // decides, and a document it cannot pay for is not returned.
      const charge = await store.chargePages(account.id, pages, new Date(clock()))
      if (!charge.ok) {
        throw new PdfxError(
          'quota_exceeded',
          `The PDF has ${pages} pages, more than the monthly quota and credits left`,
        )
      }
    }
    return document
  }

  async function extractAnonymously(
    ip: string,
    request: ExtractRequest,
    signal: AbortSignal | undefined,
  ): Promise<ExtractedDocument> {
    const nowMs = clock()
    const bucket = bucketOf(ip)
    const day = utcDay(new Date(nowMs))
    if (!(await store.consumeAnonymous(bucket, day, limits.anonymousPerDay))) {
      const resetSeconds = Math.ceil((DAY_SECONDS * 1000 - (nowMs % (DAY_SECONDS * 1000))) / 1000)
      throw new RateLimitedError(
        {
          limit: limits.anonymousPerDay,
          remaining: 0,
          resetSeconds,
          windowSeconds: DAY_SECONDS,
          policy: 'day',
        },
        `The anonymous trial allows ${limits.anonymousPerDay} extractions per day; use an API key or retry after midnight UTC`,
      )
    }
    try {
      return await fetchAndExtract(request, signal)
    } catch (error) {
      // A failed extraction is given back. Should the refund itself fail, the caller still
      // learns what went wrong with the extraction, which matters more than one counted try.
      await store.refundAnonymous(bucket, day).catch(() => {})
      throw error
    }
  }

  return {
    limits,
    admit,
    extract(caller, request, signal) {
      return caller.kind === 'account'
        ? extractForAccount(caller.account, request, signal)
        : extractAnonymously(caller.ip, request, signal)
    },
  }
}

function policyName(windowSeconds: number): string {
  return windowSeconds === 60 ? 'minute' : `${windowSeconds}s`
}

function windowLabel(windowSeconds: number): string {
  return windowSeconds === 60 ? 'minute' : `${windowSeconds} s`
}
