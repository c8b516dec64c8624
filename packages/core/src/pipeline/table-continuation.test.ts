import type { Table } from '@pdfx/schema'
import { describe, expect, it } from 'vitest'
import { markContinuedTables } from './table-continuation.js'
import { block } from './test-helpers.js'
import type { Block, BlockKind, PageLayout } from './types.js'

function table(rows: string[][], headerRows: number): Table {
  const columns = rows[0]?.length ?? 0
  return {
    page: 1,
    bbox: [72, 100, 540, 100 + rows.length * 20],
    rows: rows.length,
    columns,
    headerRows,
    cells: rows.flatMap((texts, row) =>
      texts.map((text, column) => ({
        row,
        column,
        rowSpan: 1,
        colSpan: 1,
        text,
        bbox: [72 + column * 100, 100 + row * 20, 172 + column * 100, 120 + row * 20],
      })),
    ),
  }
}

const tableBlock = (rows: string[][], headerRows: number): Block =>
  block(['table'], 72, 100, { kind: 'table', table: table(rows, headerRows) })

const textBlock = (kind: BlockKind, text: string = kind): Block => block([text], 72, 50, { kind })

function page(number: number, blocks: Block[]): PageLayout {
  return {
    number,
    width: 612,
    height: 792,
    blocks,
    chars: 100,
    unreliableChars: 0,
    blank: false,
    cleanLayout: true,
  }
}

const HEADER = ['Name', 'Qty', 'Unit price']

describe('markContinuedTables', () => {
  it('marks a table that opens a page and matches the columns of the table ending the last one', () => {
    const first = tableBlock([HEADER, ['Apples', '12', '3.50']], 1)
    // The detector read the continuation's first data row as a header.
    const next = tableBlock([['Pears', '7', '2.25']], 1)
    markContinuedTables([
      page(1, [textBlock('paragraph'), first, textBlock('footnote'), textBlock('footer')]),
      page(2, [textBlock('header'), next, textBlock('paragraph')]),
    ])
    expect(next.continued).toBe(true)
    // The page break cut the rows: the continuation has no header of its own.
    expect(next.table?.headerRows).toBe(0)
    expect(first.continued).toBeUndefined()
  })

  it('recognises a header repeated at the top of the continuation', () => {
    const first = tableBlock([HEADER, ['Apples', '12', '3.50']], 1)
    const next = tableBlock(
      [
        ['NAME', 'Qty', 'Unit  price'],
        ['Pears', '7', '2.25'],
      ],
      0,
    )
    markContinuedTables([page(1, [first]), page(2, [next])])
    expect(next.continued).toBe(true)
    expect(next.table?.headerRows).toBe(1)
  })

  it('does not continue a table with a different number of columns', () => {
    const first = tableBlock([HEADER, ['Apples', '12', '3.50']], 1)
    const next = tableBlock([['Region', 'Total']], 1)
    markContinuedTables([page(1, [first]), page(2, [next])])
    expect(next.continued).toBeUndefined()
    expect(next.table?.headerRows).toBe(1)
  })

  it('does not continue across body text on either side of the page break', () => {
    const first = tableBlock([HEADER, ['Apples', '12', '3.50']], 1)
    const afterText = tableBlock([['Pears', '7', '2.25']], 0)
    markContinuedTables([page(1, [first]), page(2, [textBlock('paragraph'), afterText])])
    expect(afterText.continued).toBeUndefined()
    const beforeText = tableBlock([['Figs', '4', '5.10']], 0)
    markContinuedTables([page(1, [first, textBlock('paragraph')]), page(2, [beforeText])])
    expect(beforeText.continued).toBeUndefined()
  })

  it("continues a table over its caption repeated on the next page, but not over another's", () => {
    const first = tableBlock([HEADER, ['Apples', '12', '3.50']], 1)
    const next = tableBlock([['Pears', '7', '2.25']], 0)
    const caption = (text: string) => textBlock('caption', text)
    markContinuedTables([
      page(1, [caption('Table 1.1: Fruit in stock'), first]),
      page(2, [caption('Table 1.1 (continued)'), next]),
    ])
    expect(next.continued).toBe(true)
    const other = tableBlock([['Figs', '4', '5.10']], 0)
    markContinuedTables([
      page(1, [caption('Table 1.1: Fruit in stock'), first]),
      page(2, [caption('Table 1.2: Fruit sold'), other]),
    ])
    expect(other.continued).toBeUndefined()
  })

  it('compares every later page with the header of the table the continuations belong to', () => {
    // Rows without figures: the detector reads the first row of every page as a header.
    const rows = (fruit: string) => [[fruit, 'red', 'Kent']]
    const first = tableBlock([HEADER, ['Apples', 'green', 'Kent']], 1)
    const second = tableBlock(rows('Cherries'), 1)
    const third = tableBlock(rows('Plums'), 1)
    const repeated = tableBlock([HEADER, ['Figs', 'purple', 'Surrey']], 1)
    markContinuedTables([
      page(1, [first]),
      page(2, [second]),
      page(3, [third]),
      page(4, [repeated]),
    ])
    expect([second, third, repeated].map((b) => b.continued)).toEqual([true, true, true])
    expect([second, third, repeated].map((b) => b.table?.headerRows)).toEqual([0, 0, 1])
  })

  it('follows a table over several pages', () => {
    const pages = [1, 2, 3].map((number) =>
      page(number, [tableBlock([[`row ${number}`, '1', '2']], 0)]),
    )
    markContinuedTables(pages)
    expect(pages.map((p) => p.blocks[0]?.continued)).toEqual([undefined, true, true])
  })
})
