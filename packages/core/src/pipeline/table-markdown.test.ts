import type { Table, TableCell } from '@pdfx/schema'
import { describe, expect, it } from 'vitest'
import { tablePlainText, tableToMarkdown } from './table-markdown.js'
import { renderedText } from './test-helpers.js'

type CellSpec = [row: number, column: number, text: string, rowSpan?: number, colSpan?: number]

function table(rows: number, columns: number, specs: CellSpec[]): Table {
  const cells: TableCell[] = specs.map(([row, column, text, rowSpan = 1, colSpan = 1]) => ({
    row,
    column,
    rowSpan,
    colSpan,
    text,
    bbox: [column * 100, row * 20, (column + colSpan) * 100, (row + rowSpan) * 20],
  }))
  return { page: 1, bbox: [0, 0, columns * 100, rows * 20], rows, columns, headerRows: 1, cells }
}

describe('tableToMarkdown', () => {
  it('renders a table without spans as a GFM pipe table', () => {
    const markdown = tableToMarkdown(
      table(3, 2, [
        [0, 0, 'Name'],
        [0, 1, 'Qty'],
        [1, 0, 'Apples'],
        [1, 1, '12'],
        // Row 2, column 0 has no text and no cell: the position stays empty.
        [2, 1, '7'],
      ]),
    )
    expect(markdown).toBe(
      ['| Name | Qty |', '| --- | --- |', '| Apples | 12 |', '|  | 7 |'].join('\n'),
    )
  })

  it('escapes pipes and folds a cell onto one line', () => {
    const markdown = tableToMarkdown(
      table(2, 2, [
        [0, 0, 'a | b'],
        [0, 1, 'C:\\temp'],
        [1, 0, '  two\nlines\t here '],
        [1, 1, 'x'],
      ]),
    )
    expect(markdown).toBe(
      ['| a \\| b | C:\\temp |', '| --- | --- |', '| two lines here | x |'].join('\n'),
    )
  })

  it('renders cells with markup, entities, backslashes and pipes as the same characters', () => {
    const cells = ['<b>bold</b> \\| x', 'R&D &amp; C:\\*']
    const markdown = tableToMarkdown(
      table(2, 2, [
        [0, 0, 'Name'],
        [0, 1, 'Note'],
        [1, 0, cells[0] as string],
        [1, 1, cells[1] as string],
      ]),
    )
    expect(renderedText(markdown)).toBe(`Name Note\n${cells.join(' ')}`)
  })

  it('renders spans as an HTML table, escaping markup in the text', () => {
    const html = tableToMarkdown(
      table(2, 3, [
        [0, 0, 'Region', 2],
        [0, 1, 'Sales & <margin>', 1, 2],
        [1, 1, 'Q1'],
        [1, 2, 'Q2\nfinal'],
      ]),
    )
    expect(html).toBe(
      [
        '<table>',
        '<tr>',
        '<td rowspan="2">',
        'Region',
        '</td>',
        '<td colspan="2">',
        'Sales &amp; &lt;margin&gt;',
        '</td>',
        '</tr>',
        '<tr>',
        '<td>',
        'Q1',
        '</td>',
        '<td>',
        'Q2 final',
        '</td>',
        '</tr>',
        '</table>',
      ].join('\n'),
    )
  })

  it('keeps a row wholly covered by spans from above, so the rows below stay in place', () => {
    const html = tableToMarkdown(
      table(3, 2, [
        [0, 0, 'A', 2],
        [0, 1, 'B', 2],
        [2, 0, 'c'],
        [2, 1, 'd'],
      ]),
    )
    const rows = html.split('<tr>').slice(1)
    expect(rows).toHaveLength(3)
    expect(rows[1]).toBe('\n</tr>\n')
    expect(rows[2]).toContain('c')
  })
})

describe('tablePlainText', () => {
  it('writes one line per row with cells separated by tabs', () => {
    const text = tablePlainText(
      table(3, 2, [
        [0, 0, 'Name'],
        [0, 1, 'Qty'],
        [1, 0, 'Apples and\npears'],
        [1, 1, '12'],
        [2, 0, ''],
        [2, 1, '7'],
      ]),
    )
    expect(text).toBe('Name\tQty\nApples and pears\t12\n\t7')
  })
})
