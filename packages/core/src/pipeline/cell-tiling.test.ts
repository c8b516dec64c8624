import { describe, expect, it } from 'vitest'
import { cellGapRulings } from './cell-tiling.js'

/** Cells `width` by `height`, `columns` by `rows`, `gap` points apart, from (50, 100). */
function tiling(columns: number, rows: number, width: number, height: number, gap: number) {
  const areas: Array<[number, number, number, number]> = []
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const left = 50 + c * (width + gap)
      const top = 100 + r * (height + gap)
      areas.push([left, top, left + width, top + height])
    }
  }
  return areas
}

describe('cellGapRulings', () => {
  it('runs the edges of cells filled apart across the gaps between them', () => {
    const { horizontal, vertical } = cellGapRulings(tiling(2, 2, 100, 20, 4))
    // Top and bottom edges across the one gap of each row; side edges down the one gap of each
    // column.
    expect(horizontal).toContainEqual({ x1: 150, y1: 100, x2: 154, y2: 100 })
    expect(horizontal).toContainEqual({ x1: 150, y1: 144, x2: 154, y2: 144 })
    expect(vertical).toContainEqual({ x1: 50, y1: 120, x2: 50, y2: 124 })
    expect(vertical).toContainEqual({ x1: 254, y1: 120, x2: 254, y2: 124 })
    expect(horizontal).toHaveLength(4)
    expect(vertical).toHaveLength(4)
  })

  it("leaves alone a chart legend's swatches, a page of panels, a single row and wide gaps", () => {
    const none = { horizontal: [], vertical: [] }
    expect(cellGapRulings(tiling(3, 3, 8, 8, 4))).toEqual(none)
    expect(cellGapRulings(tiling(2, 2, 250, 200, 4))).toEqual(none)
    expect(cellGapRulings(tiling(5, 1, 100, 20, 4))).toEqual(none)
    expect(cellGapRulings(tiling(2, 2, 100, 20, 12))).toEqual(none)
  })
})
