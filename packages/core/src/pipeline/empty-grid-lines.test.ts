import { describe, expect, it } from 'vitest'
import { dropEmptyGridLines } from './empty-grid-lines.js'
import { findRulings } from './ruled-grids.js'
import { gridRulings, run } from './test-helpers.js'

function fullGrid(xs: number[], ys: number[]) {
  const [grid] = findRulings(gridRulings(xs, ys)).grids
  if (!grid) throw new Error('no grid')
  return grid
}

describe('dropEmptyGridLines', () => {
  it('closes the gap of a double column rule and a thin empty strip above the header', () => {
    // Columns 100-180 | 180-190 (the gap between a double rule) | 190-300; rows 92-100 (a
    // strip under the frame) | 100-120 | 120-140.
    const grid = fullGrid([100, 180, 190, 300], [92, 100, 120, 140])
    const runs = [
      run('Name', 104, 114),
      run('Qty', 194, 114),
      run('Apples', 104, 134),
      run('12', 194, 134),
    ]
    const fitted = dropEmptyGridLines(grid, runs)
    expect(fitted.xs).toEqual([100, 180, 300])
    expect(fitted.ys).toEqual([92, 120, 140])
    expect(fitted.bbox).toEqual(grid.bbox)
    expect(fitted.cells.map((cell) => [cell.row, cell.column, cell.rowSpan, cell.colSpan])).toEqual(
      [
        [0, 0, 1, 1],
        [0, 1, 1, 1],
        [1, 0, 1, 1],
        [1, 1, 1, 1],
      ],
    )
  })

  it("keeps a form's empty rows as tall as a line of text", () => {
    const grid = fullGrid([100, 200, 300], [100, 120, 140, 160])
    const runs = [run('Item', 104, 114), run('Signed', 204, 114)]
    expect(dropEmptyGridLines(grid, runs)).toBe(grid)
  })
})
