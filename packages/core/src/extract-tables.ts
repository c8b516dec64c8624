import type { Table } from '@pdfx/schema'
import { extract } from './extract.js'
import type { ExtractOptions } from './options.js'

/** A table of a document, with the element it belongs to. */
export interface DocumentTable extends Table {
  /** The `table` element in the document's reading order. */
  elementId: string
  /** This table continues the one at the end of the previous page. */
  continued: boolean
}

/**
 * Every table of a document, in reading order, reconstructed by the hybrid engine. Warnings of
 * the extraction (a fallback to the fast engine finds no tables) are returned with them.
 */
export async function extractTables(
  input: Uint8Array | ArrayBuffer,
  options: Omit<ExtractOptions, 'mode' | 'outputs'> = {},
): Promise<{ tables: DocumentTable[]; warnings: string[] }> {
  const document = await extract(input, { ...options, mode: 'hybrid', outputs: ['elements'] })
  const tables: DocumentTable[] = []
  for (const element of document.elements) {
    if (element.type !== 'table' || !element.table) continue
    tables.push({ elementId: element.id, continued: element.continued ?? false, ...element.table })
  }
  return { tables, warnings: document.warnings ?? [] }
}
