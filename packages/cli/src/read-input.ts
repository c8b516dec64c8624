import { readFile } from 'node:fs/promises'
import { fetchPdf } from './fetch-pdf.js'
import type { Input } from './inputs.js'
import { toPdfxError } from './report-error.js'

/**
 * The bytes of an input: a local file as it is (@pdfx/core checks that it is a PDF), a URL
 * through fetchPdf. Failures are PdfxErrors with the code a user can act on.
 */
export async function readInput(input: Input): Promise<Uint8Array> {
  if (input.kind === 'url') return fetchPdf(input.url)
  try {
    return await readFile(input.path)
  } catch (error) {
    throw toPdfxError(error)
  }
}
