import { looksLikePdf, PDF_SNIFF_BYTES } from '@pdfx/core'
import { PdfxError } from '@pdfx/schema'

/** Largest PDF fetched from a URL, in bytes: the service's limit (SPEC 8), so both agree. */
export const MAX_PDF_BYTES = 25 * 2 ** 20
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
  const announced = Number(response.headers.get('content-length'))
  if (announced > maxBytes) {
    await response.body?.cancel()
    throw tooLarge(maxBytes)
  }
  const chunks: Uint8Array[] = []
  let received = 0
  let sniffed = false
  try {
    for await (const chunk of response.body ?? []) {
      chunks.push(chunk)
      received += chunk.byteLength
      if (received > maxBytes) throw tooLarge(maxBytes)
      if (!sniffed && received >= PDF_SNIFF_BYTES) {
        sniffed = true
        if (!looksLikePdf(concat(chunks, received))) throw notAPdf(response)
      }
    }
  } catch (error) {
    if (error instanceof PdfxError) throw error
    throw fetchFailure(error, timeoutMs)
  }
  const bytes = concat(chunks, received)
  if (!sniffed && !looksLikePdf(bytes)) throw notAPdf(response)
  return bytes
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

function tooLarge(maxBytes: number): PdfxError {
  return new PdfxError('pdf_too_large', `the PDF is larger than ${maxBytes / 2 ** 20} MB`)
}

function notAPdf(response: Response): PdfxError {
  const type = response.headers.get('content-type')
  return new PdfxError(
    'not_a_pdf',
    `the URL did not return a PDF${type ? ` (content-type ${type})` : ''}`,
  )
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
