import type { NodeToolId, UnpdfPdfjs } from './child-protocol'

/** What one tool made of one PDF. */
export interface ToolOutput {
  pages: number
  /** Markdown or plain text; undefined for bare pdf.js, whose text is read and dropped. */
  text: string | undefined
  warnings: string[]
}

/** Reads one PDF's bytes with one tool. */
export type NodeReader = (bytes: Uint8Array) => Promise<ToolOutput>

/**
 * Imports one tool's code and returns its reader. Only that tool is imported, so the child's
 * memory holds nothing of the others.
 */
export async function loadNodeTool(id: NodeToolId, unpdfPdfjs: UnpdfPdfjs): Promise<NodeReader> {
  switch (id) {
    case 'pdfjs': {
      const { readTextWithPdfJs } = await import('../speed/pdfjs-text')
      return async (bytes) => ({
        pages: await readTextWithPdfJs(bytes),
        text: undefined,
        warnings: [],
      })
    }
    case 'fast':
    case 'hybrid': {
      const { extract } = await import('@pdfx/core')
      return async (bytes) => {
        // the options of `pnpm bench` and `pnpm bench:quality`: markdown and elements
        const document = await extract(bytes, { mode: id })
        return {
          pages: document.source.pages,
          text: document.markdown,
          warnings: document.warnings ?? [],
        }
      }
    }
    case 'unpdf': {
      const { definePDFJSModule, extractText, getDocumentProxy } = await import('unpdf')
      if (unpdfPdfjs === 'pdfjs-dist-legacy') {
        // unpdf's documented opt-in for another pdf.js build
        await definePDFJSModule(() => import('pdfjs-dist/legacy/build/pdf.mjs'))
      }
      return async (bytes) => {
        const pdf = await getDocumentProxy(bytes)
        try {
          // one string per page; mergePages would also collapse every line break to a space
          const { totalPages, text } = await extractText(pdf, { mergePages: false })
          return { pages: totalPages, text: text.join('\n\n'), warnings: [] }
        } finally {
          await pdf.destroy()
        }
      }
    }
  }
}
