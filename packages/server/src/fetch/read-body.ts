import { looksLikePdf, PDF_SNIFF_BYTES } from '@pdfx/core'
import { PdfxError } from '@pdfx/schema'
import type { Response } from 'undici'

/**
 * Reads a response body into memory, at most `maxBytes` decoded bytes. Refuses early on a
 * Content-Length above the cap, stops reading the moment the stream passes it (so a gzip bomb is
 * never inflated in full), and refuses a body whose first bytes are not a PDF header.
 */
export async function readPdfBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  const body = response.body
  if (body === null) throw notAPdf()
  // Content-Length counts encoded bytes; a compressed body already above the cap is refused
  // too, since real PDFs barely compress.
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
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
        // Decide as soon as the header window is in, instead of downloading a whole HTML page.
        if (!looksLikePdf(concat(chunks, total))) throw notAPdf()
        sniffed = true
      }
    }
  } catch (error) {
    // Cancelling tears down the connection and the decoder behind it.
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

function notAPdf(): PdfxError {
  return new PdfxError('not_a_pdf', 'The URL did not return a PDF')
}
