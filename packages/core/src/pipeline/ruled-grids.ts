import { disjointSets } from './disjoint-sets.js'
import { ruleJoints, sharedJoints } from './rule-joints.js'
import type { PageGraphics, Segment } from './rulings.js'

/** Rulings closer than this (points) are the same line: double rules, stroke width, rounding. */
const SNAP = 2.5
/**
 * Grid lines closer than this (points) are one boundary: tables drawn as filled cells with thin
 * white gaps between them have two edges a few points apart for every boundary.
 */
const GRID_SNAP = 6
/** An edge counts as drawn when rulings cover this share of it. */
const EDGE_COVERAGE = 0.6
/** Horizontal rules that must reach past the outer verticals to open a column beyond them. */
const OPEN_SIDE_RULES = 2

/** A cell of a ruled grid: its top-left grid position, its spans and its box. */
export interface GridCell {
  row: number
  column: number
  rowSpan: number
  colSpan: number
  bbox: [number, number, number, number]
}

/** Rulings that connect into a grid: column edges `xs`, row edges `ys`, and the cells they form. */
export interface RuledGrid {
  xs: number[]
  ys: number[]
  cells: GridCell[]
  bbox: [number, number, number, number]
  /** No row draws either outer side: the grid's sides are where its rules end. */
  open?: boolean
  /**
   * For a grid whose columns come from where its row rules are pieced (see sharedJoints), the
   * same rules as a band: read that way when the text shows rows its rules leave undrawn.
   */
  band?: RuledBand
}

/** Horizontal rules stacked above one another with no vertical rules between them. */
export interface RuledBand {
  ys: number[]
  left: number
  right: number
  /** Closed at both sides by vertical rules: a column of boxes rather than rules across text. */
  framed: boolean
  /**
   * Where the rule under a header set above the band's rules runs (its first rule before the
   * header joined it): the lines above it are one row, however many each title takes.
   */
  headerRule?: number
}

/** The table structure that the rulings of a page draw. */
export interface Rulings {
  /** Grids with at least two rows and two columns of cells. */
  grids: RuledGrid[]
  /** Horizontal rules only (or a frame with rows but one column): columns must come from text. */
  bands: RuledBand[]
  /** The page's horizontal rulings, merged: partial rules inside a band underline its headers. */
  horizontal: Segment[]
}

/**
 * Merges collinear rulings, joins the ones that touch into connected groups, and turns each
 * group into a grid. Cells whose separating edge is not drawn are merged into spans.
 * `pageHeight` tells the rules that frame a whole page from a table's.
 */
export function findRulings(
  graphics: Pick<PageGraphics, 'horizontal' | 'vertical'>,
  pageHeight = Number.POSITIVE_INFINITY,
): Rulings {
  const horizontal = mergeCollinear(graphics.horizontal, 'h')
  const vertical = mergeCollinear(graphics.vertical, 'v')
  const result: Rulings = { grids: [], bands: [], horizontal }
  // Joining rulings compares them in pairs; a page with thousands of lines is a drawing (a map,
  // a plot, hatching), not a table, and must not cost quadratic time.
  if (horizontal.length + vertical.length > MAX_RULINGS) return result
  const joints = ruleJoints(graphics.horizontal)
  const built: DrawnGrid[] = []
  for (const group of connect(horizontal, vertical).map(place)) {
    if (group.h.length === 0) continue
    const ys = snap(
      group.h.map((s) => s.y1),
      GRID_SNAP,
    )
    // One vertical rule alone is the stub's: its table's columns come from the text.
    const xs = group.xs.length >= 2 ? openSides(group.xs, group.h) : group.xs
    if (xs.length >= 3 && ys.length >= 2) {
      // Rows may be drawn by the frame only (top and bottom): still a grid of columns.
      const grid = buildGrid(xs, ys, group.h, group.v)
      if (grid) built.push({ grid, h: group.h, v: group.v })
    } else if (ys.length >= 2) {
      // A rule under the running head and one over the footer (or a border round the page)
      // enclose the page's text, not a table.
      if (ys.length === 2 && (ys[1] as number) - (ys[0] as number) > PAGE_FRAME_SHARE * pageHeight)
        continue
      // Row rules drawn in pieces that meet at the same places, one piece per cell, draw the
      // columns too: the grid's inner edges stand at the joints.
      const edges = xs.length === 0 && ys.length >= 3 ? sharedJoints(group.h, joints) : []
      const inner = innerEdges(edges, ys)
      const grid =
        edges.length > 0
          ? buildGrid([group.left, ...edges, group.right], ys, group.h, inner)
          : undefined
      const band = { ys: [...ys], left: group.left, right: group.right, framed: xs.length === 2 }
      if (grid) {
        built.push({ grid: { ...grid, band }, h: group.h, v: inner })
        continue
      }
      extendToInnerRules(band.ys, group)
      result.bands.push(band)
    }
  }
  result.grids = joinStackedGrids(built)
  return result
}

