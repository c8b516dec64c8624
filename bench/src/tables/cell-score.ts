import { PY_WHITESPACE_CLASS } from '../scoring/whitespace'
import { sequenceRatio } from './difflib-ratio'

// The cell-grid score of ../shared/tools/table_score.py, which is the oracle these numbers are
// checked against (to 1e-9 per case): an expected grid against one predicted grid of its page.

const WHITESPACE = new RegExp(`[${PY_WHITESPACE_CLASS}]+`, 'gu')

/** Offsets tried besides (0, 0): the most voted by exact matches, as the oracle tries them. */
const VOTED_OFFSETS = 5

/** A cell's text as the scorer compares it: Unicode NFKC, lower case, every whitespace removed. */
export function normalizeCellText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(WHITESPACE, '')
}

/** Similarity of two normalized cell texts: 1 when equal, else difflib's ratio (no autojunk). */
export function cellSimilarity(expected: string, predicted: string): number {
  return expected === predicted ? 1.0 : sequenceRatio(expected, predicted, false)
}

/** A non-empty cell of a grid: its position and normalized text. */
export interface PlacedText {
  row: number
  column: number
  text: string
}

function nonEmptyCells(grid: readonly (readonly string[])[]): PlacedText[] {
  const cells: PlacedText[] = []
  grid.forEach((texts, row) => {
    texts.forEach((raw, column) => {
      const text = normalizeCellText(raw)
      if (text !== '') cells.push({ row, column, text })
    })
  })
  return cells
}

/** Whether a grid has a cell with text once normalized: the oracle scores no case without one. */
export function hasScorableCells(grid: readonly (readonly string[])[]): boolean {
  return grid.some((row) => row.some((text) => normalizeCellText(text) !== ''))
}

const positionKey = (row: number, column: number): string => `${row},${column}`

/**
 * Offsets (rows, columns) from expected to predicted positions to try: (0, 0), then the five
 * offsets most voted by exactly equal texts. Ties keep the order in which offsets were first
 * voted for, as Python's `Counter.most_common` does, since that decides which ties make the cut.
 */
export function candidateOffsets(
  expected: readonly PlacedText[],
  predicted: readonly PlacedText[],
): [number, number][] {
  const where = new Map<string, PlacedText[]>()
  for (const cell of predicted) {
    const list = where.get(cell.text)
    if (list) list.push(cell)
    else where.set(cell.text, [cell])
  }
  const votes = new Map<string, { offset: [number, number]; count: number }>()
  for (const cell of expected) {
    for (const match of where.get(cell.text) ?? []) {
      const offset: [number, number] = [match.row - cell.row, match.column - cell.column]
      const key = positionKey(...offset)
      const vote = votes.get(key)
      if (vote) vote.count++
      else votes.set(key, { offset, count: 1 })
    }
  }
  // Array.prototype.sort is stable, like the sort behind most_common
  const voted = [...votes.values()].sort((a, b) => b.count - a.count).slice(0, VOTED_OFFSETS)
  const offsets: [number, number][] = [[0, 0]]
  for (const { offset } of voted) {
    if (offset[0] !== 0 || offset[1] !== 0) offsets.push(offset)
  }
  return offsets
}

/**
 * Score of an expected grid against a predicted grid of the same page: the best over the
 * candidate offsets of the summed similarities of the expected non-empty cells to the predicted
 * cells at their shifted positions, divided by the larger count of non-empty cells of the two
 * grids (so missing, misplaced and extra cells all cost). Null when the expected grid is empty.
 */
export function scoreCellGrid(
  expected: readonly (readonly string[])[],
  predicted: readonly (readonly string[])[],
): number | null {
  const expectedCells = nonEmptyCells(expected)
  if (expectedCells.length === 0) return null
  const predictedCells = nonEmptyCells(predicted)
  const at = new Map<string, string>()
  for (const cell of predictedCells) at.set(positionKey(cell.row, cell.column), cell.text)
  const denominator = Math.max(expectedCells.length, at.size)
  let best = 0.0
  for (const [rowOffset, columnOffset] of candidateOffsets(expectedCells, predictedCells)) {
    let got = 0.0
    for (const cell of expectedCells) {
      const text = at.get(positionKey(cell.row + rowOffset, cell.column + columnOffset))
      if (text !== undefined) got += cellSimilarity(cell.text, text)
    }
    best = Math.max(best, got / denominator)
  }
  return best
}
