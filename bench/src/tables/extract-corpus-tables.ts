import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type DocumentTable, extractTables } from '@pdfx/core'
import { buildTextPdf } from '../speed/generated-pdf'
import { countPdfPages } from '../speed/pdfjs-text'

/** The tables extracted from one corpus PDF, or why extracting them failed. */
export interface PdfTables {
  /** Path relative to the tables folder, as index.tsv names it. */
  pdf: string
  ok: boolean
  error?: string
  tables: DocumentTable[]
  warnings: string[]
  /** Time `extractTables` took, in seconds. */
  seconds: number
  /** Pages of the PDF as pdf.js counts them (0 when it cannot open the file). */
  pages: number
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Runs `extractTables` (the hybrid engine) once on each PDF, in the order given, timing each
 * run. A failure is recorded, not thrown: its cases then score 0.
 */
export async function extractCorpusTables(
  tablesDir: string,
  pdfs: readonly string[],
  onPdf?: (result: PdfTables) => void,
): Promise<PdfTables[]> {
  // one untimed run first: loading pdf.js and its fonts takes about a second, once per process
  await extractTables(await buildTextPdf(1)).catch(() => undefined)
  const results: PdfTables[] = []
  for (const pdf of pdfs) {
    const bytes = new Uint8Array(await readFile(join(tablesDir, pdf)))
    const pages = await countPdfPages(bytes).catch(() => 0)
    const started = performance.now()
    let result: PdfTables
    try {
      const { tables, warnings } = await extractTables(bytes)
      const seconds = (performance.now() - started) / 1000
      result = { pdf, ok: true, tables, warnings, seconds, pages }
    } catch (error) {
      const seconds = (performance.now() - started) / 1000
      result = {
        pdf,
        ok: false,
        error: errorMessage(error),
        tables: [],
        warnings: [],
        seconds,
        pages,
      }
    }
    results.push(result)
    onPdf?.(result)
  }
  return results
}
