import { describe, expect, it } from 'vitest'
import { parseCsv } from './read-csv'
import { scoreCase } from './score-case'

const CSV = 'Region,2019,2020\r\nNorth,"1,204","1,388"\r\n"South\r\n(incl. islands)",,97\r\n'

/** A predicted table as extractTables returns its cells, one per grid position. */
function tableOf(grid: string[][]) {
  return {
    cells: grid.flatMap((row, r) =>
      row.map((text, c) => ({ row: r, column: c, rowSpan: 1, colSpan: 1, text })),
    ),
  }
}

describe('scoreCase', () => {
  it('scores 1 (cell score and TEDS) for a prediction identical to the expected CSV', () => {
    const expected = parseCsv(CSV)
    const result = scoreCase(expected, [tableOf(expected)])
    expect(result).toEqual({ cell: 1, teds: 1, chosen: 0, candidates: 1 })
  })

  it('takes the best table of the page by cell score, and the TEDS of that table', () => {
    const expected = parseCsv(CSV)
    const other = tableOf([['Contents', 'Page']])
    const result = scoreCase(expected, [other, tableOf(expected)])
    expect(result.chosen).toBe(1)
    expect(result.cell).toBe(1)
    expect(result.teds).toBe(1)
  })

  it('scores 0 without a table on the page, and leaves a grid without text unscored', () => {
    expect(scoreCase(parseCsv(CSV), [])).toEqual({ cell: 0, teds: 0, chosen: null, candidates: 0 })
    expect(scoreCase([], [tableOf([['a']])])).toEqual({
      cell: 0,
      teds: null,
      chosen: null,
      candidates: 1,
    })
  })
})
