import type { Line } from './types.js'

/** Cells of two rows start this many font sizes apart at most to stand in one column. */
const CELL_ALIGN_EM = 0.5

/**
 * Whether two lines are rows of one table: each holds cells apart by a column's gap, and a cell
 * of one starts where a cell of the other does. Prose never leaves such gaps, let alone twice in
 * one column; a table whose rows run on in lowercase ("retryLimit") would otherwise read as one
 * paragraph.
 */
export function areCellRows(upper: Line, lower: Line): boolean {
  const a = upper.cellStarts
  const b = lower.cellStarts
  if (a === undefined || b === undefined) return false
  const slack = CELL_ALIGN_EM * Math.max(upper.fontSize, lower.fontSize)
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a[i] as number
    const y = b[j] as number
    if (Math.abs(x - y) <= slack) return true
    if (x < y) i++
    else j++
  }
  return false
}

/**
 * Whether a cell of `line` past its first starts where `other` starts, or where one of its cells
 * does: the label and figures of a table's row read as one line, under or over a row whose
 * pieces stand in the same columns.
 */
export function sharesCellStart(line: Line, other: Line): boolean {
  const cells = line.cellStarts
  if (cells === undefined) return false
  const slack = CELL_ALIGN_EM * line.fontSize
  return [other.left, ...(other.cellStarts ?? [])].some(
    (start) => start > line.left + slack && cells.some((cell) => Math.abs(cell - start) <= slack),
  )
}
