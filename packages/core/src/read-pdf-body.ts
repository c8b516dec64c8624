import { PdfxError } from '@pdfx/schema'
import { looksLikePdf, PDF_SNIFF_BYTES } from './pipeline/pdf-header.js'

/** Largest PDF read from a body by default, in bytes: the service's 25 MB limit (SPEC §8). */
export const MAX_PDF_BYTES = 25 * 1024 * 1024

export interface ReadPdfBodyOptions {
  /** Bytes read at most; one more is `pdf_too_large`. Default MAX_PDF_BYTES. */
  maxBytes?: number
  /** The length the sender announced (Content-Length; NaN for none): above maxBytes, nothing is read. */
  declaredBytes?: number
  /** The message of the `not_a_pdf` refusal, which only the caller can word (a URL, a file). */
  notAPdfMessage?: string
}

/**
 * Reads a PDF from a response body (of the global `fetch` or undici's) into memory. Refuses with `pdf_too_large` on an announced
 * length above the cap and the moment the bytes pass it (so a compressed bomb is never inflated
 * in full), and with `not_a_pdf` as soon as the first PDF_SNIFF_BYTES are in without a `%PDF-`
 * header, so an HTML error page is not downloaded to its end. A refused or failing body is
 * cancelled, which closes the connection behind it; errors of the body itself are rethrown.
 */
export async function readPdfBody(
  body: ReadableStream<Uint8Array> | null,
  options: ReadPdfBodyOptions = {},
): Promise<Uint8Array> {
  const maxBytes = options.maxBytes ?? MAX_PDF_BYTES
  const notAPdf = () =>
    new PdfxError('not_a_pdf', options.notAPdfMessage ?? 'The data is not a PDF')
  if (body === null) throw notAPdf()
  // A compressed body already announced above the cap is refused too: real PDFs barely compress.
  if ((options.declaredBytes ?? 0) > maxBytes) {
    await body.cancel()
    throw tooLarge(maxBytes)
  }
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  let sniffed = false
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > maxBytes) throw tooLarge(maxBytes)
      chunks.push(value)
      if (!sniffed && total >= PDF_SNIFF_BYTES) {
        // Sniffed once: the first chunk alone when it holds the head, as it mostly does, else
        // the chunks so far joined.
        const head = chunks.length === 1 ? value : concat(chunks, total)
        if (!looksLikePdf(head)) throw notAPdf()
        sniffed = true
      }
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined)
    throw error
  }
  const bytes = concat(chunks, total)
  if (!sniffed && !looksLikePdf(bytes)) throw notAPdf()
  return bytes
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

function tooLarge(maxBytes: number): PdfxError {
  const megabytes = Math.round((maxBytes / (1024 * 1024)) * 10) / 10
  return new PdfxError('pdf_too_large', `The PDF is larger than ${megabytes} MB`)
}
