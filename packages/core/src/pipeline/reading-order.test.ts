import { describe, expect, it } from 'vitest'
import { orderBlocks } from './reading-order.js'
import { block } from './test-helpers.js'

const COLUMN_TEXT = Array.from({ length: 8 }, () => 'column text that fills a line')

describe('orderBlocks', () => {
  it('reads a title, then the left column, then the right one, then a full-width footer', () => {
    const title = block(['A title that spans both of the columns below it, wide enough'], 10, 20)
    const left = block(COLUMN_TEXT, 10, 60)
    const right = block(COLUMN_TEXT, 180, 62)
    const note = block(['A closing note that spans the full width of the page as well'], 10, 200)
    const { blocks, clean } = orderBlocks([right, note, left, title])
    expect(blocks).toEqual([title, left, right, note])
    expect(clean).toBe(true)
  })

  it('reads three columns left to right', () => {
    const columns = [10, 170, 330].map((x) => block(COLUMN_TEXT, x, 60))
    expect(orderBlocks([columns[2], columns[0], columns[1]] as never).blocks).toEqual(columns)
  })

  it('does not mistake a table-like grid of short cells for columns', () => {
    const cells = [0, 1, 2].flatMap((row) => [
      block([`Item ${row}`], 10, 60 + row * 14),
      block([`${row * 10}`], 200, 60 + row * 14),
    ])
    const order = orderBlocks(cells).blocks.map((b) => b.lines[0]?.text)
    expect(order).toEqual(['Item 0', '0', 'Item 1', '10', 'Item 2', '20'])
  })
})
