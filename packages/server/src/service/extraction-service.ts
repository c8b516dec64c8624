import { type ExtractedDocument, type ExtractRequest, isPdfxError, PdfxError } from '@pdfx/schema'
import type { RateLimitHit } from '../limits/rate-limiter.js'
import type { Account } from '../store/store.js'

/**
 * Who is asking: an account (through an API key) or an anonymous caller known by IP only.
 * REST and MCP resolve the caller the same way (bearer key optional on extraction).
 */
export type Caller =
  | { kind: 'anonymous'; ip: string }
  | { kind: 'account'; account: Account; keyId: string; ip: string }

/**
 * Rate-limit state of a request, so transports can send `RateLimit-Policy`, `RateLimit` and (on
 * 429) `Retry-After` headers.
 */
export interface RateLimitState {
  /** Requests allowed per window. */
  limit: number
  remaining: number
  /** Seconds until the window resets. */
  resetSeconds: number
  windowSeconds: number
  /**
   * Name of the policy in the `RateLimit-Policy` and `RateLimit` headers: `minute` for the
   * per-minute request limit, `day` for the anonymous daily extractions.
   */
  policy?: string
}

/** The state a counted request leaves, for one policy's window of `windowSeconds`. */
export function rateLimitState(
  hit: RateLimitHit,
  windowSeconds: number,
  policy: string,
): RateLimitState {
  return {
    limit: hit.limit,
    remaining: hit.remaining,
    resetSeconds: Math.ceil(hit.resetMs / 1000),
    windowSeconds,
    policy,
  }
}

/** A `rate_limited` PdfxError that says which limit applied and when it resets. */
export class RateLimitedError extends PdfxError {
  readonly rateLimit: RateLimitState

  constructor(rateLimit: RateLimitState, message: string) {
    super('rate_limited', message)
    this.rateLimit = rateLimit
  }

  /** Whole seconds to wait before retrying: the `Retry-After` value, never 0. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.rateLimit.resetSeconds))
  }
}

/** True for a RateLimitedError, also from another copy of this module. */
export function isRateLimitedError(error: unknown): error is RateLimitedError {
  return isPdfxError(error) && error.code === 'rate_limited' && 'rateLimit' in error
}

/**
 * The one extraction path behind `POST /api/v1/extract` and the MCP tools `extract_pdf`,
 * `get_chunks` and `list_tables`: rate limit, quota pre-check, guarded fetch, isolated
 * extraction, then the charge (failed extractions are never charged).
 *
 * Throws `PdfxError` with the codes of @pdfx/schema; a `rate_limited` error carries
 * `rateLimit: RateLimitState` (see `RateLimitedError`).
 */
export interface ExtractionService {
  /** Counts one request against the caller's per-minute limit; throws rate_limited when over. */
  admit(caller: Caller): Promise<RateLimitState>
  /** Fetches and extracts `request.url` for an admitted caller (call `admit` first). */
  extract(caller: Caller, request: ExtractRequest, signal?: AbortSignal): Promise<ExtractedDocument>
}
