import { chunkDocument, toMarkdown } from '@pdfx/core'
import { type ExtractedDocument, PdfxError } from '@pdfx/schema'
import { includesPage, type PageSelection, reachesBeyond } from './page-ranges.js'

/** What the selected document must be rebuilt with. */
export interface PageFilterOptions {
  /** Whether the caller asked for Markdown. */
  keepMarkdown: boolean
  /** Whether the caller asked for elements; they were extracted anyway, to filter by page. */
  keepElements: boolean
  keepFurniture: boolean
  chunkTokens: number
}

/**
 * Keeps only the selected pages of an extracted document: elements and images by their page,
 * Markdown and chunks rebuilt from the kept elements. Element and image ids stay as extracted, so
 * they still name the same blocks as a whole-document run; `source` and `confidence` still
 * describe the whole PDF. @pdfx/core reads every page first: it has no page option yet.
 */
export function selectPages(
  document: ExtractedDocument,
  selection: PageSelection,
  options: PageFilterOptions,
): ExtractedDocument {
  const pageCount = document.source.pages
  const kept = document.elements.filter((element) => includesPage(selection, element.page))
  const anyPage = Array.from({ length: pageCount }, (_, index) => index + 1).some((page) =>
    includesPage(selection, page),
  )
  if (!anyPage) {
    throw new PdfxError(
      'invalid_request',
      `--pages selects no page: the document has ${pageCount} page${pageCount === 1 ? '' : 's'}`,
    )
  }
  const selected: ExtractedDocument = {
    ...document,
    markdown: options.keepMarkdown
      ? toMarkdown(kept, { keepFurniture: options.keepFurniture })
      : '',
    elements: options.keepElements ? kept : [],
  }
  if (document.chunks) {
    selected.chunks = chunkDocument({ elements: kept }, { tokens: options.chunkTokens })
  }
  if (document.images) {
    selected.images = document.images.filter((image) => includesPage(selection, image.page))
  }
  if (reachesBeyond(selection, pageCount)) {
    selected.warnings = [
      ...(document.warnings ?? []),
      `--pages goes past the last page (${pageCount}); the pages that exist were kept`,
    ]
  }
  return selected
}
