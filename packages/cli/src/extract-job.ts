import { DEFAULT_MAX_PAGES, extract } from '@pdfx/core'
import { type ExtractMode, isPdfxError, type OutputKind, PdfxError } from '@pdfx/schema'
import type { Input } from './inputs.js'
import { type PageSelection, reachesBeyond, toPageNumbers } from './page-ranges.js'
import { readInput } from './read-input.js'
import { type DocumentFormat, type DocumentLayout, renderDocument } from './render-document.js'

/** How every document of one `pdfx extract` run is extracted and rendered; plain data, so it can cross into worker threads. */
export interface ExtractSettings {
  mode: ExtractMode
  format: DocumentFormat
  /** What the document carries; for `--format markdown` or `chunks` only that. */
  outputs: OutputKind[]
  chunkTokens: number
  keepFurniture: boolean
  pages: PageSelection | undefined
  layout: DocumentLayout
}

/** One extracted document, rendered, with the figures progress lines show. */
export interface ExtractResult {
  text: string
  /** Pages extracted: those of `--pages` that exist, else every page of the PDF. */
  pages: number
  /** Extraction time, in seconds, without reading or downloading the input. */
  seconds: number
  warnings: string[]
}

/**
 * Reads one input and extracts it with @pdfx/core, which reads only the pages of `--pages`
 * (pdf.js never parses the others), then renders it.
 */
export async function runExtractJob(
  input: Input,
  settings: ExtractSettings,
): Promise<ExtractResult> {
  const bytes = await readInput(input)
  const started = performance.now()
  const selection = settings.pages
  const document = await extract(bytes, {
    mode: settings.mode,
    outputs: settings.outputs,
    chunkTokens: settings.chunkTokens,
    keepFurniture: settings.keepFurniture,
    ...(selection && { pages: pagesOption(selection) }),
  }).catch(blamePagesOption(selection))
  const seconds = (performance.now() - started) / 1000
  const pageCount = document.source.pages
  const warnings = [...(document.warnings ?? [])]
  if (selection && reachesBeyond(selection, pageCount)) {
    warnings.push(`--pages goes past the last page (${pageCount}); the pages that exist were read`)
  }
  return {
    text: renderDocument(document, settings.format, settings.layout, input.label),
    pages: selection ? toPageNumbers(selection, pageCount).length : pageCount,
    seconds,
    warnings,
  }
}

/** `--pages` as @pdfx/core's `pages` option: page numbers, open ranges up to DEFAULT_MAX_PAGES. */
export function pagesOption(selection: PageSelection): number[] {
  const pages = toPageNumbers(selection)
  if (pages.length === 0) {
    throw new PdfxError(
      'invalid_request',
      `--pages selects no page: PDFs have at most ${DEFAULT_MAX_PAGES} pages`,
    )
  }
  return pages
}

/**
 * A rejection handler that names `--pages` in core's `invalid_request`: the one option of ours it
 * can refuse after reading the PDF (no page of the selection exists).
 */
export function blamePagesOption(selection: PageSelection | undefined): (error: unknown) => never {
  return (error) => {
    if (selection && isPdfxError(error) && error.code === 'invalid_request') {
      throw new PdfxError('invalid_request', `--pages: ${error.message}`, { cause: error })
    }
    throw error
  }
}
