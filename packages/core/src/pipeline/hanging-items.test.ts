import { describe, expect, it } from 'vitest'
import { markHangingNumberedItems } from './hanging-items.js'
import { block } from './test-helpers.js'
import type { Block } from './types.js'

/** A paragraph at x = 72 whose lines after the first start `hang` points further right. */
function hanging(texts: string[], y: number, hang: number): Block {
  const paragraph = block(texts, 72, y)
  for (const line of paragraph.lines.slice(1)) {
    line.left += hang
    line.right += hang
  }
  return paragraph
}

const kinds = (blocks: readonly Block[]) => blocks.map((b) => [b.kind, b.marker])

describe('markHangingNumberedItems', () => {
  it('lists paragraphs that open with the next bare number when their text hangs', () => {
    const blocks = [
      hanging(['1 Energy costs may rise by a third over the', 'winter months.'], 100, 18),
      hanging(['2 Two senior curators retire next year.'], 130, 18),
      hanging(['The trustees are asked to approve the plan.'], 160, 0),
    ]
    markHangingNumberedItems(blocks)
    expect(kinds(blocks)).toEqual([
      ['list-item', '1'],
      ['list-item', '2'],
      ['paragraph', undefined],
    ])
  })

  it("lists an agenda's numbered titles of one line, each over a paragraph under its text", () => {
    const under = (text: string, y: number) => block([text], 100.9, y)
    const blocks = [
      block(['1 Apologies for absence . . . . . . . . . . . . -'], 64.9, 158),
      under('To receive apologies for absence and notification of substitutes.', 171),
      block(['2 Minutes of the previous meeting . . . . . . 3 - 12'], 64.9, 195),
      under('To approve as a correct record the minutes of the meeting.', 208),
    ]
    markHangingNumberedItems(blocks)
    expect(kinds(blocks)).toEqual([
      ['list-item', '1'],
      ['paragraph', undefined],
      ['list-item', '2'],
      ['paragraph', undefined],
    ])
  })

  it('leaves numbered rows of one line each, numbers out of sequence and flush lines alone', () => {
    const rows = [block(['1 Oslo 709,000'], 72, 100), block(['2 Bergen 291,000'], 72, 114)]
    const skipping = [
      hanging(['1 Energy costs may rise by a third over the', 'winter months.'], 100, 18),
      hanging(['3 Two senior curators retire next year.'], 130, 18),
    ]
    const flush = [
      hanging(['1 Energy costs may rise by a third over the', 'winter months.'], 100, 0),
      hanging(['2 Two senior curators retire next year.'], 130, 0),
    ]
    for (const blocks of [rows, skipping, flush]) {
      markHangingNumberedItems(blocks)
      expect(blocks.every((b) => b.kind === 'paragraph')).toBe(true)
    }
  })
})
