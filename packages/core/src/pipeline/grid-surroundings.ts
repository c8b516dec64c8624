import { cellPieces, groupRows } from './aligned-grid.js'
import { startsCaption } from './caption.js'
import { extentOf, gapInEms } from './extent.js'
import { groupLines } from './lines.js'
import { type GridCell, interval, type RuledBand, type RuledGrid } from './ruled-grids.js'
import type { Line, TextRun } from './types.js'

// A drawn grid and the text around it: titles and notes framed inside it, a header row set
// above an unframed grid, row labels standing beside a grid ruled around its figures.

/** A table's notes: "Source: ...", "Notes. ...". */
const NOTES = /^(?:sources?|notes?)\s*[:.]/i

/**
 * A frame drawn around a table and its caption, or its notes, makes them rows of the grid: a
 * first row that is one cell across the whole grid holding the caption ("Exhibit 9 ..."), or a
 * last such row holding the source or notes. They are the table's title and notes, not its
 * rows: the grid is cut below (above) them, and their text stays with the page's.
 */
export function withoutTitleRows(grid: RuledGrid, runs: readonly TextRun[]): RuledGrid {
  const columns = grid.xs.length - 1
  const textOf = (row: number) =>
    groupLines(
      runs.filter((run) => {
        const x = (run.left + run.right) / 2
        const y = (run.top + run.bottom) / 2
        return (
          x >= grid.bbox[0] &&
          x <= grid.bbox[2] &&
          y >= (grid.ys[row] as number) &&
          y <= (grid.ys[row + 1] as number)
        )
      }),
    )
      .map((line) => line.text)
      .join(' ')
      .trim()
  const across = (row: number) => {
    const cells = grid.cells.filter((cell) => cell.row <= row && row < cell.row + cell.rowSpan)
    return cells.length === 1 && cells[0]?.colSpan === columns && cells[0].rowSpan === 1
  }
  let first = 0
  let last = grid.ys.length - 1
  if (last - first > 2 && across(first) && startsCaption(textOf(first))) first++
  if (last - first > 2 && across(last - 1) && NOTES.test(textOf(last - 1))) last--
  if (first === 0 && last === grid.ys.length - 1) return grid
  const ys = grid.ys.slice(first, last + 1)
  const cells = grid.cells
    .filter((cell) => cell.row >= first && cell.row < last)
    .map((cell) => ({ ...cell, row: cell.row - first }))
  return {
    ...grid,
    ys,
    cells,
    bbox: [grid.bbox[0], ys[0] as number, grid.bbox[2], ys[ys.length - 1] as number],
  }
}

/** Lines above a grid this many font sizes away, at most, can be its header row. */
const HEADER_ABOVE_GAP = 1.2
/** A header's lines over a band of rules reach this many font sizes above it, at most. */
const HEADER_MAX_EMS = 5
/** The lines of a title broken over lines stand less than this many font sizes apart. */
const STACKED_GAP_EMS = 0.6

/**
 * A grid drawn without a frame (rules between its rows and columns only) leaves its header row
 * above its first rule, outside the grid: the line right above it becomes its first row when its
 * pieces each stand in one of the grid's columns, in half of them or more (two at least). A
 * caption or a unit note spans columns or stands alone.
 */
