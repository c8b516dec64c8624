import { medianFontSize } from './extent.js'
import { type GridCell, interval, type RuledGrid } from './ruled-grids.js'
import type { TextRun } from './types.js'

/**
 * Removes the columns and the thin rows of a ruled grid that no text falls in. They are the gap
 * between a double rule, or the strip between a cell's frame and its inset shading: drawing, not
 * structure. Rows as tall as a line of text stay even when empty (a form's blank rows).
 */
export function dropEmptyGridLines(grid: RuledGrid, runs: readonly TextRun[]): RuledGrid {
  const rows = grid.ys.length - 1
  const columns = grid.xs.length - 1
  const rowUsed = new Uint8Array(rows)
  const columnUsed = new Uint8Array(columns)
  const inside: TextRun[] = []
  for (const run of runs) {
    const row = interval(grid.ys, (run.top + run.bottom) / 2)
    const column = interval(grid.xs, (run.left + run.right) / 2)
    if (row < 0 || column < 0) continue
    rowUsed[row] = 1
    columnUsed[column] = 1
    inside.push(run)
  }
  if (inside.length === 0) return grid
  const lineHeight = medianFontSize(inside)
  const dropRow = (row: number) =>
    !rowUsed[row] && (grid.ys[row + 1] as number) - (grid.ys[row] as number) < lineHeight
  const dropColumn = (column: number) => !columnUsed[column]

  let keptRows = 0
  let keptColumns = 0
  for (let row = 0; row < rows; row++) if (!dropRow(row)) keptRows++
  for (let column = 0; column < columns; column++) if (!dropColumn(column)) keptColumns++
  if (keptRows === rows && keptColumns === columns) return grid
  if (keptRows < 1 || keptColumns < 2) return grid

  // New index of each kept line; a dropped one maps to the next kept one.
  const rowIndex = renumber(rows, dropRow)
  const columnIndex = renumber(columns, dropColumn)
  const cells: GridCell[] = []
  for (const cell of grid.cells) {
    const row = rowIndex[cell.row] as number
    const column = columnIndex[cell.column] as number
    const rowSpan = (rowIndex[cell.row + cell.rowSpan] as number) - row
    const colSpan = (columnIndex[cell.column + cell.colSpan] as number) - column
    if (rowSpan > 0 && colSpan > 0) cells.push({ ...cell, row, column, rowSpan, colSpan })
  }
  return {
    xs: keepEdges(grid.xs, dropColumn),
    ys: keepEdges(grid.ys, dropRow),
    cells,
    bbox: grid.bbox,
  }
}

/** For lines 0..count (the end included), how many kept lines come before each. */
function renumber(count: number, dropped: (index: number) => boolean): number[] {
  const index = [0]
  for (let i = 0; i < count; i++) index.push((index[i] as number) + (dropped(i) ? 0 : 1))
  return index
}

/**
 * The edges left when the dropped intervals close up: an inner one merges into its neighbour
 * below (right), the last one into its neighbour above (left), so the outer edges stay.
 */
function keepEdges(edges: readonly number[], dropped: (index: number) => boolean): number[] {
  const count = edges.length - 1
  const kept = [edges[0] as number]
  for (let i = 0; i < count; i++) {
    if (dropped(i)) continue
    kept.push(edges[i + 1] as number)
  }
  kept[kept.length - 1] = edges[count] as number
  return kept
}
