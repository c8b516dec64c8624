import { describe, expect, it } from 'vitest'
import { expectedGridHtml, predictedTableHtml, scoreGridTeds } from './grid-teds'

const cell = (row: number, column: number, text: string, rowSpan = 1, colSpan = 1) => ({
  row,
  column,
  rowSpan,
  colSpan,
  text,
})

describe('expectedGridHtml and predictedTableHtml', () => {
  it('writes one td per CSV field, escaped', () => {
    expect(
      expectedGridHtml([
        ['a & b', ''],
        ['<c>', 'd'],
      ]),
    ).toBe(
      '<table><tr><td>a &amp; b</td><td></td></tr><tr><td>&lt;c&gt;</td><td>d</td></tr></table>',
    )
  })

  it('writes spans as attributes and a row fully covered by a span as an empty tr', () => {
    const table = { cells: [cell(0, 0, 'h', 2, 2), cell(0, 2, 'x'), cell(1, 2, 'y')] }
    expect(predictedTableHtml(table)).toBe(
      '<table><tr><td rowspan="2" colspan="2">h</td><td>x</td></tr><tr><td>y</td></tr></table>',
    )
  })
})

describe('scoreGridTeds', () => {
  it('is 1 for a prediction with the same grid and texts', () => {
    const grid = [
      ['Region', '2019', '2020'],
      ['North', '1,204', '1,388'],
      ['South', '', '97'],
    ]
    const table = { cells: grid.flatMap((row, r) => row.map((text, c) => cell(r, c, text))) }
    expect(scoreGridTeds(grid, table)).toBe(1)
  })

  it('is below 1 when a spanning cell replaces the empty cells the grid has', () => {
    const grid = [
      ['Head', ''],
      ['a', 'b'],
    ]
    const table = { cells: [cell(0, 0, 'Head', 1, 2), cell(1, 0, 'a'), cell(1, 1, 'b')] }
    expect(scoreGridTeds(grid, table)).toBeLessThan(1)
  })

  it('is null for an empty expected grid', () => {
    expect(scoreGridTeds([], { cells: [cell(0, 0, 'a')] })).toBeNull()
  })
})
