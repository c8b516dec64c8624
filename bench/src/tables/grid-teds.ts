import { aptedDistance } from '../scoring/apted'
import { escapeHtml } from '../scoring/markdown-tables'
import { scoreTeds } from '../scoring/teds'

/** The part of a predicted table TEDS reads: its cells with their spans. */
export interface SpannedCells {
  readonly cells: readonly {
    row: number
    column: number
    rowSpan: number
    colSpan: number
    text: string
  }[]
}

/** An expected CSV grid as an HTML table: one `<td>` per CSV field, covered cells empty as given. */
export function expectedGridHtml(grid: readonly (readonly string[])[]): string {
  const rows = grid.map(
    (row) => `<tr>${row.map((text) => `<td>${escapeHtml(text)}</td>`).join('')}</tr>`,
  )
  return `<table>${rows.join('')}</table>`
}

/** A predicted table as HTML: each cell a `<td>` in its top-left row, with rowspan and colspan. */
export function predictedTableHtml(table: SpannedCells): string {
  const lastRow = Math.max(-1, ...table.cells.map((cell) => cell.row))
  const rows = Array.from({ length: lastRow + 1 }, () => [] as SpannedCells['cells'][number][])
  for (const cell of table.cells) rows[cell.row]?.push(cell)
  const html = rows.map((cells) => {
    const tds = [...cells]
      .sort((a, b) => a.column - b.column)
      .map((cell) => {
        const spans =
          (cell.rowSpan > 1 ? ` rowspan="${cell.rowSpan}"` : '') +
          (cell.colSpan > 1 ? ` colspan="${cell.colSpan}"` : '')
        return `<td${spans}>${escapeHtml(cell.text)}</td>`
      })
    return `<tr>${tds.join('')}</tr>`
  })
  return `<table>${html.join('')}</table>`
}

/**
 * TEDS of a predicted table against an expected grid, with the DP-Bench machinery (the same HTML
 * reading, tree, rename costs and apted distance as `pnpm bench:quality`'s TEDS); null when the
 * expected grid has no rows.
 */
export function scoreGridTeds(
  expected: readonly (readonly string[])[],
  predicted: SpannedCells,
): number | null {
  if (expected.length === 0) return null
  return scoreTeds(expectedGridHtml(expected), predictedTableHtml(predicted), aptedDistance).teds
}
