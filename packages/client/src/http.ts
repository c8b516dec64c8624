import {
  errorFromResponse,
  PdfxConnectionError,
  PdfxResponseError,
  PdfxTimeoutError,
  parseJson,
  type ResponseIssue,
} from './errors.js'
import { type RetryMode, retryDelayMs, type Sleep } from './retry.js'

/** The part of `fetch` the client uses; the global `fetch` of every runtime fits. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

/**
 * What checks a response body: any zod schema fits. Kept structural so the client needs no
 * import of zod of its own.
 */
export interface ResponseSchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly ResponseIssue[] } }
}

/** Options every method takes as its last argument. */
export interface RequestOptions {
  /** Cancels the call, including any wait between retries; the call rejects with its reason. */
  signal?: AbortSignal | undefined
  /** Overrides the client's `timeoutMs` for this call (each attempt), in milliseconds. */
  timeoutMs?: number | undefined
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number | undefined
}

/** Settings shared by every call of one client. */
export interface Transport {
  /** Origin (and optional path prefix) without a trailing slash. */
  baseUrl: string
  apiKey: string | undefined
  timeoutMs: number
  maxRetries: number
  validateResponses: boolean
  fetch: FetchLike
  sleep: Sleep
}

/** One REST operation. */
export interface Call<T> {
  method: 'GET' | 'POST' | 'DELETE'
  /** Path below the base URL, e.g. `/api/v1/extract`, already encoded. */
  path: string
  body?: unknown
  schema: ResponseSchema<T>
  retry: RetryMode
}

// setTimeout fires at once for delays past 2^31 - 1 ms, so longer timeouts mean "none".
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * Sends a call, retrying as its RetryMode allows, and returns the parsed body of the first
 * successful answer. Rejects with a PdfxError subclass, or with the signal's reason on abort.
 */
export async function send<T>(
  transport: Transport,
  call: Call<T>,
  options: RequestOptions = {},
): Promise<T> {
  const maxRetries = options.maxRetries ?? transport.maxRetries
  const { signal } = options
  for (let retry = 0; ; retry++) {
    signal?.throwIfAborted()
    try {
      return await attempt(transport, call, options)
    } catch (error) {
      const delayMs = retry < maxRetries ? retryDelayMs(error, call.retry, retry) : undefined
      if (delayMs === undefined || signal?.aborted) throw error
      await transport.sleep(delayMs, signal)
    }
  }
}

/** One request and its answer, under the per-attempt timeout. */
async function attempt<T>(
  transport: Transport,
  call: Call<T>,
  options: RequestOptions,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? transport.timeoutMs
  const operation = `${call.method} ${call.path}`
  // One controller per attempt joins the caller's signal and the timeout; AbortSignal.any would
  // too, but is missing from older browsers and Safari before 17.4.
  const controller = new AbortController()
  const forwardAbort = () => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', forwardAbort, { once: true })
  let timedOut = false
  const timer =
    timeoutMs <= MAX_TIMER_MS
      ? setTimeout(() => {
          timedOut = true
          controller.abort()
        }, timeoutMs)
      : undefined
  const failure = (error: unknown, requestSent: boolean): unknown => {
    if (options.signal?.aborted) return options.signal.reason
    if (timedOut) {
      return new PdfxTimeoutError(`${operation} got no answer within ${timeoutMs} ms`, timeoutMs)
    }
    const sent = requestSent || !neverConnected(error)
    const message = sent
      ? `${operation}: the connection to ${transport.baseUrl} broke before the answer arrived`
      : `${operation}: could not connect to ${transport.baseUrl}`
    return new PdfxConnectionError(`${message} (${describe(error)})`, {
      requestSent: sent,
      cause: error,
    })
  }
  try {
    let response: Response
    try {
      response = await transport.fetch(`${transport.baseUrl}${call.path}`, {
        method: call.method,
        headers: headersFor(transport, call),
        ...(call.body !== undefined && { body: JSON.stringify(call.body) }),
        signal: controller.signal,
      })
    } catch (error) {
      throw failure(error, false)
    }
    let text: string
    try {
      // Still under the timeout: a server that sends headers and then stalls is no answer either.
      text = await response.text()
    } catch (error) {
      throw failure(error, true)
    }
    if (!response.ok) throw errorFromResponse(response, text, operation)
    return readBody(transport, call, response, text, operation)
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', forwardAbort)
  }
}

function headersFor(transport: Transport, call: Call<unknown>): Record<string, string> {
  return {
    accept: 'application/json',
    // The server refuses mutating requests without a JSON content type (request-forgery
    // protection), DELETE included, so every non-GET call declares one and sends a JSON body.
    ...(call.method !== 'GET' && { 'content-type': 'application/json' }),
    ...(transport.apiKey !== undefined && { authorization: `Bearer ${transport.apiKey}` }),
  }
}

function readBody<T>(
  transport: Transport,
  call: Call<T>,
  response: Response,
  text: string,
  operation: string,
): T {
  const body = parseJson(text)
  const base = { status: response.status, headers: response.headers }
  if (body === undefined) {
    throw new PdfxResponseError({
      ...base,
      message: `${operation} answered with a body that is not JSON`,
    })
  }
  if (!transport.validateResponses) return body as T
  const parsed = call.schema.safeParse(body)
  if (parsed.success) return parsed.data
  const { issues } = parsed.error
  const listed = issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ')
  throw new PdfxResponseError({
    ...base,
    issues,
    message:
      `${operation} answered with a body this version of @pdfx/client does not understand ` +
      `(${listed}${issues.length > 3 ? `; and ${issues.length - 3} more` : ''}). The server ` +
      'may speak another API version: update @pdfx/client, or create the client with ' +
      '`validateResponses: false` to accept such answers unchecked.',
  })
}

/**
 * Error codes of a connection that was never established, so the request cannot have reached
 * the server: Node (undici) sets them on `cause`, Bun on the error itself. Browsers and Deno do not
 * say, and such failures count as possibly sent.
 */
const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ConnectionRefused',
])

function neverConnected(error: unknown): boolean {
  // undici wraps the socket error in `cause`, and happy eyeballs can wrap several in an
  // AggregateError; a few levels are enough.
  const pending: unknown[] = [error]
  for (let depth = 0; depth < 4 && pending.length > 0; depth++) {
    const errors = pending.splice(0)
    for (const candidate of errors) {
      if (typeof candidate !== 'object' || candidate === null) continue
      const {
        code,
        cause,
        errors: inner,
      } = candidate as { code?: unknown; cause?: unknown; errors?: unknown }
      if (typeof code === 'string' && NOT_CONNECTED_CODES.has(code)) return true
      if (cause !== undefined) pending.push(cause)
      if (Array.isArray(inner)) pending.push(...inner)
    }
  }
  return false
}

/** The messages of an error and its causes: undici's own message is only "fetch failed". */
function describe(error: unknown): string {
  const messages: string[] = []
  for (
    let current = error;
    current instanceof Error && messages.length < 3;
    current = current.cause
  ) {
    if (current.message !== '') messages.push(current.message)
  }
  return messages.length > 0 ? messages.join(': ') : String(error)
}
