import { hasScorableCells, scoreCellGrid } from './cell-score'
import { type SpannedCells, scoreGridTeds } from './grid-teds'
import { toPredictedGrid } from './predicted-grid'

/** How one expected table scored against the predicted tables of its page. */
export interface CaseScore {
  /** Cell-grid score of the best predicted table (table_score.py's value); 0 without one. */
  cell: number
  /** TEDS of that same table against the expected grid; 0 without a table, null for an empty grid. */
  teds: number | null
  /** Index, among the tables given, of the one chosen: the first with the best cell score. */
  chosen: number | null
  /** Predicted tables on the page that the cell score could read. */
  candidates: number
}

/**
 * Scores an expected grid against the predicted tables of its page (in document order): the
 * best cell score over them, as the oracle takes it, and the TEDS of the table that reached it.
 */
export function scoreCase(
  expected: readonly (readonly string[])[],
  pageTables: readonly SpannedCells[],
): CaseScore {
  const grids = pageTables.map(toPredictedGrid)
  const candidates = grids.filter((grid) => grid !== null).length
  // an expected grid without text scores 0 in the oracle and has no TEDS worth reporting
  if (!hasScorableCells(expected)) return { cell: 0, teds: null, chosen: null, candidates }
  let cell = 0
  let chosen: number | null = null
  for (const [index, grid] of grids.entries()) {
    if (grid === null) continue
    const score = scoreCellGrid(expected, grid) as number
    if (chosen === null || score > cell) {
      cell = score
      chosen = index
    }
  }
  const table = chosen === null ? undefined : pageTables[chosen]
  const teds = table === undefined ? 0 : scoreGridTeds(expected, table)
  return { cell, teds, chosen, candidates }
}
