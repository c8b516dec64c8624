import type { PdfTables } from './extract-corpus-tables'
import { type CaseScore, scoreCase } from './score-case'
import { readExpectedGrid, type TableCase } from './table-cases'

/** One case of index.tsv with its expected and chosen predicted grid sizes and its scores. */
export interface TableCaseResult {
  tableCase: TableCase
  /** Rows and widest row of the expected CSV grid. */
  expectedRows: number
  expectedColumns: number
  /** Grid size of the predicted table chosen by the cell score; null when there is none. */
  predicted: { rows: number; columns: number } | null
  /** Predicted tables on the case's page. */
  tablesOnPage: number
  score: CaseScore
  /** Why the PDF's extraction failed; the case then scores 0. */
  extractionError?: string
}

/** Scores every case against the tables extracted from its PDF (a PDF not extracted has none). */
export async function scoreTableCases(
  tablesDir: string,
  cases: readonly TableCase[],
  extracted: readonly PdfTables[],
): Promise<TableCaseResult[]> {
  const byPdf = new Map(extracted.map((result) => [result.pdf, result]))
  const results: TableCaseResult[] = []
  for (const tableCase of cases) {
    const expected = await readExpectedGrid(tablesDir, tableCase)
    const pdf = byPdf.get(tableCase.pdf)
    const pageTables = (pdf?.tables ?? []).filter((table) => table.page === tableCase.page)
    const score = scoreCase(expected, pageTables)
    const chosen = score.chosen === null ? undefined : pageTables[score.chosen]
    results.push({
      tableCase,
      expectedRows: expected.length,
      expectedColumns: Math.max(0, ...expected.map((row) => row.length)),
      predicted: chosen ? { rows: chosen.rows, columns: chosen.columns } : null,
      tablesOnPage: pageTables.length,
      score,
      ...(pdf?.error === undefined ? {} : { extractionError: pdf.error }),
    })
  }
  return results
}