/** A grid with the rulings it was built from. */
interface DrawnGrid {
  grid: RuledGrid
  h: readonly Segment[]
  v: readonly Segment[]
}

/**
 * Grids with the same column edges stacked close together are one table: the shaded rows of a
 * striped table (or rows drawn as separate boxes), with the unshaded rows between them, or a
 * header drawn as a shaded box over rows ruled a cell at a time, with a row that wraps between
 * them left without column rules. The row between two grids takes the columns both share.
 */
function joinStackedGrids(drawn: readonly DrawnGrid[]): RuledGrid[] {
  const sorted = [...drawn].sort((p, q) => p.grid.bbox[1] - q.grid.bbox[1])
  const joined: DrawnGrid[] = []
  for (const item of sorted) {
    const last = joined[joined.length - 1]
    const above = last?.grid
    const { xs, bbox } = item.grid
    const gap = above ? bbox[1] - above.bbox[3] : Number.NaN
    if (
      !last ||
      !above ||
      above.xs.length !== xs.length ||
      !above.xs.every((x, i) => Math.abs(x - (xs[i] as number)) <= GRID_SNAP) ||
      gap < -SNAP ||
      gap > STRIPE_GAP
    ) {
      joined.push(item)
      continue
    }
    const between = xs.slice(1, -1).map((x) => ({ x1: x, y1: above.bbox[3], x2: x, y2: bbox[1] }))
    const h = [...last.h, ...item.h]
    const v = [...last.v, ...between, ...item.v]
    const grid = buildGrid([...above.xs], snap([...above.ys, ...item.grid.ys], GRID_SNAP), h, v)
    if (grid) joined[joined.length - 1] = { grid, h, v }
    else joined.push(item)
  }
  return joined.map((item) => item.grid)
}

/** Column edges from `ys`'s first row rule to its last, standing in for rules a table leaves out. */
function innerEdges(xs: readonly number[], ys: readonly number[]): Segment[] {
  const top = ys[0] as number
  const bottom = ys[ys.length - 1] as number
  return xs.map((x) => ({ x1: x, y1: top, x2: x, y2: bottom }))
}

/**
 * Tables ruled between their columns but not at their sides have row rules that run on past
 * the outer verticals: where several reach out, the grid has an open column there, as wide as
 * the widest of them.
 */
function openSides(xs: readonly number[], horizontal: readonly Segment[]): number[] {
  const result = [...xs]
  const outLeft = horizontal.filter((h) => h.x1 < (xs[0] as number) - GRID_SNAP)
  const outRight = horizontal.filter((h) => h.x2 > (xs[xs.length - 1] as number) + GRID_SNAP)
  if (outLeft.length >= OPEN_SIDE_RULES) result.unshift(Math.min(...outLeft.map((h) => h.x1)))
  if (outRight.length >= OPEN_SIDE_RULES) result.push(Math.max(...outRight.map((h) => h.x2)))
  return result
}

/**
 * A rule between the label column and the figures may run on past the outer horizontal rules
 * (a total row under the table's closing rule): the band reaches as far, by a few rows at most.
 * Rules at the band's sides do not count: a frame belongs to its box.
 */
function extendToInnerRules(ys: number[], group: PlacedGroup): void {
  const inner = group.v.filter((v) => v.x1 > group.left + SNAP && v.x1 < group.right - SNAP)
  if (inner.length === 0) return
  const top = Math.min(...inner.map((v) => v.y1))
  const bottom = Math.max(...inner.map((v) => v.y2))
  const first = ys[0] as number
  const last = ys[ys.length - 1] as number
  if (top < first - GRID_SNAP && top >= first - STRIPE_GAP) ys.unshift(top)
  if (bottom > last + GRID_SNAP && bottom <= last + STRIPE_GAP) ys.push(bottom)
}

interface Group {
  h: Segment[]
  v: Segment[]
}

/** Two lone rules further apart than this share of the page's height frame the page. */
const PAGE_FRAME_SHARE = 0.6
/** More rulings than this on a page (after merging) make a drawing, not a table. */
const MAX_RULINGS = 4000
/** Rows of a striped table are apart from each other by at most this (points). */
const STRIPE_GAP = 40

