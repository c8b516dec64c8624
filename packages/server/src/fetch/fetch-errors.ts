import { isPdfxError, PdfxError } from '@pdfx/schema'

/** The one message for refused addresses: it never names the address that was resolved. */
export function urlNotAllowed(): PdfxError {
  return new PdfxError('url_not_allowed', 'The URL points to an address that is not allowed')
}

/** A failure of the origin (network, TLS, status, deadline); `cause` keeps the detail for logs. */
export function fetchFailed(message: string, cause?: unknown): PdfxError {
  return new PdfxError('fetch_failed', message, cause === undefined ? undefined : { cause })
}

/**
 * Finds a PdfxError raised inside the connector, which undici hands back wrapped as the `cause`
 * of a `TypeError: fetch failed` (and, with several addresses, inside an AggregateError).
 */
export function findPdfxError(error: unknown, depth = 0): PdfxError | undefined {
  if (isPdfxError(error)) return error
  if (depth > 8 || typeof error !== 'object' || error === null) return undefined
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const found = findPdfxError(inner, depth + 1)
      if (found) return found
    }
  }
  return 'cause' in error ? findPdfxError(error.cause, depth + 1) : undefined
}
