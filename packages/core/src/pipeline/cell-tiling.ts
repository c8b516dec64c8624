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
  const parent = cells.map((_, i) => i)
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i] as number] as number
      i = parent[i] as number
    }
    return i
  }
  const gaps: Array<{ a: number; b: number; rules: Segment[]; axis: 'h' | 'v' }> = []
  for (let i = 0; i < cells.length; i++) {
    const [al, at, ar, ab] = cells[i] as Area
    for (let j = 0; j < cells.length; j++) {
      if (i === j) continue
      const [bl, bt, br, bb] = cells[j] as Area
      const across = bl - ar
      if (
        across > 0 &&
        across <= MAX_GAP &&
        Math.abs(at - bt) <= ALIGN &&
        Math.abs(ab - bb) <= ALIGN
      ) {
        // The row's top and bottom edges run on across the gap.
        gaps.push({
          a: i,
          b: j,
          axis: 'h',
          rules: [
            { x1: ar, y1: at, x2: bl, y2: at },
            { x1: ar, y1: ab, x2: bl, y2: ab },
          ],
        })
      }
      const down = bt - ab
      const from = Math.max(al, bl)
      const to = Math.min(ar, br)
      if (down > 0 && down <= MAX_GAP && to - from > 0.5 * Math.min(ar - al, br - bl)) {
        // The column's side edges run on down the gap.
        gaps.push({
          a: i,
          b: j,
          axis: 'v',
          rules: [
            { x1: from, y1: ab, x2: from, y2: bt },
            { x1: to, y1: ab, x2: to, y2: bt },
          ],
        })
      }
    }
  }
  for (const { a, b } of gaps) parent[find(a)] = find(b)
  // Only tilings of two rows and two columns or more: count each group's cells, rows, columns.
  const groups = new Map<number, { cells: number; rows: boolean; columns: boolean }>()
  for (let i = 0; i < cells.length; i++) {
    const root = find(i)
    const group = groups.get(root) ?? { cells: 0, rows: false, columns: false }
    group.cells++
    groups.set(root, group)
  }
  for (const { a, axis } of gaps) {
    const group = groups.get(find(a))
    if (!group) continue
    // Cells side by side make columns; cells stacked make rows.
    if (axis === 'h') group.columns = true
    else group.rows = true
  }
  for (const { a, axis, rules } of gaps) {
    const group = groups.get(find(a))
    if (!group || group.cells < MIN_CELLS || !group.rows || !group.columns) continue
    if (axis === 'h') horizontal.push(...rules)
    else vertical.push(...rules)
  }
  return { horizontal, vertical }
}
