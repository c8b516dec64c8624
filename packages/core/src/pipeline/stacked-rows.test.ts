import { describe, expect, it } from 'vitest'
import { findRulings } from './ruled-grids.js'
import type { Segment } from './rulings.js'
import { splitStackedRows } from './stacked-rows.js'
import { run } from './test-helpers.js'

/** Column rules at `xs`, row rules only at `ys` (the frame and the header's underline). */
function gridOf(xs: number[], ys: number[]) {
  const top = ys[0] as number
  const bottom = ys[ys.length - 1] as number
  const horizontal: Segment[] = ys.map((y) => ({ x1: xs[0] as number, y1: y, x2: 300, y2: y }))
  const vertical: Segment[] = xs.map((x) => ({ x1: x, y1: top, x2: x, y2: bottom }))
  const [grid] = findRulings({ horizontal, vertical }).grids
  if (!grid) throw new Error('no grid')
  return grid
}

const rowsOf = (grid: ReturnType<typeof gridOf>) =>
  grid.cells.map((cell) => [cell.row, cell.column, cell.rowSpan])

describe('splitStackedRows', () => {
  const grid = gridOf([100, 200, 300], [100, 130, 200])

  it('cuts a drawn row holding several rows of figures between its lines', () => {
    const runs = [
      // A header wrapped over two lines in both columns: words, so it stays one row.
      run('Country', 104, 112),
      run('Fund', 204, 112),
      run('name', 104, 124),
      run('EURbn', 204, 124),
      run('Bulgaria', 104, 144),
      run('2.3', 204, 144),
      run('Czech and Slovak', 104, 160),
      run('8.8', 204, 160),
      // A wrapped label: text in one cell only, whose first word would not have fit on the
      // line above, continues the row above.
      run('Republic', 104, 172),
      run('Malta', 104, 188),
      run('0.28', 204, 188),
    ]
    const split = splitStackedRows(grid, runs)
    expect(split.ys).toHaveLength(5)
    expect(split.ys[0]).toBe(100)
    expect(split.ys[1]).toBe(130)
    expect(split.ys[4]).toBe(200)
    expect(rowsOf(split)).toEqual([
      [0, 0, 1],
      [0, 1, 1],
      [1, 0, 1],
      [1, 1, 1],
      [2, 0, 1],
      [2, 1, 1],
      [3, 0, 1],
      [3, 1, 1],
    ])
    // The cut lies between the lines: "Republic" stays with "Czech and Slovak".
    expect(split.ys[3]).toBeGreaterThan(173)
    expect(split.ys[3]).toBeLessThan(181)
  })

  it('reads a label alone on its line that would have fit above as a heading row', () => {
    const runs = [
      run('Country', 104, 112),
      run('EURbn', 204, 112),
      run('Members', 104, 144),
      run('Malta', 104, 160),
      run('0.28', 204, 160),
      // "Others" would have fit after "Malta": a heading of its own, not a wrapped label.
      run('Others', 104, 172),
      run('Norway', 104, 188),
      run('1.5', 204, 188),
    ]
    const split = splitStackedRows(grid, runs)
    // The header row, then the heading, "Malta", "Others" and "Norway" each a row.
    expect(split.ys).toHaveLength(6)
    expect(split.cells.filter((cell) => cell.column === 0)).toHaveLength(5)
    // A heading too long to have fit after an indented item, but set further out than it.
    const outdented = [
      run('Country', 104, 112),
      run('EURbn', 204, 112),
      run('Members', 104, 144),
      run('Malta and Gozo', 120, 160),
      run('0.28', 204, 160),
      run('Associated', 104, 172),
      run('Norway', 120, 188),
      run('1.5', 204, 188),
    ]
    expect(splitStackedRows(grid, outdented).ys).toHaveLength(6)
  })

  it('takes the labels of a table written right to left from its last column', () => {
    // Labels set flush right in the last column, as right-to-left text is.
    const label = (text: string, y: number) => run(text, 296 - 5 * text.length, y, { rtl: true })
    const runs = [
      label('שנה', 112),
      run('2.3', 104, 112),
      label('תוצר', 144),
      run('2.6', 104, 160),
      label('סך הכל', 160),
      run('0.7', 104, 172),
      label('לנפש', 172),
      run('2.5', 104, 188),
      label('העסקי', 188),
    ]
    const split = splitStackedRows(grid, runs)
    // The heading and three rows of figures, each labelled on the right.
    expect(split.ys).toHaveLength(6)
    // Read left to right, the labels would stand in a column of figures and nothing is cut.
    const ltr = runs.map((r) => ({ ...r, rtl: false }))
    expect(splitStackedRows(grid, ltr)).toBe(grid)
  })

  it('leaves rows of wrapped words and rows crossed by a span as drawn', () => {
    const words = [
      run('Tribunal', 104, 144),
      run('First', 204, 144),
      run('of appeal', 104, 160),
      run('instance', 204, 160),
    ]
    expect(splitStackedRows(grid, words)).toBe(grid)
    // The label cell spans both drawn rows: its rows cannot be cut apart.
    const spanned = {
      ...grid,
      cells: [
        { row: 0, column: 0, rowSpan: 2, colSpan: 1, bbox: [100, 100, 200, 200] },
        ...grid.cells.filter((cell) => cell.column === 1),
      ],
    } satisfies typeof grid
    const figures = [
      run('A', 104, 144),
      run('1.0', 204, 144),
      run('B', 104, 170),
      run('2.0', 204, 170),
    ]
    expect(splitStackedRows(spanned, figures)).toBe(spanned)
  })
})