/** A group of rulings with its column edges and its extent. */
interface PlacedGroup extends Group {
  xs: number[]
  left: number
  top: number
  right: number
  bottom: number
}

function place(group: Group): PlacedGroup {
  let left = Number.POSITIVE_INFINITY
  let top = Number.POSITIVE_INFINITY
  let right = Number.NEGATIVE_INFINITY
  let bottom = Number.NEGATIVE_INFINITY
  for (const s of [...group.h, ...group.v]) {
    left = Math.min(left, s.x1)
    top = Math.min(top, s.y1)
    right = Math.max(right, s.x2)
    bottom = Math.max(bottom, s.y2)
  }
  const xs = snap(
    group.v.map((s) => s.x1),
    GRID_SNAP,
  )
  return { ...group, xs, left, top, right, bottom }
}

/** Joins rulings on one line whose pieces overlap or nearly touch. */
export function mergeCollinear(segments: readonly Segment[], axis: 'h' | 'v'): Segment[] {
  const at = (s: Segment) => (axis === 'h' ? s.y1 : s.x1)
  const from = (s: Segment) => (axis === 'h' ? s.x1 : s.y1)
  const to = (s: Segment) => (axis === 'h' ? s.x2 : s.y2)
  const sorted = [...segments].sort((p, q) => at(p) - at(q) || from(p) - from(q))
  const lines: Segment[][] = []
  for (const segment of sorted) {
    const line = lines[lines.length - 1]
    if (line && Math.abs(at(segment) - at(line[0] as Segment)) <= SNAP) line.push(segment)
    else lines.push([segment])
  }
  const merged: Segment[] = []
  for (const line of lines) {
    line.sort((p, q) => from(p) - from(q))
    const position = line.reduce((sum, s) => sum + at(s), 0) / line.length
    let start = from(line[0] as Segment)
    let end = to(line[0] as Segment)
    const emit = () =>
      merged.push(
        axis === 'h'
          ? { x1: start, y1: position, x2: end, y2: position }
          : { x1: position, y1: start, x2: position, y2: end },
      )
    for (const segment of line.slice(1)) {
      if (from(segment) <= end + SNAP) {
        end = Math.max(end, to(segment))
      } else {
        emit()
        start = from(segment)
        end = to(segment)
      }
    }
    emit()
  }
  return merged
}

/** Groups rulings that touch, directly or through others (union-find over crossings). */
function connect(horizontal: readonly Segment[], vertical: readonly Segment[]): Group[] {
  const { find, union } = disjointSets(horizontal.length + vertical.length)
  const touchesVertical = new Uint8Array(horizontal.length)
  horizontal.forEach((h, i) => {
    vertical.forEach((v, j) => {
      if (
        v.x1 >= h.x1 - SNAP &&
        v.x1 <= h.x2 + SNAP &&
        h.y1 >= v.y1 - SNAP &&
        h.y1 <= v.y2 + SNAP
      ) {
        union(i, horizontal.length + j)
        touchesVertical[i] = 1
      }
    })
  })
  // Horizontal rules without verticals: stacked rules of about the same extent belong together
  // (the top, header and bottom rules of a table drawn in the financial style).
  horizontal.forEach((h, i) => {
    if (touchesVertical[i]) return
    for (let j = i + 1; j < horizontal.length; j++) {
      const other = horizontal[j] as Segment
      if (touchesVertical[j]) continue
      const longer = Math.max(h.x2 - h.x1, other.x2 - other.x1)
      if (Math.abs(h.x1 - other.x1) + Math.abs(h.x2 - other.x2) <= 0.15 * longer) union(i, j)
    }
  })
  const groups = new Map<number, Group>()
  const groupOf = (i: number) => {
    const root = find(i)
    let group = groups.get(root)
    if (!group) {
      group = { h: [], v: [] }
      groups.set(root, group)
    }
    return group
  }
  horizontal.forEach((h, i) => {
    groupOf(i).h.push(h)
  })
  vertical.forEach((v, j) => {
    groupOf(horizontal.length + j).v.push(v)
  })
  return [...groups.values()]
}

/** Positions closer than `tolerance` to the previous one join it; each group becomes its mean. */
function snap(values: readonly number[], tolerance: number): number[] {
  const sorted = [...values].sort((p, q) => p - q)
  const result: number[] = []
  let sum = 0
  let count = 0
  for (let i = 0; i < sorted.length; i++) {
    const value = sorted[i] as number
    if (count > 0 && value - (sorted[i - 1] as number) > tolerance) {
      result.push(sum / count)
      sum = 0
      count = 0
    }
    sum += value
    count++
  }
  if (count > 0) result.push(sum / count)
  return result
}

