import { createHash } from 'node:crypto'
import { type ExtractedDocument, type ExtractedImage, PdfxError } from '@pdfx/schema'
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js'
import { type ExtractOptions, type ResolvedOptions, resolveOptions } from './options.js'
import { paintsMarks } from './pipeline/blank-page.js'
import { groupBlocks, newBlock, settleBlockStyle } from './pipeline/blocks.js'
import { isChapterLabel } from './pipeline/chapter-labels.js'
import { chunkElements } from './pipeline/chunks.js'
import { classifyBlocks, type OutlineEntry } from './pipeline/classify.js'
import { computeConfidence } from './pipeline/confidence.js'
import { drawnBulletRuns } from './pipeline/drawn-bullets.js'
import { buildElements } from './pipeline/elements.js'
import { type FormField, fieldRuns, fieldsByPage } from './pipeline/form-fields.js'
import { markFurniture } from './pipeline/furniture.js'
import {
  collectPageImages,
  newImageBudget,
  type PageImage,
  repeatedImageKeys,
} from './pipeline/images.js'
import { collectSpellings, type Spellings } from './pipeline/join-lines.js'
import { detectLanguage, languageSample } from './pipeline/language.js'
import { withoutLineNumbers } from './pipeline/line-numbers.js'
import { groupLines, makeLine } from './pipeline/lines.js'
import { loadPdf, type PdfSource } from './pipeline/load.js'
import { toMarkdown } from './pipeline/markdown.js'
import { readDocumentInfo } from './pipeline/metadata.js'
import { boxesAsDisplayed, readUpright } from './pipeline/page-orientation.js'
import { type PageRequest, requestPage } from './pipeline/page-request.js'
import { detectTables } from './pipeline/page-tables.js'
import { roundPoints } from './pipeline/points.js'
import { type Gutter, orderBlocks } from './pipeline/reading-order.js'
import { findRulings } from './pipeline/ruled-grids.js'
import { readPageGraphics } from './pipeline/rulings.js'
import { markContinuedTables } from './pipeline/table-continuation.js'
import { countTableLikeRows } from './pipeline/table-evidence.js'
import { type MarkedTextItem, withDrawnLabels } from './pipeline/tagged-labels.js'
import { type RawTextItem, type RawTextStyle, toTextRuns } from './pipeline/text-runs.js'
import { measureText } from './pipeline/text-statistics.js'
import type { Block, Line, PageLayout, TextRun } from './pipeline/types.js'

type OperatorList = Awaited<ReturnType<PDFPageProxy['getOperatorList']>>

