import { type OutputKind, PdfxError } from '@pdfx/schema'
import { readEnv } from './environment.js'
import {
  type DefaultOutputs,
  type ExtractParams,
  type ExtractResult,
  extractDocument,
} from './extract.js'
import type { FetchLike, RequestOptions, Transport } from './http.js'
import { PdfxLinks } from './links.js'
import { DEFAULT_MAX_RETRIES, type Sleep, sleep } from './retry.js'

/** Where the client sends requests when neither `baseUrl` nor `PDFX_BASE_URL` says: `pnpm serve`. */
export const DEFAULT_BASE_URL = 'http://localhost:8787'
/**
 * Default deadline of one attempt, in milliseconds: above the server's own budget for one
 * extraction (a 20 s fetch plus a 60 s engine deadline), so the server gives up first.
 */
export const DEFAULT_TIMEOUT_MS = 120_000

/** Options of `new Pdfx()`; all optional. */
export interface PdfxOptions {
  /**
   * API key (`pdfx_...`); defaults to `PDFX_API_KEY` where the runtime has environment variables.
   * `null` sends no key even when `PDFX_API_KEY` is set (anonymous extraction).
   */
  apiKey?: string | null | undefined
  /** Origin of the server, optionally with a path prefix; defaults to `PDFX_BASE_URL`, then DEFAULT_BASE_URL. */
  baseUrl?: string | undefined
  /** Deadline of each attempt, in milliseconds (the body included); default 120 000. */
  timeoutMs?: number | undefined
  /** Retries after the first attempt, where the operation allows them; default 2. */
  maxRetries?: number | undefined
  /** The fetch to use; defaults to the global `fetch` (looked up on every call). */
  fetch?: FetchLike | undefined
  /**
   * Check every response against the @pdfx/schema schemas (default true). With false, bodies are
   * returned as received, typed as if they had been checked.
   */
  validateResponses?: boolean | undefined
  /** Waits between retries; defaults to a timer. Tests pass one that moves a fake clock. */
  sleep?: Sleep | undefined
}

/**
 * The pdfx REST client: `extract()` for extraction, `links` for Doc Links. Every method takes
 * `{ signal, timeoutMs, maxRetries }` as its last argument and rejects with a PdfxError subclass
 * (or the signal's reason when aborted).
 */
export class Pdfx {
  /** The Doc Link operations: create, list, get, revoke. */
  readonly links: PdfxLinks
  readonly #transport: Transport

  constructor(options: PdfxOptions = {}) {
    const apiKey = options.apiKey === undefined ? readEnv('PDFX_API_KEY') : options.apiKey
    this.#transport = {
      baseUrl: normaliseBaseUrl(options.baseUrl ?? readEnv('PDFX_BASE_URL') ?? DEFAULT_BASE_URL),
      apiKey: apiKey ?? undefined,
      timeoutMs: checked('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS, (ms) => ms > 0),
      maxRetries: checked(
        'maxRetries',
        options.maxRetries ?? DEFAULT_MAX_RETRIES,
        (count) => Number.isInteger(count) && count >= 0,
      ),
      validateResponses: options.validateResponses ?? true,
      // Looked up per call and never called as a method of another object: browsers refuse a
      // `fetch` detached from `window`, and a polyfill may be installed after the client.
      fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
      sleep: options.sleep ?? sleep,
    }
    this.links = new PdfxLinks(this.#transport)
  }

  /** The origin (and path prefix) requests go to, without a trailing slash. */
  get baseUrl(): string {
    return this.#transport.baseUrl
  }

  /**
   * `POST /api/v1/extract`: fetches the PDF at `url` and returns its ExtractedDocument. Retried
   * only when the server certainly did no work (a 429, or no connection at all): a failed
   * extraction is free, but one whose answer was lost may already be charged.
   */
  extract<const O extends readonly OutputKind[] = DefaultOutputs>(
    params: ExtractParams<O>,
    options?: RequestOptions,
  ): Promise<ExtractResult<O>> {
    return extractDocument(this.#transport, params, options)
  }
}

function normaliseBaseUrl(value: string): string {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new PdfxError('invalid_request', `baseUrl must be an http(s) URL, got "${value}"`)
  }
  if (url.search !== '' || url.hash !== '') {
    throw new PdfxError('invalid_request', `baseUrl must not carry a query or fragment: "${value}"`)
  }
  return url.href.replace(/\/+$/, '')
}

function checked(name: string, value: number, valid: (value: number) => boolean): number {
  if (typeof value !== 'number' || Number.isNaN(value) || !valid(value)) {
    throw new PdfxError('invalid_request', `${name} is out of range: ${value}`)
  }
  return value
}
