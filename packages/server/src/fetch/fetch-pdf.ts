import { MAX_PDF_BYTES, readPdfBody } from '@pdfx/core'
import { isPdfxError, type PdfxError } from '@pdfx/schema'
import { fetch, type Response } from 'undici'
import { parseAllowList } from './address-policy.js'
import { fetchFailed, findPdfxError } from './fetch-errors.js'
import { filenameOf } from './filename.js'
import { createGuardedAgent } from './guarded-agent.js'
import { type Resolver, systemResolver } from './resolver.js'
import { assertUrlAllowed, parseRequestedUrl } from './url-policy.js'

export { isAddressAllowed, type ParsedCidr, parseAllowList } from './address-policy.js'
export type { ResolvedAddress, Resolver } from './resolver.js'

/** One deadline for connect, headers and body together, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 20_000
/** Redirect hops followed before giving up. */
export const DEFAULT_MAX_REDIRECTS = 5
/** User-Agent sent to origins, so their operators can tell who is asking. */
export const DEFAULT_USER_AGENT = 'pdfx-fetcher/0.1'

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/** Options of createPdfFetcher; every one has a safe default. */
export interface PdfFetcherOptions {
  /** CIDRs that may be fetched although private or loopback (`PDFX_FETCH_ALLOW`). */
  allow?: readonly string[]
  resolve?: Resolver
  maxBytes?: number
  timeoutMs?: number
  maxRedirects?: number
  userAgent?: string
}

/** A PDF held in memory, never on disk. */
export interface FetchedPdf {
  bytes: Uint8Array
  /** The URL after redirects. */
  finalUrl: string
  /** From Content-Disposition, else the last path segment of `finalUrl`. */
  filename?: string
}

/** Fetches PDFs by URL through the address guard; close it to release pooled connections. */
export interface PdfFetcher {
  fetchPdf(url: string, signal?: AbortSignal): Promise<FetchedPdf>
  close(): Promise<void>
}

/**
 * Creates the SSRF-guarded PDF fetcher. Failures are PdfxErrors: invalid_request for a string
 * that is no URL; url_not_allowed for another scheme, credentials in the URL or a refused
 * address (on any hop); pdf_too_large, not_a_pdf; fetch_failed for everything the origin did.
 */
export function createPdfFetcher(options: PdfFetcherOptions = {}): PdfFetcher {
  const allow = parseAllowList(options.allow ?? [])
  const maxBytes = options.maxBytes ?? MAX_PDF_BYTES
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS
  const headers = {
    'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
    accept: 'application/pdf,*/*',
  }
  const agent = createGuardedAgent({ allow, resolve: options.resolve ?? systemResolver })

  async function fetchPdf(rawUrl: string, signal?: AbortSignal): Promise<FetchedPdf> {
    let url = parseRequestedUrl(rawUrl)
    const deadline = AbortSignal.timeout(timeoutMs)
    const combined = signal === undefined ? deadline : AbortSignal.any([deadline, signal])
    try {
      for (let hop = 0; ; hop++) {
        assertUrlAllowed(url, allow)
        // Redirects are followed here, not by undici, so every hop passes assertUrlAllowed.
        const response = await fetch(url, {
          dispatcher: agent,
          redirect: 'manual',
          signal: combined,
          headers,
        })
        const location = response.headers.get('location')
        if (REDIRECT_STATUSES.has(response.status) && location !== null) {
          await response.body?.cancel()
          if (hop >= maxRedirects) throw fetchFailed('The URL redirected too many times')
          url = redirectTarget(location, url)
          continue
        }
        if (!response.ok) {
          await response.body?.cancel()
          throw fetchFailed(`The origin answered with HTTP status ${response.status}`)
        }
        return await toFetchedPdf(response, url)
      }
    } catch (error) {
      throw classify(error, deadline, signal)
    }
  }

  async function toFetchedPdf(response: Response, url: URL): Promise<FetchedPdf> {
    const bytes = await readPdfBody(response.body, {
      maxBytes,
      declaredBytes: Number(response.headers.get('content-length') ?? Number.NaN),
      notAPdfMessage: 'The URL did not return a PDF',
    })
    const filename = filenameOf(response.headers.get('content-disposition'), url)
    return filename === undefined
      ? { bytes, finalUrl: url.href }
      : { bytes, finalUrl: url.href, filename }
  }

  function classify(error: unknown, deadline: AbortSignal, signal?: AbortSignal): PdfxError {
    if (isPdfxError(error)) return error
    // The connector's refusal arrives wrapped in undici's `TypeError: fetch failed`.
    const refused = findPdfxError(error)
    if (refused !== undefined) return refused
    if (deadline.aborted) {
      return fetchFailed(`The origin did not deliver the PDF within ${timeoutMs / 1000} s`, error)
    }
    if (signal?.aborted) return fetchFailed('The fetch was cancelled', error)
    return fetchFailed('The PDF could not be fetched from its origin', error)
  }

  return { fetchPdf, close: () => agent.close() }
}

function redirectTarget(location: string, base: URL): URL {
  // A Location that does not parse is the origin's fault, not the caller's.
  if (!URL.canParse(location, base.href)) throw fetchFailed('The origin sent an invalid redirect')
  return new URL(location, base.href)
}
