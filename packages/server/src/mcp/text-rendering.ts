import { toMarkdown } from '@pdfx/core'
import type { Chunk, Element, ExtractedDocument, Table } from '@pdfx/schema'

/** A table element of the hybrid engine: one that carries its structured table. */
export type TableElement = Element & { table: Table }

// Many MCP clients show the model only the text blocks of a result, not `structuredContent`, so
// each rendering carries what a reader needs: ids, pages and sections, and the warnings.

/** Markdown when it was requested, else the document as compact JSON. */
export function renderDocument(document: ExtractedDocument, markdownRequested: boolean): string[] {
  const body = markdownRequested ? document.markdown : JSON.stringify(document)
  return withWarnings([body], document.warnings)
}

/** Each chunk under a line naming its id, page, section and size. */
export function renderChunks(chunks: readonly Chunk[], warnings?: readonly string[]): string[] {
  const body =
    chunks.length === 0
      ? 'No text was found in the PDF.'
      : chunks
          .map((chunk) => {
            const section = chunk.section === '' ? '' : ` · section "${chunk.section}"`
            return `[${chunk.id}] page ${chunk.page}${section} · ${chunk.tokens} tokens\n${chunk.text}`
          })
          .join('\n\n')
  return withWarnings([body], warnings)
}

/** Each table as Markdown (GFM, or HTML when cells span) under a line with its page and size. */
export function renderTables(
  tables: readonly TableElement[],
  warnings?: readonly string[],
): string[] {
  const body =
    tables.length === 0
      ? 'No tables were found in the PDF.'
      : tables
          .map((element, index) => {
            const { page, rows, columns, headerRows, bbox } = element.table
            const box = bbox.map((value) => Math.round(value)).join(', ')
            const continued = element.continued ? ', continuing the table of the previous page' : ''
            const heading = `Table ${index + 1} (${element.id}): page ${page}, ${rows} rows × ${columns} columns, ${headerRows} header rows, bbox [${box}] pt${continued}`
            return `${heading}\n\n${toMarkdown([element]).trimEnd()}`
          })
          .join('\n\n')
  return withWarnings([body], warnings)
}

function withWarnings(blocks: string[], warnings: readonly string[] | undefined): string[] {
  if (warnings === undefined || warnings.length === 0) return blocks
  return [...blocks, `Warnings:\n${warnings.map((warning) => `- ${warning}`).join('\n')}`]
}
