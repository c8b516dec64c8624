import { isFigure } from './figure.js'
import { type GridCell, interval, type RuledGrid } from './ruled-grids.js'
import type { TextRun } from './types.js'

/** Runs on one baseline inside one drawn row, with the grid cells they fall in. */
interface TextRow {
  runs: TextRun[]
  cells: Set<number>
  top: number
  bottom: number
}

/**
 * Tables ruled by column but not by row (or with rules only around groups of rows) draw several
 * rows of figures inside one grid row. Such a grid row is cut between its lines of text when
 * every line is a row of its own: a label in the stub column (the first; the last in a table
 * written right to left) and a figure in another, or a label alone that heads the rows below
 * it. A line with text in one data cell only continues the line above; a label alone continues
 * the label above when it wrapped (its first word would not have fit there). Rows crossed by a
 * row span, and wrapped headers (words, no figures), stay as drawn.
 */
export function splitStackedRows(grid: RuledGrid, runs: readonly TextRun[]): RuledGrid {
  const rows = grid.ys.length - 1
  const columns = grid.xs.length - 1
  const owner = new Int32Array(rows * columns)
  const spanned = new Uint8Array(rows)
  grid.cells.forEach((cell, index) => {
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++) {
      if (cell.rowSpan > 1) spanned[r] = 1
      for (let c = cell.column; c < cell.column + cell.colSpan; c++) owner[r * columns + c] = index
    }
  })
  const byRow = Array.from({ length: rows }, () => [] as TextRun[])
  for (const run of runs) {
    const row = interval(grid.ys, (run.top + run.bottom) / 2)
    if (row >= 0) (byRow[row] as TextRun[]).push(run)
  }
  // Cut positions inside each drawn row, top to bottom.
  const stub = stubColumn(runs, columns)
  const cuts = byRow.map((rowRuns, row) =>
    spanned[row] ? [] : cutsOf(textRows(rowRuns, grid, owner), grid.xs, stub),
  )
  if (cuts.every((list) => list.length === 0)) return grid

  const ys: number[] = []
  const firstRow: number[] = []
  for (let row = 0; row < rows; row++) {
    firstRow.push(ys.length)
    ys.push(grid.ys[row] as number, ...(cuts[row] as number[]))
  }
  ys.push(grid.ys[rows] as number)
  firstRow.push(ys.length - 1)
  const cells: GridCell[] = []
  for (const cell of grid.cells) {
    const from = firstRow[cell.row] as number
    const to = firstRow[cell.row + cell.rowSpan] as number
    if (cell.rowSpan === 1 && to - from > 1) {
      for (let row = from; row < to; row++) {
        cells.push({
          ...cell,
          row,
          rowSpan: 1,
          bbox: [cell.bbox[0], ys[row] as number, cell.bbox[2], ys[row + 1] as number],
        })
      }
    } else {
      cells.push({ ...cell, row: from, rowSpan: to - from })
    }
  }
  cells.sort((p, q) => p.row - q.row || p.column - q.column)
  return { xs: grid.xs, ys, cells, bbox: grid.bbox }
}

/**
 * The column of row labels: the first, or the last when the table is written right to left
 * (most of its words are), where the labels stand on the right.
 */
function stubColumn(runs: readonly TextRun[], columns: number): number {
  let words = 0
  let rtl = 0
  for (const run of runs) {
    if (!/\p{L}/u.test(run.text)) continue
    words++
    if (run.rtl) rtl++
  }
  return rtl > 0.5 * words ? columns - 1 : 0
}

/** The runs of one drawn row grouped by baseline, each line with the cells it touches. */
function textRows(runs: readonly TextRun[], grid: RuledGrid, owner: Int32Array): TextRow[] {
  const columns = grid.xs.length - 1
  const sorted = [...runs].sort((p, q) => p.baseline - q.baseline)
  const lines: TextRow[] = []
  for (const run of sorted) {
    const row = interval(grid.ys, (run.top + run.bottom) / 2)
    const column = interval(grid.xs, (run.left + run.right) / 2)
    if (column < 0) continue
    const cell = owner[row * columns + column] as number
    const last = lines[lines.length - 1]
    const anchor = last?.runs[0]
    if (last && anchor && run.baseline - anchor.baseline <= 0.5 * anchor.fontSize) {
      last.runs.push(run)
      last.cells.add(cell)
      last.top = Math.min(last.top, run.top)
      last.bottom = Math.max(last.bottom, run.bottom)
    } else {
      lines.push({ runs: [run], cells: new Set([cell]), top: run.top, bottom: run.bottom })
    }
  }
  return lines
}

