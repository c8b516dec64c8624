import { PdfxError } from '@pdfx/schema'
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js'
import type { PdfSource } from './load.js'

export type TextContent = Awaited<ReturnType<PDFPageProxy['getTextContent']>>

/** A page asked of pdf.js together with its text, ahead of its turn. */
export interface PageRequest {
  /** Whether the text was asked for with its marked content. */
  readonly labels: boolean
  /** The page, once pdf.js has it, with its text still to come. */
  readonly page: Promise<{ page: PDFPageProxy; content: Promise<TextContent> }>
}

/**
 * Asks pdf.js for a page and its text without waiting for either. Extraction asks for the next
 * page before it analyses the current one: pdf.js inflates a content stream on libuv's thread
 * pool (through DecompressionStream), and that now happens while this thread analyses, where it
 * used to wait idle. A request left unawaited (extraction failed or was aborted first) rejects
 * unheard, and destroying the document releases its page.
 */
export function requestPage(source: PdfSource, number: number, labels: boolean): PageRequest {
  const page = source.getPage(number).then(
    (proxy) => {
      const content = proxy.getTextContent({ includeMarkedContent: labels })
      content.catch(() => undefined)
      return { page: proxy, content }
    },
    (error: unknown) => {
      throw new PdfxError('pdf_damaged', `Page ${number} of the PDF cannot be read`, {
        cause: error,
      })
    },
  )
  page.catch(() => undefined)
  return { labels, page }
}