function buildGrid(
  xs: number[],
  ys: number[],
  horizontal: readonly Segment[],
  vertical: readonly Segment[],
): RuledGrid | undefined {
  // The frame's top and bottom close the grid even when drawn only by the verticals' ends.
  const top = Math.min(...vertical.map((v) => v.y1))
  const bottom = Math.max(...vertical.map((v) => v.y2))
  if (top < (ys[0] as number) - GRID_SNAP) ys.unshift(top)
  if (bottom > (ys[ys.length - 1] as number) + GRID_SNAP) ys.push(bottom)
  const rows = ys.length - 1
  const columns = xs.length - 1
  if (rows < 1 || columns < 2) return undefined

  // Each ruling belongs to the grid line nearest to it; an edge is drawn when that line's
  // rulings cover it. Sorting them by line once keeps the edge tests off the whole list.
  const verticalOn = byNearestLine(vertical, xs, 'v')
  const horizontalOn = byNearestLine(horizontal, ys, 'h')
  const verticalEdge = (column: number, row: number) =>
    covered(verticalOn[column] as Segment[], ys[row] as number, ys[row + 1] as number, 'v')
  const horizontalEdge = (row: number, column: number) =>
    covered(horizontalOn[row] as Segment[], xs[column] as number, xs[column + 1] as number, 'h')

  const taken = new Uint8Array(rows * columns)
  const cells: GridCell[] = []
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      if (taken[row * columns + column]) continue
      let colSpan = 1
      while (
        column + colSpan < columns &&
        !taken[row * columns + column + colSpan] &&
        !verticalEdge(column + colSpan, row)
      ) {
        colSpan++
      }
      let rowSpan = 1
      while (row + rowSpan < rows && spanContinues(row + rowSpan, column, colSpan)) rowSpan++
      for (let r = row; r < row + rowSpan; r++) {
        for (let c = column; c < column + colSpan; c++) taken[r * columns + c] = 1
      }
      cells.push({
        row,
        column,
        rowSpan,
        colSpan,
        bbox: [
          xs[column] as number,
          ys[row] as number,
          xs[column + colSpan] as number,
          ys[row + rowSpan] as number,
        ],
      })
    }
  }
  let sides = 0
  for (let row = 0; row < rows; row++) {
    if (verticalEdge(0, row)) sides++
    if (verticalEdge(columns, row)) sides++
  }
  return {
    xs,
    ys,
    cells,
    bbox: [xs[0] as number, ys[0] as number, xs[columns] as number, ys[rows] as number],
    open: sides === 0,
  }

  /** The cells below a span join it when no rule separates them and none is taken already. */
  function spanContinues(row: number, column: number, colSpan: number): boolean {
    for (let c = column; c < column + colSpan; c++) {
      if (taken[row * columns + c] || horizontalEdge(row, c)) return false
      if (c > column && verticalEdge(c, row)) return false
    }
    if (column + colSpan < columns && !verticalEdge(column + colSpan, row)) return false
    return true
  }
}

/** The rulings of each grid line: every ruling goes to the line nearest to it. */
function byNearestLine(
  segments: readonly Segment[],
  lines: readonly number[],
  axis: 'h' | 'v',
): Segment[][] {
  const result = lines.map(() => [] as Segment[])
  for (const s of segments)
    (result[nearest(lines, axis === 'h' ? s.y1 : s.x1)] as Segment[]).push(s)
  return result
}

/** Whether rulings of one grid line cover the stretch [from, to] (to EDGE_COVERAGE). */
function covered(segments: readonly Segment[], from: number, to: number, axis: 'h' | 'v'): boolean {
  let length = 0
  for (const s of segments) {
    const start = Math.max(from, axis === 'h' ? s.x1 : s.y1)
    const end = Math.min(to, axis === 'h' ? s.x2 : s.y2)
    if (end > start) length += end - start
  }
  return length >= EDGE_COVERAGE * (to - from)
}

function nearest(lines: readonly number[], position: number): number {
  let best = 0
  for (let i = 1; i < lines.length; i++) {
    if (Math.abs((lines[i] as number) - position) < Math.abs((lines[best] as number) - position)) {
      best = i
    }
  }
  return best
}

/** Index of the interval of sorted `edges` that holds `value` (edges included), or -1. */
export function interval(edges: readonly number[], value: number): number {
  if (value < (edges[0] as number) || value > (edges[edges.length - 1] as number)) return -1
  let low = 0
  let high = edges.length - 2
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((edges[middle] as number) <= value) low = middle
    else high = middle - 1
  }
  return low
}
