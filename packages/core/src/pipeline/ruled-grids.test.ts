import { describe, expect, it } from 'vitest'
import { findRulings, mergeCollinear } from './ruled-grids.js'
import type { Segment } from './rulings.js'
import { gridRulings } from './test-helpers.js'

const h = (y: number, x1: number, x2: number): Segment => ({ x1, y1: y, x2, y2: y })
const v = (x: number, y1: number, y2: number): Segment => ({ x1: x, y1, x2: x, y2 })

/** The edges readPageGraphics gives a filled box (a shaded cell). */
function box(left: number, top: number, right: number, bottom: number) {
  return {
    horizontal: [h(top, left, right), h(bottom, left, right)],
    vertical: [v(left, top, bottom), v(right, top, bottom)],
  }
}

function boxes(list: Array<ReturnType<typeof box>>) {
  return {
    horizontal: list.flatMap((b) => b.horizontal),
    vertical: list.flatMap((b) => b.vertical),
  }
}

const grid = gridRulings

const spans = (
  cells: ReadonlyArray<{ row: number; column: number; rowSpan: number; colSpan: number }>,
) => cells.map((cell) => [cell.row, cell.column, cell.rowSpan, cell.colSpan])

describe('findRulings', () => {
  it('turns a fully ruled grid of 3 rows and 2 columns into 6 cells', () => {
    const { grids, bands } = findRulings(grid([100, 200, 300], [100, 120, 140, 160]))
    expect(bands).toEqual([])
    expect(grids).toHaveLength(1)
    const [found] = grids
    expect(found?.xs).toEqual([100, 200, 300])
    expect(found?.ys).toEqual([100, 120, 140, 160])
    expect(found?.bbox).toEqual([100, 100, 300, 160])
    expect(spans(found?.cells ?? [])).toEqual([
      [0, 0, 1, 1],
      [0, 1, 1, 1],
      [1, 0, 1, 1],
      [1, 1, 1, 1],
      [2, 0, 1, 1],
      [2, 1, 1, 1],
    ])
    expect(found?.cells[3]?.bbox).toEqual([200, 120, 300, 140])
  })

  it('merges cells across a missing vertical piece into a column span', () => {
    const rulings = grid([100, 200, 300], [100, 120, 140, 160])
    // The middle column rule starts below the first row: a title cell across both columns.
    rulings.vertical[1] = v(200, 120, 160)
    const [found] = findRulings(rulings).grids
    expect(spans(found?.cells ?? [])).toEqual([
      [0, 0, 1, 2],
      [1, 0, 1, 1],
      [1, 1, 1, 1],
      [2, 0, 1, 1],
      [2, 1, 1, 1],
    ])
    expect(found?.cells[0]?.bbox).toEqual([100, 100, 300, 120])
  })

  it('merges cells across a missing horizontal piece into a row span', () => {
    const rulings = grid([100, 200, 300], [100, 120, 140, 160])
    // The rule under the first row is drawn in the second column only.
    rulings.horizontal[1] = h(120, 200, 300)
    const [found] = findRulings(rulings).grids
    expect(spans(found?.cells ?? [])).toEqual([
      [0, 0, 2, 1],
      [0, 1, 1, 1],
      [1, 1, 1, 1],
      [2, 0, 1, 1],
      [2, 1, 1, 1],
    ])
    expect(found?.cells[0]?.bbox).toEqual([100, 100, 200, 140])
  })

  it('opens a column at each side where the row rules reach past the outer verticals', () => {
    // Rules between the columns only; the row rules run from 50 to 350.
    const rulings = {
      horizontal: [120, 140, 160].map((y) => h(y, 50, 350)),
      vertical: [100, 200, 300].map((x) => v(x, 100, 160)),
    }
    const [found] = findRulings(rulings).grids
    expect(found?.xs).toEqual([50, 100, 200, 300, 350])
    expect(found?.bbox).toEqual([50, 100, 350, 160])
    // One rule drawn long past the verticals is not enough: no open column from it.
    const underlined = grid([100, 200, 300], [100, 120, 140])
    underlined.horizontal[2] = h(140, 20, 300)
    expect(findRulings(underlined).grids[0]?.xs).toEqual([100, 200, 300])
  })

  it('reads rules drawn one cell at a time as whole grid lines', () => {
    const xs = [100, 200, 300]
    const ys = [100, 120, 140]
    const horizontal = ys.flatMap((y) => [h(y, 100, 200), h(y + 0.5, 200, 300)])
    const vertical = xs.flatMap((x) => [v(x, 100, 120), v(x, 120, 140)])
    const [found] = findRulings({ horizontal, vertical }).grids
    expect(found?.cells).toHaveLength(4)
    expect(found?.cells.every((cell) => cell.rowSpan === 1 && cell.colSpan === 1)).toBe(true)
  })

  it('snaps the two edges of a white gap between filled cells into one boundary', () => {
    // Cells drawn as filled boxes: 2 pt white gaps between columns, 5 pt between rows.
    const rows: Array<[number, number]> = [
      [100, 115],
      [120, 135],
      [140, 155],
    ]
    const rulings = boxes(
      rows.flatMap(([top, bottom]) => [box(100, top, 198, bottom), box(200, top, 300, bottom)]),
    )
    const { grids, bands } = findRulings(rulings)
    expect(bands).toEqual([])
    expect(grids).toHaveLength(1)
    expect(grids[0]?.xs).toEqual([100, 199, 300])
    expect(grids[0]?.ys).toEqual([100, 117.5, 137.5, 155])
    expect(grids[0]?.cells).toHaveLength(6)
  })

  it('snaps a double rule into one row boundary', () => {
    const rulings = grid([100, 200, 300], [100, 105, 130, 150])
    const [found] = findRulings(rulings).grids
    expect(found?.ys).toEqual([102.5, 130, 150])
    expect(found?.cells).toHaveLength(4)
  })

  it('joins the shaded rows of a striped table into one grid', () => {
    // Each shaded row is two filled cells; the unshaded rows between them draw nothing.
    const stripe = (top: number) => [box(100, top, 200, top + 20), box(200, top, 300, top + 20)]
    const striped = findRulings(boxes([...stripe(100), ...stripe(150), ...stripe(200)]))
    expect(striped.grids).toHaveLength(1)
    expect(striped.grids[0]?.ys).toEqual([100, 120, 150, 170, 200, 220])
    expect(striped.grids[0]?.bbox).toEqual([100, 100, 300, 220])
    // Stripes further apart than a row are separate things.
    const apart = findRulings(boxes([...stripe(100), ...stripe(200), ...stripe(300)]))
    expect(apart.grids).toHaveLength(3)
  })

  it('joins a header drawn as shaded boxes to the rows ruled a cell at a time under it', () => {
    // A browser's invoice: the header cells are filled boxes, each body row is ruled under its
    // cells one piece per cell, and the first row, which wraps, has no rule over it but the
    // header's own bottom edge.
    const xs = [70.5, 375, 405, 474.75, 541.5]
    const header = boxes(xs.slice(1).map((x, i) => box(xs[i] as number, 242, x, 277)))
    const pieced = (y: number) => xs.slice(1).map((x, i) => h(y, xs[i] as number, x))
    const rows = [312, 333, 354].flatMap(pieced)
    const { grids } = findRulings({
      horizontal: [...header.horizontal, ...rows],
      vertical: header.vertical,
    })
    expect(grids).toHaveLength(1)
    expect(grids[0]?.ys).toEqual([242, 277, 312, 333, 354])
    expect(grids[0]?.cells).toHaveLength(16)
  })

  it('does not join stripes whose column edges differ', () => {
    const first = [box(100, 100, 200, 120), box(200, 100, 300, 120)]
    const second = [box(100, 150, 250, 170), box(250, 150, 300, 170)]
    expect(findRulings(boxes([...first, ...second])).grids).toHaveLength(2)
  })

  it('reads horizontal rules alone as a band', () => {
    // Top, header and bottom rules of a table in the financial style.
    const { grids, bands } = findRulings({
      horizontal: [h(100, 72, 540), h(118, 72, 540), h(190, 72, 540)],
      vertical: [],
    })
    expect(grids).toEqual([])
    expect(bands).toEqual([{ ys: [100, 118, 190], left: 72, right: 540, framed: false }])
  })

  it('extends a band to the total row that its label rule runs on to', () => {
    // The rule after the label column continues 14 pt below the closing rule.
    const { bands } = findRulings({
      horizontal: [h(100, 72, 540), h(118, 72, 540), h(190, 72, 540)],
      vertical: [v(230, 100, 204)],
    })
    expect(bands).toEqual([{ ys: [100, 118, 190, 204], left: 72, right: 540, framed: false }])
    // A rule at a box's side, running far down the page, does not stretch the box.
    const boxed = findRulings({
      horizontal: [h(700, 30, 50), h(720, 30, 50)],
      vertical: [v(30, 700, 720), v(50, 80, 720)],
    })
    expect(boxed.bands.map((band) => band.ys)).toEqual([[700, 720]])
  })

  it('takes a rule under the running head and one over the footer for the page frame', () => {
    const page = { horizontal: [h(27, 0, 612), h(767, 0, 612)], vertical: [] }
    expect(findRulings(page, 792).bands).toEqual([])
    // A table's top and bottom rules are closer together than most of the page.
    const table = { horizontal: [h(300, 72, 540), h(500, 72, 540)], vertical: [] }
    expect(findRulings(table, 792).bands).toHaveLength(1)
  })

  it('does not stack rules of different widths into a band', () => {
    const { bands } = findRulings({ horizontal: [h(100, 72, 540), h(200, 72, 200)], vertical: [] })
    expect(bands).toEqual([])
  })

  it('keeps a page header rule far above a grid out of it', () => {
    const table = grid([72, 300, 540], [300, 320, 340, 360])
    const { grids, bands } = findRulings({
      horizontal: [h(50, 72, 540), ...table.horizontal],
      vertical: table.vertical,
    })
    expect(grids).toHaveLength(1)
    expect(grids[0]?.ys).toEqual([300, 320, 340, 360])
    expect(grids[0]?.bbox).toEqual([72, 300, 540, 360])
    expect(bands).toEqual([])
  })
})

describe('mergeCollinear', () => {
  it('joins pieces on one line that overlap or nearly touch, and keeps far pieces apart', () => {
    const merged = mergeCollinear([h(100, 200, 250), h(100, 0, 50), h(101, 52, 120)], 'h')
    expect(merged).toHaveLength(2)
    expect(merged[0]).toMatchObject({ x1: 0, x2: 120 })
    expect(merged[1]).toMatchObject({ x1: 200, x2: 250 })
    for (const segment of merged) {
      expect(segment.y1).toBeCloseTo(100.33, 2)
      expect(segment.y2).toBe(segment.y1)
    }
  })

  it('keeps parallel lines more than a stroke apart separate', () => {
    const merged = mergeCollinear([v(100, 0, 50), v(104, 0, 50), v(100, 40, 90)], 'v')
    expect(merged).toEqual([v(100, 0, 90), v(104, 0, 50)])
  })
})
