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
 * every line is a row of its own: a label in the first column and a figure in another. A line
 * with text in one cell only continues the line above (a wrapped label). Rows crossed by a row
 * span, and wrapped headers (words, no figures), stay as drawn.
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
  const cuts = byRow.map((rowRuns, row) =>
    spanned[row] ? [] : cutsOf(textRows(rowRuns, grid, owner), grid.xs),
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
function cutsOf(lines: readonly TextRow[], xs: readonly number[]): number[] {
  if (lines.length < 2) return []
  const rowsOfText: TextRow[] = []
  for (const line of lines) {
    const previous = rowsOfText[rowsOfText.length - 1]
    const only = line.cells.size === 1 ? [...line.cells][0] : undefined
    if (previous && only !== undefined && previous.cells.has(only)) {
      previous.runs.push(...line.runs)
      previous.bottom = Math.max(previous.bottom, line.bottom)
    } else {
      rowsOfText.push({ ...line, runs: [...line.runs], cells: new Set(line.cells) })
    }
  }
  if (rowsOfText.length < 2) return []
  const firstColumn = (run: TextRun) => interval(xs, (run.left + run.right) / 2) === 0
  const isRow = (line: TextRow) =>
    line.cells.size >= 2 &&
    line.runs.some(firstColumn) &&
    line.runs.some((run) => !firstColumn(run) && isFigure(run.text))
  if (!rowsOfText.every(isRow)) return []
  const cuts: number[] = []
  for (let i = 1; i < rowsOfText.length; i++) {
    cuts.push(((rowsOfText[i - 1] as TextRow).bottom + (rowsOfText[i] as TextRow).top) / 2)
  }
  return cuts
}
