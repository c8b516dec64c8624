import type { TableCaseResult } from './score-cases'

/** The headline source: human ground truth, where the cell score is meant grid for grid. */
export const HEADLINE_SOURCE = 'icdar2013'

/** Mean scores of a group of cases. */
export interface TableSummary {
  /** A source folder, or `all`. */
  name: string
  cases: number
  /** Mean cell score over every case, summed in case order as table_score.py sums it. */
  cell: number
  /** Mean TEDS over the cases that have one (an expected grid with text). */
  teds: number | null
  tedsCases: number
  /** Cases with no predicted table on their page. */
  noTable: number
  /** Cases that check part of a table only (`partial: ...`), for which the grid score says little. */
  partial: number
}

function summarize(name: string, results: readonly TableCaseResult[]): TableSummary {
  let cell = 0
  let teds = 0
  let tedsCases = 0
  for (const { score } of results) {
    cell += score.cell
    if (score.teds !== null) {
      teds += score.teds
      tedsCases++
    }
  }
  return {
    name,
    cases: results.length,
    cell: results.length > 0 ? cell / results.length : 0,
    teds: tedsCases > 0 ? teds / tedsCases : null,
    tedsCases,
    noTable: results.filter((result) => result.tablesOnPage === 0).length,
    partial: results.filter((result) => result.tableCase.kind.startsWith('partial')).length,
  }
}

/** Means per source (the headline source first, then as index.tsv lists them) and over all cases. */
export function summarizeTables(results: readonly TableCaseResult[]): {
  sources: TableSummary[]
  all: TableSummary
} {
  const sources = [...new Set(results.map((result) => result.tableCase.source))].sort(
    (a, b) => Number(b === HEADLINE_SOURCE) - Number(a === HEADLINE_SOURCE),
  )
  return {
    sources: sources.map((source) =>
      summarize(
        source,
        results.filter((result) => result.tableCase.source === source),
      ),
    ),
    all: summarize('all', results),
  }
}
