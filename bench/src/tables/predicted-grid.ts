/** The part of a predicted table the cell score reads: cells at their top-left grid positions. */
export interface PredictedCells {
  readonly cells: readonly { row: number; column: number; text: string }[]
}

/** Grids larger than this many positions are refused, as table_score.py refuses them. */
const MAX_GRID_POSITIONS = 200_000

/**
 * A predicted table as rows of cell texts, the way table_score.py's `to_grid` builds it: every
 * cell at its top-left position (a spanning cell's covered positions stay empty), the grid
 * starting at the smallest row and column present. Null when there is no cell or the grid is
 * too large; the scorer then leaves the table out.
 */
export function toPredictedGrid(table: PredictedCells): string[][] | null {
  if (table.cells.length === 0) return null
  let firstRow = Number.POSITIVE_INFINITY
  let firstColumn = Number.POSITIVE_INFINITY
  let lastRow = Number.NEGATIVE_INFINITY
  let lastColumn = Number.NEGATIVE_INFINITY
  for (const { row, column } of table.cells) {
    firstRow = Math.min(firstRow, row)
    firstColumn = Math.min(firstColumn, column)
    lastRow = Math.max(lastRow, row)
    lastColumn = Math.max(lastColumn, column)
  }
  const rows = lastRow - firstRow + 1
  const columns = lastColumn - firstColumn + 1
  if (rows * columns > MAX_GRID_POSITIONS) return null
  const grid = Array.from({ length: rows }, () => Array<string>(columns).fill(''))
  for (const { row, column, text } of table.cells) {
    ;(grid[row - firstRow] as string[])[column - firstColumn] = text
  }
  return grid
}
