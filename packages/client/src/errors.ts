import { ErrorBodySchema, type ErrorCode, PdfxError } from '@pdfx/schema'

/** What the server said about a failed request, besides its code and message. */
export interface PdfxApiErrorInit {
  /** HTTP status of the response. */
  status: number
  code: ErrorCode
  message: string
  headers: Headers
  cause?: unknown
}

/**
 * The server answered with an error status. `status` is the HTTP status as received (it can
 * differ from the code's own status when a proxy answered), `retryAfter` the `Retry-After` header
 * in seconds, `requestId` the `x-request-id` header to quote in a support request.
 */
export class PdfxApiError extends PdfxError {
  override name = 'PdfxApiError'
  /** `x-request-id` of the response; the server logs every request under it. */
  readonly requestId: string | undefined
  /** Seconds to wait before retrying, from `Retry-After` (sent with every 429). */
  readonly retryAfter: number | undefined
  /** All response headers, e.g. `RateLimit` and `RateLimit-Policy` on a 429. */
  readonly headers: Headers
  readonly #status: number

  constructor(init: PdfxApiErrorInit) {
    super(init.code, init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.#status = init.status
    this.headers = init.headers
    this.requestId = init.headers.get('x-request-id') ?? undefined
    this.retryAfter = parseRetryAfter(init.headers.get('retry-after'))
  }

  /** HTTP status of the response, as received. */
  override get status(): number {
    return this.#status
  }
}

/**
 * The server answered, but not in a form this client understands: a body that is not JSON, or
 * that fails the @pdfx/schema schemas, usually because the server speaks another API version.
 * Code `internal`; never retried.
 */
export class PdfxResponseError extends PdfxApiError {
  override name = 'PdfxResponseError'
  /** Where the body differs from the schema; empty when it was not JSON at all. */
  readonly issues: readonly ResponseIssue[]

  constructor(init: Omit<PdfxApiErrorInit, 'code'> & { issues?: readonly ResponseIssue[] }) {
    super({ ...init, code: 'internal' })
    this.issues = init.issues ?? []
  }
}

/** One difference between a response body and its schema. */
export interface ResponseIssue {
  path: readonly PropertyKey[]
  message: string
}

/**
 * The server could not be reached, or the connection broke before the answer was read. Code
 * `unavailable`. `requestSent` is false only when no connection was ever made, so the server
 * cannot have seen the request and repeating it is safe whatever it does.
 */
export class PdfxConnectionError extends PdfxError {
  override name = 'PdfxConnectionError'
  /** False when the connection was never established (refused, unknown host, unreachable). */
  readonly requestSent: boolean

  constructor(message: string, options: { requestSent: boolean; cause?: unknown }) {
    super('unavailable', message, { cause: options.cause })
    this.requestSent = options.requestSent
  }
}

/** No complete answer arrived within `timeoutMs` (per attempt). Code `timeout`. */
export class PdfxTimeoutError extends PdfxError {
  override name = 'PdfxTimeoutError'
  /** The deadline that passed, in milliseconds. */
  readonly timeoutMs: number

  constructor(message: string, timeoutMs: number) {
    super('timeout', message)
    this.timeoutMs = timeoutMs
  }
}

/**
 * Codes for error statuses whose body is not a pdfx error (a proxy or load balancer answered):
 * only the meanings any HTTP hop shares. Anything else falls back by class.
 */
const GENERIC_STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  429: 'rate_limited',
  502: 'unavailable',
  503: 'unavailable',
  504: 'timeout',
}

/** The error for a response with an error status; `text` is its body as received. */
export function errorFromResponse(
  response: { status: number; statusText: string; headers: Headers },
  text: string,
  operation: string,
): PdfxApiError {
  const body = parseJson(text)
  const parsed = ErrorBodySchema.safeParse(body)
  if (parsed.success) {
    return new PdfxApiError({
      ...parsed.data.error,
      status: response.status,
      headers: response.headers,
    })
  }
  // A newer server may use a code this client does not know yet: keep its message, and read the
  // meaning from the status.
  const message = messageOf(body) ?? `HTTP ${response.status} ${response.statusText}`.trim()
  return new PdfxApiError({
    status: response.status,
    code: codeForStatus(response.status),
    message: `${message} (${operation})`,
    headers: response.headers,
  })
}

function codeForStatus(status: number): ErrorCode {
  return GENERIC_STATUS_CODES[status] ?? (status >= 500 ? 'internal' : 'invalid_request')
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined
  const error: unknown = body.error
  if (typeof error !== 'object' || error === null || !('message' in error)) return undefined
  return typeof error.message === 'string' && error.message !== '' ? error.message : undefined
}

/** The parsed JSON, or undefined when `text` is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * `Retry-After` in seconds. The server sends whole seconds; the HTTP-date form is read too,
 * since a proxy in front of it may use that instead.
 */
export function parseRetryAfter(value: string | null, nowMs = Date.now()): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  // Date.parse takes "-5" or "12.5" for years; an HTTP date always names its day and month.
  if (!/[a-z]/i.test(trimmed)) return undefined
  const dateMs = Date.parse(trimmed)
  if (Number.isNaN(dateMs)) return undefined
  return Math.max(0, Math.ceil((dateMs - nowMs) / 1000))
}
