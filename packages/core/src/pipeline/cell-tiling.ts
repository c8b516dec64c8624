import { disjointSets } from './disjoint-sets.js'
import type { Segment } from './rulings.js'

/** The widest white gap (points) between two cells filled apart that is still one boundary. */
const MAX_GAP = 6
/** Edges of neighbouring cells in one row (or column) line up within this (points). */
const ALIGN = 1
/** A filled cell holds a short line of text at least: smaller areas are swatches or bars. */
const MIN_WIDTH = 20
const MIN_HEIGHT = 10
/** A cell holds a few lines at most: taller areas are panels (a chart's frame, a sidebar). */
const MAX_HEIGHT = 60
/** The fewest cells, in at least two rows and two columns, that make a table. */
const MIN_CELLS = 4
/**
 * More cell-sized areas than this on a page are a drawing (a heat map), whose areas are not
 * paired: that costs quadratic time.
 */
const MAX_CELLS = 2000

type Area = readonly [number, number, number, number]

/** A white gap between two cells: the cell left of (or above) it, and the edges run on across it. */
interface Gap {
  cell: number
  rules: [Segment, Segment]
}

/**
 * Rulings across the white gaps of a table drawn as separately filled cells: shaded boxes set a
 * few points apart, with no rule between them. A row's top and bottom edges, and a column's side
 * edges, run on across each gap, so the cells connect into one grid the way a drawn table's rules
 * cross (the two edges either side of a gap are one boundary to the grid). Only cell-sized areas
 * that tile at least two rows and two columns count: a chart's legend swatches and a page of
 * framed panels do not.
 */
export function cellGapRulings(areas: readonly Area[]): {
  horizontal: Segment[]
  vertical: Segment[]
} {
  const cells = areas.filter(([left, top, right, bottom]) => {
    const height = bottom - top
    return right - left >= MIN_WIDTH && height >= MIN_HEIGHT && height <= MAX_HEIGHT
  })
  const horizontal: Segment[] = []
  const vertical: Segment[] = []
  if (cells.length < MIN_CELLS || cells.length > MAX_CELLS) return { horizontal, vertical }
  const sets = disjointSets(cells.length)
  // Cells side by side: the row's top and bottom edges run on across the gap. Cells stacked:
  // the column's side edges run on down the gap.
  const across: Gap[] = []
  const down: Gap[] = []
  for (let i = 0; i < cells.length; i++) {
    const [al, at, ar, ab] = cells[i] as Area
    for (let j = 0; j < cells.length; j++) {
      const [bl, bt, br, bb] = cells[j] as Area
      if (isGap(bl - ar) && Math.abs(at - bt) <= ALIGN && Math.abs(ab - bb) <= ALIGN) {
        sets.union(i, j)
        across.push({ cell: i, rules: [segment(ar, at, bl, at), segment(ar, ab, bl, ab)] })
      }
      const from = Math.max(al, bl)
      const to = Math.min(ar, br)
      if (isGap(bt - ab) && to - from > 0.5 * Math.min(ar - al, br - bl)) {
        sets.union(i, j)
        down.push({ cell: i, rules: [segment(from, ab, from, bt), segment(to, ab, to, bt)] })
      }
    }
  }
  // Only tilings of two rows and two columns or more.
  const size = new Map<number, number>()
  for (let i = 0; i < cells.length; i++) {
    const root = sets.find(i)
    size.set(root, (size.get(root) ?? 0) + 1)
  }
  const withColumns = new Set(across.map((gap) => sets.find(gap.cell)))
  const withRows = new Set(down.map((gap) => sets.find(gap.cell)))
  const tiled = (gap: Gap) => {
    const root = sets.find(gap.cell)
    return (size.get(root) ?? 0) >= MIN_CELLS && withColumns.has(root) && withRows.has(root)
  }
  for (const gap of across) if (tiled(gap)) horizontal.push(...gap.rules)
  for (const gap of down) if (tiled(gap)) vertical.push(...gap.rules)
  return { horizontal, vertical }
}

function isGap(distance: number): boolean {
  return distance > 0 && distance <= MAX_GAP
}

function segment(x1: number, y1: number, x2: number, y2: number): Segment {
  return { x1, y1, x2, y2 }
}
