import type { Column } from '../speed/text-table'

/** Escapes what would end a Markdown table cell early. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

/** Lays out rows as a GitHub Markdown table; right-aligned columns get `---:`. */
export function formatMarkdownTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(cell).join(' | ')} |`
  return [
    line(columns.map((column) => column.title)),
    `|${columns.map((column) => (column.align === 'right' ? ' ---: ' : ' --- ')).join('|')}|`,
    ...rows.map((row) => line(columns.map((_, index) => row[index] ?? ''))),
  ].join('\n')
}