export function withHeaderAbove(grid: RuledGrid, runs: readonly TextRun[]): RuledGrid {
  if (!grid.open) return grid
  const [left, top, right, bottom] = grid.bbox
  const count = grid.xs.length - 1
  const near = runsAbove(runs, left, right, top, HEADER_MAX_EMS)
  const rows = groupRows(cellPieces(near))
  const last = rows[rows.length - 1]
  if (!last || last.length < 2) return grid
  if (extentOf(last).bottom < top - HEADER_ABOVE_GAP * extentOf(last).em) return grid
  const columns = new Set<number>()
  for (const line of last) {
    const column = columnOf(line, grid.xs, 0, count)
    if (column === -1 || columns.has(column)) return grid
    columns.add(column)
  }
  if (columns.size < Math.max(2, count / 2)) return grid
  // Titles broken over lines stack their lines at the text's pitch, each in its column.
  let first = rows.length - 1
  while (
    first > 0 &&
    gapInEms(rows[first - 1] as Line[], rows[first] as Line[]) < STACKED_GAP_EMS &&
    (rows[first - 1] as Line[]).every((line) => columnOf(line, grid.xs, 0, count) !== -1)
  )
    first--
  const y = extentOf(rows.slice(first).flat()).top - 1
  const added: GridCell[] = Array.from({ length: count }, (_, column) => ({
    row: 0,
    column,
    rowSpan: 1,
    colSpan: 1,
    bbox: [grid.xs[column] as number, y, grid.xs[column + 1] as number, top],
  }))
  return {
    ...grid,
    ys: [y, ...grid.ys],
    cells: [...added, ...grid.cells.map((cell) => ({ ...cell, row: cell.row + 1 }))],
    bbox: [left, y, right, bottom],
  }
}

/**
 * A table ruled under its header and between its rows, with no rule over the header, leaves the
 * header above its band of rules: the row of two or more pieces right above the first rule,
 * each over text of the band, becomes the band's first row, the rule under it marking it as the
 * header. A caption or a line of prose there is one piece.
 */
export function bandWithHeaderAbove(band: RuledBand, runs: readonly TextRun[]): RuledBand {
  // One ruled row alone is a shaded stripe of a table striped row by row, not its body.
  if (band.ys.length < 3) return band
  const top = band.ys[0] as number
  const header = headerAbove(runs, band.left, band.right, top)?.pieces
  if (header === undefined) return band
  // Each title stands over text of the band, or within an em of it (a title set flush left over
  // figures set flush right): its column's, as the columns will be found.
  const bottom = band.ys[band.ys.length - 1] as number
  const below = runs.filter((run) => {
    const y = (run.top + run.bottom) / 2
    return y > top && y < bottom && run.left < band.right && run.right > band.left
  })
  const over = (piece: Line) =>
    below.some(
      (run) => run.left < piece.right + piece.fontSize && run.right > piece.left - piece.fontSize,
    )
  if (!header.every(over)) return band
  return { ...band, ys: [extentOf(header).top - 1, ...band.ys], headerRule: top }
}

/**
 * The header right over `top` between `left` and `right`: the row of two pieces or more that ends
 * there (its `titles`), with the lines of titles broken over it stacked at the text's pitch (all
 * its `pieces`); undefined where a caption or a line of prose stands there.
 */
export function headerAbove(
  runs: readonly TextRun[],
  left: number,
  right: number,
  top: number,
): { titles: Line[]; pieces: Line[] } | undefined {
  const rows = groupRows(cellPieces(runsAbove(runs, left, right, top, HEADER_MAX_EMS)))
  const last = rows.at(-1)
  if (
    !last ||
    last.length < 2 ||
    extentOf(last).bottom < top - HEADER_ABOVE_GAP * extentOf(last).em
  )
    return undefined
  let first = rows.length - 1
  while (first > 0 && gapInEms(rows[first - 1] as Line[], rows[first] as Line[]) < STACKED_GAP_EMS)
    first--
  const pieces = rows.slice(first).flat()
  if (startsCaption(pieces.map((piece) => piece.text).join(' '))) return undefined
  return { titles: last, pieces }
}

/** Rows under a band's last rule, at least, that make it a table cut off by the page's foot. */
const RUNS_OFF_MIN_ROWS = 2
/** A total row taken alone from under a band's last rule has at least this many cells. */
const TOTAL_MIN_CELLS = 3
/** A row under a band starts at most this many font sizes under the row (or rule) above it. */
const RUNS_OFF_ROW_GAP_EMS = 1.5
/** A cell's wrapped line stands at most this many font sizes under the line above it. */
const RUNS_OFF_WRAP_GAP_EMS = 0.6
/** Under the rows, only a footer may stand: this many lines at most, ... */
const FOOTER_MAX_ROWS = 2
/** ... set off by this many font sizes at least. */
const FOOTER_GAP_EMS = 2

