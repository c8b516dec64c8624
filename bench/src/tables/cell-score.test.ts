import { describe, expect, it } from 'vitest'
import { candidateOffsets, normalizeCellText, type PlacedText, scoreCellGrid } from './cell-score'

const placed = (row: number, column: number, text: string): PlacedText => ({ row, column, text })

describe('normalizeCellText', () => {
  it('applies NFKC, lower-cases and removes every (Python) whitespace', () => {
    expect(normalizeCellText(' Total\u00a0 In-\ncome\u2003ﬁ ')).toBe('totalin-comefi')
    expect(normalizeCellText('\u001c\u0085')).toBe('')
  })
})

describe('candidateOffsets', () => {
  it('tries (0, 0) first, then offsets by exact-match votes', () => {
    const expected = [placed(0, 0, 'a'), placed(0, 1, 'b'), placed(1, 0, 'c')]
    const predicted = [placed(1, 1, 'a'), placed(1, 2, 'b'), placed(0, 0, 'c')]
    expect(candidateOffsets(expected, predicted)).toEqual([
      [0, 0],
      [1, 1],
      [-1, 0],
    ])
  })

  it('keeps five voted offsets, ties in the order first voted for (Counter.most_common)', () => {
    const expected = ['a', 'b', 'c', 'd', 'e', 'f'].map((text, column) => placed(0, column, text))
    // each text sits at its own offset: columns +1, +2, ... +6, one vote each
    const predicted = expected.map((cell, index) => placed(0, cell.column + index + 1, cell.text))
    expect(candidateOffsets(expected, predicted)).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
    ])
  })

  it('does not count (0, 0) twice when it is among the voted', () => {
    const expected = [placed(0, 0, 'a'), placed(0, 1, 'a')]
    const predicted = [placed(0, 0, 'a')]
    expect(candidateOffsets(expected, predicted)).toEqual([
      [0, 0],
      [0, -1],
    ])
  })
})

describe('scoreCellGrid', () => {
  it('is 1 for the same texts up to case and whitespace', () => {
    expect(scoreCellGrid([['Year', 'Net income']], [['year', 'net  INCOME']])).toBe(1)
  })

  it('lets an extra leading row and column cost only their own cells (offset voting)', () => {
    // 4 expected cells found at offset (1, 1); the extra 'q' makes 5 predicted cells
    expect(
      scoreCellGrid(
        [
          ['x', 'y'],
          ['z', 'w'],
        ],
        [
          ['q', '', ''],
          ['', 'x', 'y'],
          ['', 'z', 'w'],
        ],
      ),
    ).toBe(0.8)
  })

  it('divides by the larger count of non-empty cells of the two grids', () => {
    // extra predicted cells cost
    expect(scoreCellGrid([['a', 'b']], [['a', 'b', 'c', 'd']])).toBe(0.5)
    // missing predicted cells cost
    expect(scoreCellGrid([['a', 'b', 'c', 'd']], [['a', 'b']])).toBe(0.5)
    // empty and whitespace-only cells count on neither side
    expect(
      scoreCellGrid(
        [
          ['a', '', ' '],
          ['b', '\n', ''],
        ],
        [
          ['a', ' '],
          ['b', ''],
        ],
      ),
    ).toBe(1)
  })

  it("matches table_score.py's score_pair on a grid with near misses", () => {
    // python3 -c "import table_score as ts; print(repr(ts.score_pair(E, P)))" (../shared/tools)
    const expected = [
      ['Year', 'Value'],
      ['2019', '1,234'],
      ['2020', '1.5'],
    ]
    const predicted = [
      ['year', 'value'],
      ['2019', '1234'],
      ['2020', '1.5 %'],
      ['note', ''],
    ]
    expect(scoreCellGrid(expected, predicted)).toBe(0.8208616780045351)
  })

  it('is null for an expected grid without text, 0 against an empty prediction', () => {
    expect(scoreCellGrid([[' ', '']], [['a']])).toBeNull()
    expect(scoreCellGrid([['a']], [])).toBe(0)
  })
})