/** Where to cut a drawn row between its lines, or none when its lines are not rows. */
function cutsOf(lines: readonly TextRow[], xs: readonly number[], stub: number): number[] {
  if (lines.length < 2) return []
  const inStub = (run: TextRun) => interval(xs, (run.left + run.right) / 2) === stub
  const stubOnly = (line: TextRow) => line.cells.size === 1 && line.runs.every(inStub)
  const rowsOfText: Array<TextRow & { last: TextRow }> = []
  for (const line of lines) {
    const previous = rowsOfText[rowsOfText.length - 1]
    const only = line.cells.size === 1 ? [...line.cells][0] : undefined
    const continues =
      previous !== undefined &&
      (stubOnly(line) || (stubOnly(previous) && line.runs.some(inStub))
        ? previous.runs.some(inStub) && wraps(previous.last, line, xs, stub, inStub)
        : only !== undefined && previous.cells.has(only))
    if (previous && continues) {
      previous.runs.push(...line.runs)
      for (const cell of line.cells) previous.cells.add(cell)
      previous.bottom = Math.max(previous.bottom, line.bottom)
      previous.last = line
    } else {
      rowsOfText.push({ ...line, runs: [...line.runs], cells: new Set(line.cells), last: line })
    }
  }
  if (rowsOfText.length < 2) return []
  const isRow = (line: TextRow) =>
    line.cells.size >= 2 &&
    line.runs.some(inStub) &&
    line.runs.some((run) => !inStub(run) && isFigure(run.text))
  // A label alone on its line that did not wrap from the line above heads the rows below it.
  const isHeading = (line: TextRow) =>
    stubOnly(line) && !line.runs.some((run) => isFigure(run.text))
  if (!rowsOfText.every((line) => isRow(line) || isHeading(line))) return []
  if (rowsOfText.filter(isRow).length < 2) return []
  const cuts: number[] = []
  for (let i = 1; i < rowsOfText.length; i++) {
    cuts.push(((rowsOfText[i - 1] as TextRow).bottom + (rowsOfText[i] as TextRow).top) / 2)
  }
  return cuts
}

/**
 * Whether the label of `line` continues the label on `above`, wrapped: its first word would not
 * have fit at the end of the line above, in the stub column (inset as that line is), or it
 * starts in lower case. A label that would have fit, or that starts further out than the line
 * above (a less indented item), starts a row of its own.
 */
function wraps(
  above: TextRow,
  line: TextRow,
  xs: readonly number[],
  stub: number,
  inStub: (run: TextRun) => boolean,
): boolean {
  const upper = above.runs.filter(inStub)
  const lower = line.runs.filter(inStub).sort((p, q) => p.left - q.left)
  if (upper.length === 0 || lower.length === 0) return false
  const rtl = lower.some((run) => run.rtl)
  const first = (rtl ? lower[lower.length - 1] : lower[0]) as TextRun
  const text = first.text.trim()
  if (!rtl && /^\p{Ll}/u.test(text)) return true
  const word = text.split(/\s+/)[0] ?? text
  const wordWidth = ((first.right - first.left) * word.length) / Math.max(text.length, 1)
  const em = first.fontSize
  const left = Math.min(...upper.map((run) => run.left))
  const right = Math.max(...upper.map((run) => run.right))
  // A line starting further out than the one above is an item of an outer level, not its rest.
  const start = rtl ? Math.max(...lower.map((run) => run.right)) : (lower[0] as TextRun).left
  if (rtl ? start > right + 0.5 * em : start < left - 0.5 * em) return false
  const columnLeft = xs[stub] as number
  const columnRight = xs[stub + 1] as number
  const room = rtl
    ? left - columnLeft - clamp(columnRight - right, 0, em)
    : columnRight - clamp(left - columnLeft, 0, em) - right
  return wordWidth + 0.25 * em > room
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value))
}