/** What a line keeps of its glyph runs once its page's layout is built: nothing (shared). */
const NO_RUNS: TextRun[] = []

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
  const hybrid = resolved.mode === 'hybrid'
  if (hybrid && resolved.hybridBudgetMs === 0) {
    warnings.push('hybrid engine is disabled: this result was produced by the fast engine')
  }
  const wantsImages = hybrid && resolved.outputs.has('images') && resolved.hybridBudgetMs > 0
  const source = await loadPdf(bytes, { maxPages: resolved.maxPages, decodeImages: wantsImages })
  let pages: PageLayout[]
  let outline: OutlineEntry[]
  let metadataTitle: string | undefined
  let marksBreakHyphens = false
  let tableLikeRows = 0
  let lineCount = 0
  let tableEvidence: number[] = []
  let engine: 'fast' | 'hybrid' = 'fast'
  const pageCount = source.pageCount
  try {
    const info = await readDocumentInfo(source.document)
    outline = info.outline
    metadataTitle = info.title
    marksBreakHyphens = info.marksBreakHyphens
    const analysis = await analysePages(
      source,
      selectPages(resolved.pages, pageCount),
      resolved,
      warnings,
      // What the producer does with the words it breaks is known before any page is read.
      collectSpellings([], { marksBreakHyphens }),
    )
    pages = analysis.pages
    tableLikeRows = analysis.tableLikeRows
    lineCount = analysis.lineCount
    tableEvidence = analysis.tableEvidence
    if (analysis.hybridPages > 0) engine = 'hybrid'
  } finally {
    await source.destroy()
  }

  const scanned = pages.filter((page) => page.chars === 0 && !page.blank).map((page) => page.number)
  if (pages.every((page) => page.blank)) {
    warnings.push(pages.length === 1 ? 'The PDF has a blank page' : 'The PDF has blank pages only')
  } else if (scanned.length > 0) {
    const which =
      scanned.length === pageCount
        ? 'The PDF has'
        : scanned.length === 1
          ? `Page ${scanned[0]} has`
          : `Pages ${describePages(scanned)} have`
    warnings.push(`${which} no text layer (scanned?); OCR is not supported`)
  }
  markFurniture(pages)
  const stats = measureText(pages)
  classifyBlocks(pages, stats, outline)
  markContinuedTables(pages)
  const spellings = collectSpellings(linesOf(pages), { marksBreakHyphens })
  const images: ExtractedImage[] = []
  const elements = buildElements(pages, spellings, {
    boxes: engine === 'hybrid',
    imageText: (block) => {
      if (!block.image) return undefined
      const id = `img_${String(images.length + 1).padStart(4, '0')}`
      const { page, bbox, width, height, png } = block.image
      images.push({ id, page, bbox, width, height, mimeType: 'image/png', data: toBase64(png) })
      return `![](${id})`
    },
  })
  // Pages read turned measure their boxes on the page as displayed, as every other page does.
  const turns = new Map(
    pages.flatMap((page) => (page.turn ? [[page.number, page.turn] as const] : [])),
  )
  boxesAsDisplayed(elements, turns)
  boxesAsDisplayed(images, turns)
  const markdown = toMarkdown(elements, { keepFurniture: resolved.keepFurniture })
  const bodyTexts = elements
    .filter((element) => element.type === 'paragraph' || element.type === 'list')
    .map((element) => element.text)
  const language = await detectLanguage(languageSample(bodyTexts))
  // A chapter's label names no document: the chapter's title under it does.
  const headings = elements.filter((element) => element.type === 'heading' && element.level === 1)
  const title =
    metadataTitle ??
    (headings.find((element) => !isChapterLabel(element.text)) ?? headings[0])?.text
  const document: ExtractedDocument = {
    schemaVersion: SCHEMA_VERSION,
    id: documentId(bytes),
    source: {
      engine,
      // The whole PDF's page count, also when `pages` chose some: the schema's "page count of the
      // processed PDF". Sizes are known only for pages that were read, so a partial run has none.
      pages: pageCount,
      ...(pages.length === pageCount && {
        pageSizes: pages.map((page) => {
          const { width, height } = page.turn ?? page
          return [roundPoints(width), roundPoints(height)] as [number, number]
        }),
      }),
    },
    confidence: computeConfidence({
      pages,
      tableLikeLines: tableLikeRows,
      lines: lineCount,
      tableEvidence,
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
    document.images = images
    if (!wantsImages) warnings.push('images are extracted by the hybrid engine only')
  }
  if (warnings.length > 0) document.warnings = warnings
  return document
}

interface PageAnalysis {
  pages: PageLayout[]
  tableLikeRows: number
  lineCount: number
  /** Evidence of each table found, in [0, 1]. */
  tableEvidence: number[]
  /** Pages the hybrid analysis ran on. */
  hybridPages: number
}

/**
 * The page numbers to read: every page, or those of the `pages` option that exist. A selection
 * of which no page exists is a mistake of the caller, not an empty document.
 */
function selectPages(selection: readonly number[] | undefined, pageCount: number): number[] {
  if (selection === undefined) return Array.from({ length: pageCount }, (_, index) => index + 1)
  const existing = selection.filter((page) => page <= pageCount)
  if (existing.length === 0) {
    throw new PdfxError(
      'invalid_request',
      `none of the selected pages exists: the PDF has ${pageCount} page${pageCount === 1 ? '' : 's'}`,
    )
  }
  return existing
}

/**
 * Reads each of `numbers` (ascending page numbers) once: text, lines, blocks and reading order,
 * plus the drawing operators and tables in hybrid mode; releases each page after use. Each page's
 * text is asked for while the page before it is analysed (see requestPage). Other pages are never
 * requested from pdf.js. Hybrid analysis that fails on a page or runs past its budget
 * leaves that page (and, past the budget, the rest) to the fast engine.
 */
async function analysePages(
  source: PdfSource,
  numbers: readonly number[],
  options: ResolvedOptions,
  warnings: string[],
  producerSpellings: Spellings,
): Promise<PageAnalysis> {
  const pages: PageLayout[] = []
  let tableLikeRows = 0
  let lineCount = 0
  const tableEvidence: number[] = []
  let hybridPages = 0
  // The gutters of the last page with columns: a page of short columns keeps to them.
  let gutters: Gutter[] = []
  const imageBudget = newImageBudget()
  const deadline = performance.now() + options.hybridBudgetMs
  let hybrid = options.mode === 'hybrid' && options.hybridBudgetMs > 0
  // Marked content is only asked for where the producer tagged the document's structure.
  const tagged = (await source.document.getMarkInfo())?.Marked === true
  const fields = fieldsByPage(await formFields(source))
  let next =
    numbers.length > 0 ? requestPage(source, numbers[0] as number, tagged && !hybrid) : null
  for (const [index, number] of numbers.entries()) {
    throwIfAborted(options.signal)
    const request = next as PageRequest
    const { page, content: asked } = await request.page
    const following = numbers[index + 1]
    next = following === undefined ? null : requestPage(source, following, tagged && !hybrid)
    try {
      if (hybrid && performance.now() > deadline) {
        hybrid = false
        warnings.push(
          `hybrid analysis ran past its budget: pages ${describePages(numbers.slice(index))} were read by the fast engine`,
        )
      }
      // Hybrid finds drawn bullets among the page's shapes; fast, which reads no shapes, takes
      // them from a tagged page's empty list labels.
      const labels = tagged && !hybrid
      // A page asked for before the hybrid budget ran out was asked without its marked content.
      const content = await (request.labels === labels
        ? asked
        : page.getTextContent({ includeMarkedContent: labels }))
      const items = labels
        ? withDrawnLabels(content.items as MarkedTextItem[])
        : content.items.filter((item): item is RawTextItem & typeof item => 'str' in item)
      const styles = content.styles as Record<string, RawTextStyle>
      const { text, viewport, turn } = readUpright(
        (turned) => toTextRuns(items, styles, turned.transform),
        (turn) => page.getViewport({ scale: 1, rotation: (page.rotate + turn) % 360 }),
      )
      text.runs = withoutLineNumbers(text.runs)
      const filled = fields.get(number)
      if (filled) text.runs.push(...fieldRuns(filled, viewport.transform, text.runs))
      let lines: Line[] | undefined
      let tables: Block[] = []
      let pageImages: PageImage[] = []
      let operators: OperatorList | undefined
      if (hybrid) {
        try {
          operators = await page.getOperatorList()
          const graphics = readPageGraphics(
            operators.fnArray,
            operators.argsArray,
            viewport.transform,
            viewport.width * viewport.height,
          )
          const rulings = findRulings(graphics, viewport.height)
          const bullets = drawnBulletRuns(graphics.marks, text.runs)
          const runs = bullets.length > 0 ? [...text.runs, ...bullets] : text.runs
          const found = detectTables(runs, rulings, graphics.areas, number, true)
          if (options.outputs.has('images')) {
            const objects = { page: page.objs, common: page.commonObjs }
            pageImages = await collectPageImages(graphics.images, objects, number, imageBudget)
          }
          // Only a page whose whole hybrid analysis succeeded takes its results.
          lines = found.lines
          tables = found.tables
          hybridPages++
        } catch (error) {
          if (isAbort(error, options.signal)) throw error
          warnings.push(`hybrid analysis failed on page ${number}: the fast engine read it`)
        }
      }
      lines ??= groupLines(text.runs)
      tableLikeRows += countTableLikeRows(lines)
      lineCount += lines.length
      for (const table of tables) tableEvidence.push(table.tableEvidence ?? 1)
      const blocks = groupBlocks(lines, number)
      blocks.push(...tables)
      for (const piece of text.rotated) {
        const block = newBlock(makeLine([piece]), number)
        block.sideways = true
        blocks.push(block)
      }
      for (const block of blocks) settleBlockStyle(block)
      for (const image of pageImages) blocks.push(imageBlock(image))
      // A page without text is only a scan if it paints something; fast reads the operators
      // for such pages alone.
      let blank = false
      if (text.chars === 0) {
        operators ??= await page.getOperatorList()
        blank = !paintsMarks(operators.fnArray, operators.argsArray)
      }
      const order = orderBlocks(blocks, gutters, producerSpellings)
      if (order.gutters.length > 0) gutters = order.gutters
      // Later stages read lines, never the glyph runs behind them; letting the runs go keeps
      // memory flat over long documents, whose layouts wait for the document-wide analysis.
      for (const block of order.blocks) for (const line of block.lines) line.runs = NO_RUNS
      pages.push({
        number,
        width: viewport.width,
        height: viewport.height,
        blocks: order.blocks,
        chars: text.chars,
        unreliableChars: text.unreliableChars,
        blank,
        cleanLayout: order.clean,
        ...(turn && { turn }),
      })
    } finally {
      page.cleanup()
    }
  }
  dropRepeatedImages(pages)
  if (imageBudget.capped) {
    warnings.push('some images were left out: they exceed the size limits for images')
  }
  return { pages, tableLikeRows, lineCount, tableEvidence, hybridPages }
}

/** Ascending page numbers as ranges: `[3, 4, 5, 9]` is `3-5, 9`. */
function describePages(numbers: readonly number[]): string {
  const ranges: string[] = []
  for (let start = 0; start < numbers.length; ) {
    let end = start
    while (end + 1 < numbers.length && numbers[end + 1] === (numbers[end] as number) + 1) end++
    ranges.push(end === start ? `${numbers[start]}` : `${numbers[start]}-${numbers[end]}`)
    start = end + 1
  }
  return ranges.join(', ')
}

/** Logos and decorations drawn on several pages are not content. */
function dropRepeatedImages(pages: PageLayout[]): void {
  const repeated = repeatedImageKeys(
    pages.map((page) => page.blocks.flatMap((block) => (block.image ? [block.image] : []))),
  )
  if (repeated.size === 0) return
  for (const page of pages) {
    page.blocks = page.blocks.filter((block) => !block.image || !repeated.has(block.image.key))
  }
}

function imageBlock(image: PageImage): Block {
  const [left, top, right, bottom] = image.bbox
  return {
    lines: [],
    page: image.page,
    left,
    top,
    right,
    bottom,
    fontSize: 0,
    fontId: '',
    bold: false,
    italic: false,
    monospace: false,
    kind: 'image',
    image,
  }
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64')
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && (error === signal.reason || error instanceof DOMException)
}

function linesOf(pages: readonly PageLayout[]): string[] {
  const texts: string[] = []
  for (const page of pages) {
    for (const block of page.blocks) {
      for (const line of block.lines as Line[]) texts.push(line.text)
    }
  }
  return texts
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw signal.reason ?? new DOMException('The extraction was aborted', 'AbortError')
}

/**
 * The fields of the document's form, as pdf.js describes them; none where it has no form, or
 * one pdf.js cannot read (the pages' own text is still there).
 */
async function formFields(source: PdfSource): Promise<Record<string, FormField[]> | null> {
  try {
    return (await source.document.getFieldObjects()) as Record<string, FormField[]> | null
  } catch {
    return null
  }
}

/**
 * A stable id from the bytes: the same PDF always gets the same id. Hashed in place, on this
 * thread: a one-page PDF hashes in microseconds, less than a round trip to the thread pool.
 */
function documentId(bytes: Uint8Array): string {
  return `doc_${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}`
}
