import { describe, expect, it } from 'vitest'
import { alignIntoGrid, cellPieces, cellText, mergeWrappedRows } from './aligned-grid.js'
import { makeLine } from './lines.js'
import { run } from './test-helpers.js'
import type { Line } from './types.js'

/** One piece of text per entry: `[text, x]` on the baseline `y` (10 pt, 5 pt per glyph). */
const row = (y: number, ...pieces: Array<[string, number]>): Line[] =>
  pieces.map(([text, x]) => makeLine([run(text, x, y)]))

const cellTexts = (grid: ReturnType<typeof alignIntoGrid>) =>
  grid?.cells.map((cell) => [
    cell.row,
    cell.column,
    cell.colSpan,
    cell.lines.map((line) => line.text).join(' '),
  ])

describe('cellPieces', () => {
  it("keeps a header's titles apart though their gaps are even, as under the next row's", () => {
    // Titles set flush right over figures, their last lines evenly apart; the row under them
    // leaves its gaps a few points off, where a justified line's would stand words away.
    const at = (text: string, left: number, right: number, y: number) =>
      run(text, left, y, { fontSize: 6, right })
    const pieces = cellPieces([
      at('dealers', 151, 170, 100),
      at('furnishings', 181, 209, 100),
      at('appliances', 220, 249, 100),
      at('(NAICS 441)', 136, 170, 107),
      at('(NAICS 442)', 175.5, 209, 107),
      at('(NAICS 443)', 214.5, 249, 107),
    ])
    expect(pieces.map((piece) => piece.text)).toEqual([
      'dealers',
      'furnishings',
      'appliances',
      '(NAICS 441)',
      '(NAICS 442)',
      '(NAICS 443)',
    ])
  })

  it('splits a row at gaps wider than a word space and keeps words together', () => {
    const pieces = cellPieces([
      run('1,200', 120, 100),
      run('Net', 10, 100),
      // 2.5 pt after "Net" (a quarter em): a word space.
      run('sales', 27.5, 100),
      run('Total', 10, 114),
      // 7 pt: still inside the cell; 10 pt: a new cell.
      run('costs', 42, 114),
      run('980', 77, 114),
    ])
    expect(pieces.map((piece) => piece.text)).toEqual(['Net sales', '1,200', 'Total costs', '980'])
    expect(pieces.map((piece) => piece.baseline)).toEqual([100, 100, 114, 114])
  })

  it("measures gaps from a run's ink, not from the trailing space its box takes in", () => {
    // A spreadsheet's figures: "12400 " is 30 pt wide with its space, 7 pt short of "12650",
    // whose cell starts 9.5 pt past the last digit.
    const pieces = cellPieces([run('12400 ', 100, 100), run('12650', 137, 100)])
    expect(pieces.map((piece) => [piece.text, piece.right])).toEqual([
      ['12400', 127.5],
      ['12650', 162],
    ])
  })

  it('keeps runs within half an em of a baseline on one row', () => {
    const pieces = cellPieces([run('a', 10, 100), run('b', 100, 103), run('c', 10, 106)])
    expect(pieces.map((piece) => piece.text)).toEqual(['a', 'b', 'c'])
    expect(pieces.map((piece) => piece.baseline)).toEqual([100, 103, 106])
  })
})

