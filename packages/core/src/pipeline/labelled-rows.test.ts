import { describe, expect, it } from 'vitest'
import { orderBlocks } from './reading-order.js'
import { block } from './test-helpers.js'
import type { Block } from './types.js'

const texts = (blocks: readonly Block[]) =>
  blocks.map((b) => b.lines.map((line) => line.text).join(' '))

/** Three wrapped cells whose first lines stand level at `y`, in columns at x 100, 260, 420. */
function cells(name: string, y: number): Block[] {
  return [100, 260, 420].map((x, column) =>
    block([`${name} cell ${column} opens here`, 'and wraps onto', 'a third line'], x, y),
  )
}

describe('tables of prose cells with row labels', () => {
  it('reads each labelled row across, after the row of column titles', () => {
    const page = [
      block(['Plans compared'], 10, 40),
      block(['Basic'], 120, 76),
      block(['Standard'], 280, 76),
      block(['Premium'], 440, 76),
      ...cells('Price', 100),
      // Row labels set in the middle of their rows' height, not level with the cells' first lines.
      block(['Price'], 10, 112),
      ...cells('Support', 150),
      block(['Support'], 10, 162),
    ]
    expect(texts(orderBlocks(page).blocks)).toEqual([
      'Plans compared',
      'Basic Standard Premium',
      'Price Price cell 0 opens here and wraps onto a third line Price cell 1 opens here and wraps onto a third line Price cell 2 opens here and wraps onto a third line',
      'Support Support cell 0 opens here and wraps onto a third line Support cell 1 opens here and wraps onto a third line Support cell 2 opens here and wraps onto a third line',
    ])
  })

  it('reads a heading between runs of rows where it stands, not into the row above it', () => {
    const slot = (time: string, y: number) => [
      block([time], 63, y),
      block(
        ['Guided walking tour of the Brera district and the', 'gallery with a local guide.'],
        121,
        y,
      ),
    ]
    const page = [
      ...slot('10:45', 100),
      ...slot('12:15', 130),
      ...slot('15:00', 160),
      ...slot('20:00', 190),
      block(['Day 2 — Saturday, 17 May · Milan'], 63, 226, { fontSize: 12, fontId: 'f2' }),
      ...slot('08:15', 250),
      ...slot('11:00', 280),
      ...slot('19:30', 310),
    ]
    const order = texts(orderBlocks(page).blocks)
    expect(order[4]).toBe('Day 2 — Saturday, 17 May · Milan')
    expect(order[3]).toBe(
      '20:00 Guided walking tour of the Brera district and the gallery with a local guide.',
    )
  })

  it('keeps a second paragraph of a cell in its row', () => {
    const page = [
      ...cells('Price', 100),
      block(['Price'], 10, 112),
      block(['with a note'], 100, 136),
      ...cells('Support', 170),
      block(['Support'], 10, 182),
      ...cells('Terms', 220),
      block(['Terms'], 10, 232),
    ]
    const order = texts(orderBlocks(page).blocks)
    expect(order).toHaveLength(3)
    expect(order[0]).toContain('Price cell 0 opens here and wraps onto a third line with a note')
  })

  it('reads cards without row labels column by column', () => {
    const card = (x: number, title: string) => [
      block([title], x, 76),
      block(
        [
          `${title} is explained in`,
          'a short paragraph set',
          'under its own title,',
          'as on a brochure',
        ],
        x,
        100,
      ),
      block(
        [
          `More on ${title} follows`,
          'in a second paragraph',
          'that is as long as',
          'the first one was',
        ],
        x,
        160,
      ),
    ]
    const page = [
      block(['Why choose us'], 100, 40),
      ...card(100, 'Speed'),
      ...card(260, 'Safety'),
      ...card(420, 'Cost'),
    ]
    const order = texts(orderBlocks(page).blocks)
    expect(order.slice(0, 4)).toEqual([
      'Why choose us',
      'Speed',
      'Speed is explained in a short paragraph set under its own title, as on a brochure',
      'More on Speed follows in a second paragraph that is as long as the first one was',
    ])
  })

  it('reads a short cell beside the wrapped text level with it as that row, pair by pair', () => {
    // A manual's troubleshooting table: a problem in a line or two beside its solution.
    const solution = (what: string) => [
      `${what}: check that the plug is fully inserted and`,
      'that the socket works with another appliance, then',
      'restart the unit and wait for three minutes.',
    ]
    const page = [
      block(['Problem'], 60, 76),
      block(['Possible cause and solution'], 250, 76),
      block(['The unit does not switch on.'], 60, 100),
      block(solution('Power'), 250, 100),
      block(['The unit collects no water.'], 60, 150),
      block(solution('Humidity'), 250, 150),
      block(['Frost forms on the coil', 'behind the rear grille.'], 60, 200),
      block(solution('Frost'), 250, 200),
    ]
    expect(texts(orderBlocks(page).blocks).slice(2)).toEqual([
      `The unit does not switch on. ${solution('Power').join(' ')}`,
      `The unit collects no water. ${solution('Humidity').join(' ')}`,
      `Frost forms on the coil behind the rear grille. ${solution('Frost').join(' ')}`,
    ])
    // Two columns of paragraphs as long as each other stay read column by column.
    const paragraph = (x: number, y: number) => block(solution('Column'), x, y)
    const columns = [paragraph(60, 100), paragraph(60, 150), paragraph(60, 200)]
    const other = [paragraph(330, 100), paragraph(330, 150), paragraph(330, 200)]
    expect(orderBlocks([...columns, ...other]).blocks).toEqual([...columns, ...other])
  })

  it('leaves the layout alone when other text stands inside the table', () => {
    const page = [
      ...cells('Price', 100),
      block(['Price'], 10, 112),
      ...cells('Support', 150),
      block(['Support'], 10, 162),
      ...cells('Terms', 200),
      block(['Terms'], 10, 212),
      // A note straddling two columns is no cell of this simple table.
      block(['A note set across the columns'], 200, 140),
    ]
    expect(orderBlocks(page).blocks.some((b) => b.standalone)).toBe(false)
  })
})
