import type { Table } from '@pdfx/schema'
import { describe, expect, it } from 'vitest'
import { fitColumnWidths } from './column-widths.js'
import { renderTables, toGrid } from './render-tables.js'

const SPANNED: Table = {
  page: 1,
  bbox: [0, 0, 100, 40],
  rows: 3,
  columns: 3,
  headerRows: 1,
  cells: [
    { row: 0, column: 0, rowSpan: 1, colSpan: 3, text: 'Results, "final"', bbox: [0, 0, 100, 10] },
    { row: 1, column: 0, rowSpan: 2, colSpan: 1, text: 'North', bbox: [0, 10, 30, 30] },
    { row: 1, column: 1, rowSpan: 1, colSpan: 1, text: '1', bbox: [30, 10, 60, 20] },
    { row: 1, column: 2, rowSpan: 1, colSpan: 1, text: '2', bbox: [60, 10, 100, 20] },
    { row: 2, column: 1, rowSpan: 1, colSpan: 1, text: '3', bbox: [30, 20, 60, 30] },
  ],
}

describe('renderTables', () => {
  it('puts a spanning cell in its top-left position of the grid and the CSV', () => {
    expect(toGrid(SPANNED)).toEqual([
      ['Results, "final"', '', ''],
      ['North', '1', '2'],
      ['', '3', ''],
    ])
    expect(renderTables([SPANNED], [], 'csv')).toBe('"Results, ""final""",,\nNorth,1,2\n,3,\n')
  })

  it('draws spans with cli-table3 and leaves uncovered positions empty', () => {
    const text = renderTables([SPANNED], [], 'text')
    expect(text).toMatchInlineSnapshot(`
      "Table 1, page 1
      ┌──────────────────┐
      │ Results, "final" │
      ├────────┬────┬────┤
      │ North  │ 1  │ 2  │
      │        ├────┼────┤
      │        │ 3  │    │
      └────────┴────┴────┘
      "
    `)
    expect(text).toContain('│ North  │ 1  │ 2  │')
  })

  it('narrows the widest columns first to fit a width', () => {
    expect(fitColumnWidths([40, 10, 30], 100)).toEqual([40, 10, 30])
    expect(fitColumnWidths([40, 10, 30], 60)).toEqual([23, 10, 23])
    expect(fitColumnWidths([40, 10, 30], 10)).toEqual([8, 8, 8])
  })
})
