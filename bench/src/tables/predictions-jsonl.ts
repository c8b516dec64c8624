import type { PdfTables } from './extract-corpus-tables'

/**
 * The predictions in table_score.py's input format, one JSON line per PDF:
 * `{"id": <pdf as in index.tsv>, "ok", "error"?, "tables": [{"page", "table"}]}`, where `table`
 * is the extracted table itself (its `cells` carry row, column, spans and text).
 */
export function formatPredictionsJsonl(results: readonly PdfTables[]): string {
  return results
    .map((result) =>
      JSON.stringify({
        id: result.pdf,
        ok: result.ok,
        ...(result.error === undefined ? {} : { error: result.error }),
        tables: result.tables.map((table) => ({ page: table.page, table })),
      }),
    )
    .map((line) => `${line}\n`)
    .join('')
}
