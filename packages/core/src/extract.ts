import { type ExtractedDocument, PdfxError } from '@pdfx/schema'
import { type ExtractOptions, type ResolvedOptions, resolveOptions } from './options.js'
import { groupBlocks, newBlock, settleBlockStyle } from './pipeline/blocks.js'
import { chunkElements } from './pipeline/chunks.js'
import { classifyBlocks, measureText, type OutlineEntry } from './pipeline/classify.js'
import { computeConfidence } from './pipeline/confidence.js'
import { buildElements } from './pipeline/elements.js'
import { markFurniture } from './pipeline/furniture.js'
import { collectHyphenatedWords } from './pipeline/join-lines.js'
import { detectLanguage } from './pipeline/language.js'
import { groupLines, makeLine } from './pipeline/lines.js'
import { loadPdf, type PdfSource } from './pipeline/load.js'
import { toMarkdown } from './pipeline/markdown.js'
import { readDocumentInfo } from './pipeline/metadata.js'
import { orderBlocks } from './pipeline/reading-order.js'
import { countTableLikeRows } from './pipeline/table-evidence.js'
import { type RawTextItem, type RawTextStyle, toTextRuns } from './pipeline/text-runs.js'
import type { Line, PageLayout } from './pipeline/types.js'

/** The version of the ExtractedDocument wire format this engine produces. */
const SCHEMA_VERSION = '1.0'

/**
 * Extracts a text-layer PDF into Markdown, reading-order elements and, on request, chunks.
 * Pages are read one at a time and released; the PDF is never written anywhere.
 */
export async function extract(
  input: Uint8Array | ArrayBuffer,
  options: ExtractOptions = {},
): Promise<ExtractedDocument> {
  const resolved = resolveOptions(options)
  throwIfAborted(resolved.signal)
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input)
  const warnings: string[] = []
  if (resolved.mode === 'hybrid') {
    warnings.push('hybrid engine is not available yet: this result was produced by the fast engine')
  }
  const source = await loadPdf(bytes, { maxPages: resolved.maxPages, decodeImages: false })
  let pages: PageLayout[]
  let outline: OutlineEntry[]
  let metadataTitle: string | undefined
  let tableLikeRows = 0
  let lineCount = 0
  try {
    const analysis = await analysePages(source, resolved)
    pages = analysis.pages
    tableLikeRows = analysis.tableLikeRows
    lineCount = analysis.lineCount
    const info = await readDocumentInfo(source.document)
    outline = info.outline
    metadataTitle = info.title
  } finally {
    await source.destroy()
  }

  const scanned = pages.filter((page) => page.chars === 0).map((page) => page.number)
  if (scanned.length > 0) {
    warnings.push(
      `${scanned.length === pages.length ? 'The PDF has' : `Pages ${scanned.join(', ')} have`} no text layer (scanned?); OCR is not supported`,
    )
  }
  markFurniture(pages)
  const stats = measureText(pages)
  classifyBlocks(pages, stats, outline)
  const hyphenated = collectHyphenatedWords(linesOf(pages))
  const elements = buildElements(pages, hyphenated)
  const markdown = toMarkdown(elements, { keepFurniture: resolved.keepFurniture })
  const bodyText = elements
    .filter((element) => element.type === 'paragraph' || element.type === 'list')
    .map((element) => element.text)
    .join(' ')
  const language = await detectLanguage(bodyText)
  const title =
    metadataTitle ??
    elements.find((element) => element.type === 'heading' && element.level === 1)?.text
  const document: ExtractedDocument = {
    schemaVersion: SCHEMA_VERSION,
    id: await documentId(bytes),
    source: {
      engine: 'fast',
      pages: pages.length,
      pageSizes: pages.map((page) => [round2(page.width), round2(page.height)] as [number, number]),
    },
    confidence: computeConfidence({
      pages,
      tableLikeLines: tableLikeRows,
      lines: lineCount,
      tablesFound: 0,
    }),
    markdown: resolved.outputs.has('markdown') ? markdown : '',
    elements: resolved.outputs.has('elements') ? elements : [],
  }
  if (title !== undefined) document.title = title
  if (language !== undefined) document.language = language
  if (resolved.outputs.has('chunks')) {
    document.chunks = chunkElements(elements, { tokens: resolved.chunkTokens })
  }
  if (resolved.outputs.has('images')) {
    document.images = []
    warnings.push('images are extracted by the hybrid engine only')
  }
  if (warnings.length > 0) document.warnings = warnings
  return document
}

interface PageAnalysis {
  pages: PageLayout[]
  tableLikeRows: number
  lineCount: number
}

/** Reads every page once: text, lines, blocks and reading order; releases each page after use. */
async function analysePages(source: PdfSource, options: ResolvedOptions): Promise<PageAnalysis> {
  const pages: PageLayout[] = []
  let tableLikeRows = 0
  let lineCount = 0
  for (let number = 1; number <= source.pageCount; number++) {
    throwIfAborted(options.signal)
    const page = await source.getPage(number).catch((error: unknown) => {
      throw new PdfxError('pdf_damaged', `Page ${number} of the PDF cannot be read`, {
        cause: error,
      })
    })
    try {
      const viewport = page.getViewport({ scale: 1 })
      const content = await page.getTextContent()
      const items = content.items.filter((item): item is RawTextItem & typeof item => 'str' in item)
      const text = toTextRuns(
        items,
        content.styles as Record<string, RawTextStyle>,
        viewport.transform,
      )
      const lines = groupLines(text.runs)
      tableLikeRows += countTableLikeRows(lines)
      lineCount += lines.length
      const blocks = groupBlocks(lines, number)
      for (const piece of text.rotated) blocks.push(newBlock(makeLine([piece]), number))
      for (const block of blocks) settleBlockStyle(block)
      const order = orderBlocks(blocks)
      pages.push({
        number,
        width: viewport.width,
        height: viewport.height,
        blocks: order.blocks,
        chars: text.chars,
        unreliableChars: text.unreliableChars,
        cleanLayout: order.clean,
      })
    } finally {
      page.cleanup()
    }
  }
  return { pages, tableLikeRows, lineCount }
}

function* linesOf(pages: readonly PageLayout[]): Generator<string> {
  for (const page of pages) {
    for (const block of page.blocks) {
      for (const line of block.lines as Line[]) yield line.text
    }
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw signal.reason ?? new DOMException('The extraction was aborted', 'AbortError')
}

/** A stable id from the bytes: the same PDF always gets the same id. */
async function documentId(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  let hex = ''
  for (let i = 0; i < 12; i++) hex += (digest[i] as number).toString(16).padStart(2, '0')
  return `doc_${hex}`
}

function round2(value: number): number {
  return Math.round(value * 100) / 100
}
