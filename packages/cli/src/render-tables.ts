import { toMarkdown } from '@pdfx/core'
import type { ListTablesResult, Table } from '@pdfx/schema'
import CliTable from 'cli-table3'
import { fitColumnWidths, MIN_COLUMN_WIDTH, PADDING } from './column-widths.js'

/** What `pdfx tables` writes: boxes drawn by cli-table3, CSV, JSON or Markdown. */
export type TablesFormat = 'text' | 'csv' | 'json' | 'markdown'

/**
 * Renders the tables of a document. `text` draws each table under a `Table N, page P` title;
 * `csv` writes RFC 4180 rows, tables separated by an empty line; `json` is the `list_tables`
 * result of the MCP endpoint (`{ tables, warnings? }`); `markdown` uses the same renderer as
 * the document's Markdown (GFM, or HTML when cells span). No tables: empty text, except JSON.
 */
export function renderTables(
  tables: readonly Table[],
  warnings: readonly string[],
  format: TablesFormat,
  /** Terminal width for `text`: columns are narrowed and wrapped to fit it. */
  width?: number,
): string {
  switch (format) {
    case 'json': {
      const result: ListTablesResult = { tables: [...tables] }
      if (warnings.length > 0) result.warnings = [...warnings]
      return `${JSON.stringify(result, null, 2)}\n`
    }
    case 'csv':
      return tables.map((table) => toCsv(table)).join('\n')
    case 'markdown':
      return tables.map((table) => markdownOf(table)).join('\n')
    case 'text':
      return tables
        .map(
          (table, index) => `Table ${index + 1}, page ${table.page}\n${drawTable(table, width)}\n`,
        )
        .join('\n')
  }
}

/** The grid of a table as rows of texts; a spanning cell's text sits in its top-left position. */
export function toGrid(table: Table): string[][] {
  const grid = Array.from({ length: table.rows }, () => Array<string>(table.columns).fill(''))
  for (const cell of table.cells) {
    const row = grid[cell.row]
    if (row) row[cell.column] = cell.text
  }
  return grid
}

function toCsv(table: Table): string {
  return toGrid(table)
    .map((row) => `${row.map(csvField).join(',')}\n`)
    .join('')
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

function markdownOf(table: Table): string {
  return toMarkdown([{ id: 'el_0001', type: 'table', page: table.page, text: '', table }])
}

/**
 * The table drawn with cli-table3, spans kept. cli-table3 places each row's cells left to
 * right and skips positions a row span from above covers, so a row lists the cells that start
 * in it plus an empty cell for every position no cell covers.
 */
function drawTable(table: Table, width: number | undefined): string {
  const starts = new Map(table.cells.map((cell) => [cell.row * table.columns + cell.column, cell]))
  const covered = new Set<number>()
  for (const cell of table.cells) {
    for (let row = cell.row; row < cell.row + cell.rowSpan; row++) {
      for (let column = cell.column; column < cell.column + cell.colSpan; column++) {
        if (row !== cell.row || column !== cell.column) covered.add(row * table.columns + column)
      }
    }
  }
  // No colours: the borders and headers of cli-table3 would otherwise carry escape codes.
  const drawn = new CliTable({
    style: { head: [], border: [] },
    wordWrap: true,
    ...(width === undefined ? {} : { colWidths: fitColumnWidths(naturalWidths(table), width) }),
  })
  for (let row = 0; row < table.rows; row++) {
    const cells: CliTable.Cell[] = []
    for (let column = 0; column < table.columns; column++) {
      const position = row * table.columns + column
      const cell = starts.get(position)
      if (cell) {
        cells.push({ content: cell.text, colSpan: cell.colSpan, rowSpan: cell.rowSpan })
      } else if (!covered.has(position)) {
        cells.push('')
      }
    }
    drawn.push(cells)
  }
  return drawn.toString()
}

/** Width each column needs without wrapping, padding included; spanning cells are left out. */
function naturalWidths(table: Table): number[] {
  const widths = Array<number>(table.columns).fill(MIN_COLUMN_WIDTH)
  for (const cell of table.cells) {
    if (cell.colSpan !== 1) continue
    const longest = Math.max(0, ...cell.text.split('\n').map((line) => line.length))
    widths[cell.column] = Math.max(widths[cell.column] ?? 0, longest + 2 * PADDING)
  }
  return widths
}
