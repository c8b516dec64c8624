import { MAX_PDF_BYTES, readPdfBody } from '@pdfx/core'
import { PdfxError } from '@pdfx/schema'

/** Longest a whole download may take, in milliseconds. */
export const FETCH_TIMEOUT_MS = 60_000

/** Options of fetchPdf; tests pass smaller limits. */
export interface FetchPdfOptions {
  maxBytes?: number
  timeoutMs?: number
}

/**
 * Downloads a PDF with the global fetch (redirects followed). Fails with `fetch_failed` when the
 * origin cannot be reached or answers with an error status, `pdf_too_large` past `maxBytes`
 * (announced or counted), and `not_a_pdf` when the first kilobyte has no `%PDF-` header, which
 * is checked as soon as that kilobyte arrives so an HTML page is not downloaded to the end.
 */
export async function fetchPdf(url: string, options: FetchPdfOptions = {}): Promise<Uint8Array> {
  const maxBytes = options.maxBytes ?? MAX_PDF_BYTES
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS
  const signal = AbortSignal.timeout(timeoutMs)
  let response: Response
  try {
    response = await fetch(url, {
      redirect: 'follow',
      signal,
      headers: { accept: 'application/pdf' },
    })
  } catch (error) {
    throw fetchFailure(error, timeoutMs)
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new PdfxError('fetch_failed', `the server answered HTTP ${response.status}`)
  }
  try {
    return await readPdfBody(response.body, {
      maxBytes,
      declaredBytes: Number(response.headers.get('content-length') ?? Number.NaN),
      notAPdfMessage: notAPdfMessage(response),
    })
  } catch (error) {
    if (error instanceof PdfxError) throw error
    throw fetchFailure(error, timeoutMs)
  }
}

function notAPdfMessage(response: Response): string {
  const type = response.headers.get('content-type')
  return `the URL did not return a PDF${type ? ` (content-type ${type})` : ''}`
}

function fetchFailure(error: unknown, timeoutMs: number): PdfxError {
  if ((error as { name?: unknown }).name === 'TimeoutError') {
    return new PdfxError('fetch_failed', `no complete answer within ${timeoutMs / 1000} s`, {
      cause: error,
    })
  }
  // undici reports "fetch failed" and keeps the reason (ECONNREFUSED, ENOTFOUND...) as the cause.
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause
  const reason = cause?.code ?? cause?.message ?? (error as Error).message
  return new PdfxError('fetch_failed', `could not fetch the URL (${String(reason)})`, {
    cause: error,
  })
}
