import { extract } from '@pdfx/core'
import type { ExtractMode, OutputKind } from '@pdfx/schema'
import type { Input } from './inputs.js'
import { selectPages } from './page-filter.js'
import type { PageSelection } from './page-ranges.js'
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
  /** Pages of the PDF (all were read, also with `--pages`). */
  pages: number
  /** Time spent in @pdfx/core, without reading or downloading the input. */
  seconds: number
  warnings: string[]
}

/** Reads one input, extracts it with @pdfx/core, keeps the selected pages and renders it. */
export async function runExtractJob(
  input: Input,
  settings: ExtractSettings,
): Promise<ExtractResult> {
  const bytes = await readInput(input)
  const started = performance.now()
  const outputs = settings.pages
    ? [...new Set<OutputKind>([...settings.outputs, 'elements'])]
    : settings.outputs
  let document = await extract(bytes, {
    mode: settings.mode,
    outputs,
    chunkTokens: settings.chunkTokens,
    keepFurniture: settings.keepFurniture,
  })
  if (settings.pages) {
    document = selectPages(document, settings.pages, {
      keepMarkdown: settings.outputs.includes('markdown'),
      keepElements: settings.outputs.includes('elements'),
      keepFurniture: settings.keepFurniture,
      chunkTokens: settings.chunkTokens,
    })
  }
  const seconds = (performance.now() - started) / 1000
  return {
    text: renderDocument(document, settings.format, settings.layout, input.label),
    pages: document.source.pages,
    seconds,
    warnings: document.warnings ?? [],
  }
}
