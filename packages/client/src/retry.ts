import { type ErrorCode, isPdfxError } from '@pdfx/schema'
import { PdfxApiError, PdfxConnectionError, PdfxResponseError } from './errors.js'

/**
 * When an operation may be sent again after a failure:
 * - `idempotent` (GET, DELETE): after connection errors, timeouts, 429 and 5xx;
 * - `unprocessed` (extraction): only when the server certainly did no work: a 429, or a
 *   connection that was never established. A 5xx, a timeout or a broken connection may come after
 *   the document was extracted and charged, so they are left to the caller;
 * - `never` (link creation: the server has no idempotency key, so a repeat could create a second
 *   link).
 */
export type RetryMode = 'idempotent' | 'unprocessed' | 'never'

/** Default number of retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 2
/** First backoff step, in milliseconds; doubled on every further retry. */
const INITIAL_BACKOFF_MS = 500
/** Longest backoff step, in milliseconds. */
const MAX_BACKOFF_MS = 8_000
/**
 * Longest `Retry-After` the client waits on its own, in seconds: a longer one (such as the
 * anonymous daily limit) is handed to the caller at once rather than holding a call for hours.
 */
export const MAX_RETRY_AFTER_SECONDS = 60
/** Share of a `Retry-After` added at random, so clients refused together do not return together. */
const RETRY_AFTER_JITTER = 0.1

// Codes of transient server-side trouble; everything else is an answer that a repeat won't change.
const TRANSIENT_CODES: ReadonlySet<ErrorCode> = new Set(['internal', 'unavailable', 'timeout'])

/**
 * How long to wait before retry number `retry` (0 for the first) after `error`, in milliseconds,
 * or undefined when the error must not be retried in this mode. `random` returns [0, 1).
 */
export function retryDelayMs(
  error: unknown,
  mode: RetryMode,
  retry: number,
  random: () => number = Math.random,
): number | undefined {
  if (mode === 'never' || !isPdfxError(error) || error instanceof PdfxResponseError) {
    return undefined
  }
  const retryable =
    error.code === 'rate_limited' ||
    (error instanceof PdfxConnectionError && !error.requestSent) ||
    (mode === 'idempotent' && TRANSIENT_CODES.has(error.code))
  if (!retryable) return undefined
  const retryAfter = error instanceof PdfxApiError ? error.retryAfter : undefined
  if (retryAfter === undefined) return backoffMs(retry, random)
  // Retrying earlier than asked only earns another refusal; waiting longer is the caller's call.
  if (retryAfter > MAX_RETRY_AFTER_SECONDS) return undefined
  return retryAfter * 1000 * (1 + RETRY_AFTER_JITTER * random())
}

/**
 * Exponential backoff with "equal jitter": half of the step is fixed, so retries never come back
 * at once, and half is random, so clients that failed together spread out.
 */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const step = Math.min(MAX_BACKOFF_MS, INITIAL_BACKOFF_MS * 2 ** retry)
  return step / 2 + (step / 2) * random()
}

/** Waits `ms` milliseconds; rejects with the signal's reason as soon as it aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

/** The default Sleep, on setTimeout. */
export const sleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