/**
 * A table that a page break cuts leaves its last rule over its header, or over its first rows:
 * its rule under its last row is drawn on the next page, if at all (a browser draws the table's
 * bottom border where the table ends). The rows of two or more cells under the band's last rule,
 * at a row's spacing, within its sides and down to the page's foot (or a footer set off below
 * them) are the band's last rows. Text that goes on under them is the page's, and the band is
 * left as drawn.
 */
export function bandWithRowsBelow(band: RuledBand, runs: readonly TextRun[]): RuledBand {
  const first = band.ys[0] as number
  const last = band.ys[band.ys.length - 1] as number
  const middle = (run: TextRun) => (run.top + run.bottom) / 2
  // The band's last row names the columns: each piece of a row under it stands under one.
  const header = groupRows(
    cellPieces(
      runs.filter(
        (run) =>
          middle(run) > first &&
          middle(run) < last &&
          run.left < band.right &&
          run.right > band.left,
      ),
    ),
  ).at(-1)
  if (header === undefined || header.length < 2) return band
  // A row of the same columns right over the band makes it a stripe of a table shaded row by
  // row, the rows under it the rest of that table, not a header's.
  const near = runsAbove(runs, band.left, band.right, first, RUNS_OFF_ROW_GAP_EMS)
  const over = groupRows(cellPieces(near)).at(-1)
  if (over !== undefined && over.length >= 2 && over.every((piece) => underOne(piece, header))) {
    return band
  }
  const under = runs.filter((run) => middle(run) > last)
  if (under.length === 0) return band
  const rows = groupRows(cellPieces(under))
  let taken = 0
  let edge = last
  for (const row of rows) {
    const { left, right, top, bottom, em } = extentOf(row)
    if (left < band.left - 1 || right > band.right + 1) break
    const gap = (top - edge) / em
    const wrapped = row.length === 1 && taken > 0 && gap <= RUNS_OFF_WRAP_GAP_EMS
    if ((row.length < 2 && !wrapped) || gap > RUNS_OFF_ROW_GAP_EMS) break
    if (!row.every((piece) => underOne(piece, header))) break
    edge = bottom
    taken++
  }
  const rest = rows.slice(taken)
  const next = rest[0]
  if (taken === 1 && isTotalRow(rows[0] as Line[], header, next)) {
    return { ...band, ys: [...band.ys, edge + 1] }
  }
  if (taken < RUNS_OFF_MIN_ROWS) return band
  if (
    next !== undefined &&
    (rest.length > FOOTER_MAX_ROWS ||
      extentOf(next).top - edge < FOOTER_GAP_EMS * extentOf(next).em)
  )
    return band
  return { ...band, ys: [...band.ys, edge + 1] }
}

/**
 * Whether the one row under a band's last rule is its total: ruled over but not under (a
 * statement's "Net current assets" under the subtotal rule), it fills all the columns but one at
 * most, and what follows is no row of cells but the page's text, if anything.
 */
function isTotalRow(
  row: readonly Line[],
  header: readonly Line[],
  next: Line[] | undefined,
): boolean {
  return (
    row.length >= TOTAL_MIN_CELLS &&
    row.length >= header.length - 1 &&
    (next === undefined || next.length === 1)
  )
}

/** Whether a piece of text stands under exactly one of `titles`, overlapping it. */
export function underOne(piece: Line, titles: readonly Line[]): boolean {
  let count = 0
  for (const title of titles) if (piece.left < title.right && piece.right > title.left) count++
  return count === 1
}

/** Runs centred between `left` and `right` that end at most `ems` of their size above `top`. */
function runsAbove(
  runs: readonly TextRun[],
  left: number,
  right: number,
  top: number,
  ems: number,
): TextRun[] {
  return runs.filter((run) => {
    const x = (run.left + run.right) / 2
    return x > left && x < right && run.bottom <= top + 1 && run.bottom >= top - ems * run.fontSize
  })
}

