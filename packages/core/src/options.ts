import { type ExtractMode, type OutputKind, PdfxError } from '@pdfx/schema'

/** Options of `extract`. */
export interface ExtractOptions {
  /** `fast` (prose; default) or `hybrid` (adds tables, bounding boxes and images). */
  mode?: ExtractMode
  /** What to produce; default markdown and elements. */
  outputs?: readonly OutputKind[]
  /** Most tokens (o200k_base) per chunk when chunks are produced; default 512. */
  chunkTokens?: number
  /** Keep running headers, footers and page numbers in the Markdown (they are always elements). */
  keepFurniture?: boolean
  /** Documents with more pages are refused with `pdf_too_complex`; default 5000. */
  maxPages?: number
  /**
   * Time the hybrid analysis may take for a document, in milliseconds (default 60 000); past it,
   * the remaining pages are read by the fast engine and `warnings` says so. 0 disables hybrid.
   */
  hybridBudgetMs?: number
  /**
   * Only these pages (numbered from 1) are read and processed; pdf.js never parses the others.
   * Order and repeats do not matter: pages are processed once each, in document order. Numbers
   * past the last page are skipped; when none of them exists the extraction fails with
   * `invalid_request`. Elements, Markdown, chunks and images then come from these pages only
   * (element ids count from `el_0001` within them), running headers and footers are recognised
   * among them, and `source.pages` is still the page count of the whole PDF (`source.pageSizes`
   * is left out, since the other pages are never read). `maxPages` still applies to the whole
   * PDF. Default: every page.
   */
  pages?: readonly number[]
  /** Aborts the extraction; the promise then rejects with the signal's reason. */
  signal?: AbortSignal
}

/** Options with every default filled in. */
export interface ResolvedOptions {
  mode: ExtractMode
  outputs: ReadonlySet<OutputKind>
  chunkTokens: number
  keepFurniture: boolean
  maxPages: number
  hybridBudgetMs: number
  /** The selected page numbers, ascending and distinct; undefined for every page. */
  pages: readonly number[] | undefined
  signal: AbortSignal | undefined
}

export const DEFAULT_OUTPUTS: readonly OutputKind[] = ['markdown', 'elements']
export const DEFAULT_CHUNK_TOKENS = 512
export const DEFAULT_MAX_PAGES = 5000
export const DEFAULT_HYBRID_BUDGET_MS = 60_000
const OUTPUT_KINDS = new Set<string>(['markdown', 'elements', 'chunks', 'images'])

/** Fills in defaults and rejects nonsense with `invalid_request`. */
export function resolveOptions(options: ExtractOptions = {}): ResolvedOptions {
  const mode = options.mode ?? 'fast'
  if (mode !== 'fast' && mode !== 'hybrid') {
    throw new PdfxError('invalid_request', `Unknown mode "${String(mode)}": use fast or hybrid`)
  }
  const outputs = options.outputs ?? DEFAULT_OUTPUTS
  for (const output of outputs) {
    if (!OUTPUT_KINDS.has(output)) {
      throw new PdfxError('invalid_request', `Unknown output "${String(output)}"`)
    }
  }
  const chunkTokens = options.chunkTokens ?? DEFAULT_CHUNK_TOKENS
  if (!Number.isInteger(chunkTokens) || chunkTokens < 1) {
    throw new PdfxError('invalid_request', 'chunkTokens must be a positive whole number')
  }
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES
  if (!Number.isInteger(maxPages) || maxPages < 1) {
    throw new PdfxError('invalid_request', 'maxPages must be a positive whole number')
  }
  const hybridBudgetMs = options.hybridBudgetMs ?? DEFAULT_HYBRID_BUDGET_MS
  if (!(hybridBudgetMs >= 0)) {
    throw new PdfxError('invalid_request', 'hybridBudgetMs must be zero or more')
  }
  return {
    mode,
    outputs: new Set(outputs),
    chunkTokens,
    keepFurniture: options.keepFurniture ?? false,
    maxPages,
    hybridBudgetMs,
    pages: options.pages === undefined ? undefined : resolvePages(options.pages),
    signal: options.signal,
  }
}

/** The `pages` option as ascending distinct numbers; anything but whole numbers from 1 is refused. */
function resolvePages(pages: readonly number[]): number[] {
  if (!Array.isArray(pages) || pages.length === 0) {
    throw new PdfxError('invalid_request', 'pages must list at least one page number')
  }
  for (const page of pages) {
    if (!Number.isSafeInteger(page) || page < 1) {
      throw new PdfxError(
        'invalid_request',
        `pages holds "${String(page)}": page numbers are whole numbers from 1`,
      )
    }
  }
  return [...new Set(pages)].sort((a, b) => a - b)
}
