import type { Table, TableCell } from '@pdfx/schema'
import { escapeInline } from './markdown-escape.js'

/**
 * Renders a table in Markdown: a GFM pipe table when every cell is one grid position, an HTML
 * `<table>` when cells span rows or columns (GFM cannot express spans). Cell text stays on one
 * line; characters that would end a cell or open a tag are escaped.
 */
export function tableToMarkdown(table: Table): string {
  const spans = table.cells.some((cell) => cell.rowSpan > 1 || cell.colSpan > 1)
  return spans ? tableToHtml(table) : tableToGfm(table)
}

function tableToGfm(table: Table): string {
  const grid = Array.from({ length: table.rows }, () => new Array<string>(table.columns).fill(''))
  for (const cell of table.cells) {
    ;(grid[cell.row] as string[])[cell.column] = escapePipe(escapeInline(oneLine(cell.text)))
  }
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  const [head, ...body] = grid
  return [
    line(head as string[]),
    line(new Array<string>(table.columns).fill('---')),
    ...body.map(line),
  ].join('\n')
}

function tableToHtml(table: Table): string {
  const parts = ['<table>']
  let row = -1
  for (const cell of table.cells) {
    if (cell.row !== row) {
      if (row !== -1) parts.push('</tr>')
      // Rows whose every position is covered by spans from above have no cells of their own.
      for (let skipped = row + 1; skipped < cell.row; skipped++) parts.push('<tr>', '</tr>')
      parts.push('<tr>')
      row = cell.row
    }
    parts.push(`<td${spanAttributes(cell)}>`, escapeHtml(oneLine(cell.text)), '</td>')
  }
  if (row !== -1) parts.push('</tr>')
  parts.push('</table>')
  return parts.filter((part) => part.length > 0).join('\n')
}

function spanAttributes(cell: TableCell): string {
  let attributes = ''
  if (cell.rowSpan > 1) attributes += ` rowspan="${cell.rowSpan}"`
  if (cell.colSpan > 1) attributes += ` colspan="${cell.colSpan}"`
  return attributes
}

/** Text on one line: runs of whitespace, newlines included, become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** A pipe would end the cell; escaped, GFM takes it out of the cell before the inline escapes. */
function escapePipe(text: string): string {
  return text.replace(/\|/g, '\\|')
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Plain text of a table: one line per row, cells separated by tabs. */
export function tablePlainText(table: Table): string {
  const rows: string[][] = Array.from({ length: table.rows }, () => [])
  for (const cell of table.cells) (rows[cell.row] as string[]).push(oneLine(cell.text))
  return rows.map((cells) => cells.join('\t')).join('\n')
}