/** Rows of a grid, at least, whose labels must stand beside it for them to make its stub. */
const STUB_MIN_ROWS = 3
/** Share of a grid's rows that must have a label beside them. */
const STUB_ROW_SHARE = 0.6
/** A line this many of its font sizes under the last beside a grid, or less, runs on from it. */
const RUN_ON_GAP_EM = 0.5

/**
 * A grid ruled around its figures only leaves its stub (the column of row labels) outside its
 * left edge, unruled. The lines of text just left of the grid are that stub when each of them
 * stands inside one of the grid's rows, none crossing a row's rule, and most rows have one:
 * running text set beside a grid keeps its own line pitch and soon crosses the rules. The grid
 * gains a column on its left, with the row structure of its first column.
 */
export function withStubBeside(grid: RuledGrid, runs: readonly TextRun[]): RuledGrid {
  const [left, top, right, bottom] = grid.bbox
  const rows = grid.ys.length - 1
  if (rows < STUB_MIN_ROWS) return grid
  const beside = runs.filter((run) => {
    const y = (run.top + run.bottom) / 2
    return y > top && y < bottom && run.left < left
  })
  if (beside.length === 0 || beside.some((run) => run.right > left + 1)) return grid
  const labelled = new Set<number>()
  const lines = groupLines(beside)
  if (runsOnBelow(lines, runs, left, bottom)) return grid
  for (const line of lines) {
    const row = interval(grid.ys, (line.top + line.bottom) / 2)
    const slack = 0.2 * line.fontSize
    if (row < 0) return grid
    if (line.top < (grid.ys[row] as number) - slack) return grid
    if (line.bottom > (grid.ys[row + 1] as number) + slack) return grid
    labelled.add(row)
  }
  if (labelled.size < Math.max(STUB_MIN_ROWS, STUB_ROW_SHARE * rows)) return grid
  const stubLeft = Math.min(...beside.map((run) => run.left)) - 1
  const added: GridCell[] = grid.cells
    .filter((cell) => cell.column === 0)
    .map((cell) => ({
      row: cell.row,
      column: 0,
      rowSpan: cell.rowSpan,
      colSpan: 1,
      bbox: [stubLeft, cell.bbox[1], left, cell.bbox[3]],
    }))
  return {
    ...grid,
    xs: [stubLeft, ...grid.xs],
    cells: [...added, ...grid.cells.map((cell) => ({ ...cell, column: cell.column + 1 }))].sort(
      (p, q) => p.row - q.row || p.column - q.column,
    ),
    bbox: [stubLeft, top, right, bottom],
  }
}

/**
 * Whether the text beside a grid runs on under its foot: a line starts left of the grid right
 * under the lowest line beside it, a line's spacing away. Such text is the page's other column,
 * level with the grid's rows by chance; a stub ends with the grid, and notes under a table
 * stand apart from it.
 */
function runsOnBelow(
  lines: readonly Line[],
  runs: readonly TextRun[],
  left: number,
  bottom: number,
): boolean {
  const last = lines[lines.length - 1]
  if (last === undefined) return false
  const reach = last.bottom + RUN_ON_GAP_EM * last.fontSize
  return runs.some(
    (run) =>
      run.right <= left + 1 &&
      (run.top + run.bottom) / 2 >= bottom &&
      run.top <= reach &&
      run.left < last.right &&
      run.right > last.left,
  )
}

/** Share of a run's width that one column of a span must hold for the run to stand in it. */
const COLUMN_SHARE = 0.8

/**
 * The grid column of a span that holds a run, or -1: the run lies inside it, or nearly all of
 * it does (text set a little across a column rule drawn only in the rows below).
 */
export function columnOf(
  line: { left: number; right: number },
  xs: readonly number[],
  first: number,
  span: number,
): number {
  const width = Math.max(line.right - line.left, 1)
  for (let column = first; column < first + span; column++) {
    const left = xs[column] as number
    const right = xs[column + 1] as number
    if (line.left >= left - 1 && line.right <= right + 1) return column
    if (Math.min(line.right, right) - Math.max(line.left, left) >= COLUMN_SHARE * width) {
      return column
    }
  }
  return -1
}
