import type { Pdfx } from '@pdfx/client'
import { PdfxError } from '@pdfx/schema'
import type { ExtractResult, ExtractSettings } from './extract-job.js'
import type { Input } from './inputs.js'
import { renderDocument } from './render-document.js'

/**
 * Extracts one URL on the hosted API (`POST /api/v1/extract` through @pdfx/client) and renders
 * the document as a local extraction would be. `seconds` is the whole request here: the server
 * fetches the PDF too. `--pages` and `--keep-furniture` never get here (the API has neither).
 */
export async function extractRemotely(
  client: Pdfx,
  input: Input,
  settings: ExtractSettings,
): Promise<ExtractResult> {
  if (input.kind !== 'url') {
    throw new PdfxError('invalid_request', '--remote sends URLs only; extract files without it')
  }
  const started = performance.now()
  const document = await client.extract({
    url: input.url,
    outputs: settings.outputs,
    mode: settings.mode,
    chunkTokens: settings.chunkTokens,
  })
  return {
    text: renderDocument(document, settings.format, settings.layout, input.label),
    pages: document.source.pages,
    seconds: (performance.now() - started) / 1000,
    warnings: document.warnings ?? [],
  }
}
