import { describe, expect, it } from 'vitest'
import { toPredictedGrid } from './predicted-grid'

describe('toPredictedGrid', () => {
  it('puts each cell at its top-left position and leaves covered positions empty', () => {
    const cells = [
      { row: 0, column: 0, text: 'wide' },
      { row: 0, column: 2, text: 'c' },
      { row: 1, column: 0, text: 'a' },
      { row: 1, column: 1, text: 'b' },
    ]
    expect(toPredictedGrid({ cells })).toEqual([
      ['wide', '', 'c'],
      ['a', 'b', ''],
    ])
  })

  it('starts the grid at the smallest row and column present, as to_grid does', () => {
    expect(toPredictedGrid({ cells: [{ row: 2, column: 3, text: 'x' }] })).toEqual([['x']])
  })

  it('refuses a table without cells', () => {
    expect(toPredictedGrid({ cells: [] })).toBeNull()
  })
})