describe('alignIntoGrid', () => {
  const body = [
    row(114, ['Apples', 10], ['12', 110], ['3.50', 200]),
    row(128, ['Pears', 10], ['7', 110], ['2.25', 200]),
    row(142, ['Plums', 10], ['30', 110], ['0.80', 200]),
    row(156, ['Figs', 10], ['4', 110], ['5.10', 200]),
  ]

  it('finds columns from the gutters no row crosses', () => {
    const grid = alignIntoGrid(body.flat())
    expect(grid?.rows).toHaveLength(4)
    // On four rows or more, an extent is where two rows have text: "Apples" alone reaches 40.
    expect(grid?.columns).toEqual([
      { left: 10, right: 36 },
      { left: 110, right: 121 },
      { left: 200, right: 221 },
    ])
    expect(cellTexts(grid)?.slice(0, 3)).toEqual([
      [0, 0, 1, 'Apples'],
      [0, 1, 1, '12'],
      [0, 2, 1, '3.50'],
    ])
    expect(grid?.cells).toHaveLength(12)
  })

  it('lets one header row cross a gutter on a table of four rows or more', () => {
    // "Quarterly figures" runs from 110 to 220, across the gutter between the last two columns.
    const header = row(100, ['Item', 10], ['Quarterly figures 2024', 110])
    const grid = alignIntoGrid([...header, ...body.flat()])
    expect(grid?.columns).toHaveLength(3)
    expect(cellTexts(grid)?.slice(0, 3)).toEqual([
      [0, 0, 1, 'Item'],
      [0, 1, 2, 'Quarterly figures 2024'],
      [1, 0, 1, 'Apples'],
    ])
    // On a table of three rows, a row crossing a gutter closes it.
    const small = alignIntoGrid([...header, ...body.slice(0, 2).flat()])
    expect(small?.columns).toHaveLength(2)
  })

  it('drops a column that no cell holds alone, opened only by labels crossing a gutter', () => {
    const grid = alignIntoGrid([
      ...row(100, ['Properties', 10], ['Instruction set', 110]),
      ...row(120, ['Kind', 10], ['Alpaca', 110], ['Synthetic maths', 160]),
      ...row(140, ['Samples', 10], ['52K', 110], ['126K', 220]),
      ...row(160, ['Used', 10], ['52K', 110], ['52K', 220]),
      ...row(180, ['Open', 10], ['O', 110], ['X', 220]),
    ])
    // The two labels open a strip at 160-186 that holds no cell of its own.
    expect(grid?.columns).toEqual([
      { left: 10, right: 46 },
      { left: 110, right: 141 },
      { left: 160, right: 236 },
    ])
    expect(cellTexts(grid)?.filter(([rowIndex]) => rowIndex === 1 || rowIndex === 2)).toEqual([
      [1, 0, 1, 'Kind'],
      [1, 1, 1, 'Alpaca'],
      [1, 2, 1, 'Synthetic maths'],
      [2, 0, 1, 'Samples'],
      [2, 1, 1, '52K'],
      [2, 2, 1, '126K'],
    ])
  })

  it('puts a piece that lies in no column into the nearest one', () => {
    // The stray piece sits in the gutter between the second and third columns, closer to the second.
    const stray = row(170, ['Dates', 10], ['n/a', 140], ['9.99', 200])
    const grid = alignIntoGrid([...body.flat(), ...stray])
    expect(grid?.columns).toHaveLength(3)
    expect(cellTexts(grid)?.slice(-3)).toEqual([
      [4, 0, 1, 'Dates'],
      [4, 1, 1, 'n/a'],
      [4, 2, 1, '9.99'],
    ])
  })

  it('finds no grid in a single column of text', () => {
    const lines = [
      ...row(100, ['A single column of text', 10]),
      ...row(114, ['that wraps from one line', 10]),
      ...row(128, ['to the next one.', 10]),
    ]
    expect(alignIntoGrid(lines)).toBeUndefined()
    // Pieces a word space apart (3 pt, under half an em) are one column too.
    const words = [100, 114, 128].flatMap((y) => row(y, ['left', 10], ['right', 33]))
    expect(alignIntoGrid(words)).toBeUndefined()
    expect(alignIntoGrid([])).toBeUndefined()
  })
})

describe('mergeWrappedRows', () => {
  const table = [
    ...row(100, ['Region', 10], ['Fraction', 120]),
    // The last column title wraps onto a second line.
    ...row(112, ['of wealth', 120]),
    ...row(124, ['North', 10], ['17.4%', 120]),
    // A label wrapped in the body, continuing in lower case.
    ...row(136, ['South and', 10], ['22.5%', 120]),
    ...row(148, ['east', 10]),
    // A label alone that starts a new row (a group label): not a continuation.
    ...row(160, ['Islands', 10]),
    ...row(172, ['West', 10], ['9.1%', 120]),
  ]

  it('joins wrapped column titles and wrapped labels to the row they continue', () => {
    const grid = alignIntoGrid(table)
    expect(grid?.rows).toHaveLength(7)
    const given = cellTexts(grid as NonNullable<typeof grid>)
    expect(cellTexts(mergeWrappedRows(grid as NonNullable<typeof grid>))).toEqual([
      [0, 0, 1, 'Region'],
      [0, 1, 1, 'Fraction of wealth'],
      [1, 0, 1, 'North'],
      [1, 1, 1, '17.4%'],
      [2, 0, 1, 'South and east'],
      [2, 1, 1, '22.5%'],
      [3, 0, 1, 'Islands'],
      [4, 0, 1, 'West'],
      [4, 1, 1, '9.1%'],
    ])
    // The grid it was given keeps its seven rows of cells, every one.
    expect(cellTexts(grid as NonNullable<typeof grid>)).toEqual(given)
    expect(given).toContainEqual([0, 1, 1, 'Fraction'])
  })

  it("joins a value's wrap in capitals under an empty label where the value ran on to it", () => {
    // Minutes' details: the attendees run to the column's edge, a comma list goes past its line.
    const details = [
      ...row(100, ['Date:', 10], ['Tuesday 12 March', 100]),
      ...row(112, ['Attendees:', 10], ['Janet Okonkwo, David Feld, Maria Santos, Leonard', 100]),
      ...row(124, ['Price, Ruth Abernathy', 100]),
      ...row(136, ['Protocols:', 10], ['MQTT, HTTPS REST,', 100]),
      ...row(148, ['NTP', 100]),
      // Short values one to a row, each as wide as the column, are rows of their own.
      ...row(160, ['Codes:', 10], ['C1', 100]),
      ...row(172, ['C2', 100]),
    ]
    const grid = alignIntoGrid(details) as NonNullable<ReturnType<typeof alignIntoGrid>>
    expect(cellTexts(mergeWrappedRows(grid))).toEqual([
      [0, 0, 1, 'Date:'],
      [0, 1, 1, 'Tuesday 12 March'],
      [1, 0, 1, 'Attendees:'],
      [1, 1, 1, 'Janet Okonkwo, David Feld, Maria Santos, Leonard Price, Ruth Abernathy'],
      [2, 0, 1, 'Protocols:'],
      [2, 1, 1, 'MQTT, HTTPS REST, NTP'],
      [3, 0, 1, 'Codes:'],
      [3, 1, 1, 'C1'],
      [4, 1, 1, 'C2'],
    ])
  })

  it('keeps rows with a rule between them apart', () => {
    const grid = alignIntoGrid(table) as NonNullable<ReturnType<typeof alignIntoGrid>>
    // Rules under the title's first line and under "South and".
    const merged = mergeWrappedRows(grid, [103, 139])
    expect(merged.rows).toHaveLength(7)
  })
})

describe('cellText', () => {
  it("joins a cell's lines with a space, but not within Chinese or Japanese", () => {
    const lines = (...texts: string[]) =>
      texts.map((text, i) => makeLine([run(text, 10, 100 + 12 * i)]))
    expect(cellText(lines('Number of', 'candidates'))).toBe('Number of candidates')
    // The published tables keep a hyphen at a cell line's end, and its line break.
    expect(cellText(lines('(Party-', 'List)'))).toBe('(Party- List)')
    expect(cellText(lines('持分法の適用範囲', 'の変動'))).toBe('持分法の適用範囲の変動')
  })
})
