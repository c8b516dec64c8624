import { describe, expect, it } from 'vitest'
import { markCitedNotes } from './cited-notes.js'
import { block } from './test-helpers.js'
import type { Block, Line, PageLayout } from './types.js'

function page(blocks: Block[]): PageLayout {
  return {
    number: 1,
    width: 612,
    height: 792,
    blocks,
    chars: 1,
    unreliableChars: 0,
    blank: false,
    cleanLayout: true,
  }
}

/** Body-size prose whose first line cites `mark`, and a body-size note at `top` that opens with `note`. */
function citingPage(mark: string, note: string, top: number): Block[] {
  const prose = block(['Leakage fell by 11 percent compared with 2024.'], 72, 300)
  ;(prose.lines[0] as Line).citedMarks = [mark]
  const foot = block([`${note} Leakage is measured as a rolling average.`], 72, top)
  ;(foot.lines[0] as Line).openingMark = note
  return [prose, foot]
}

describe('markCitedNotes', () => {
  it('takes a body-size block at the foot of the page that opens with a mark cited above for a note', () => {
    const blocks = citingPage('1', '1', 700)
    markCitedNotes(page(blocks), 0.6)
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'footnote'])
  })

  it('leaves a block whose mark nothing above cites, or that stands high on the page', () => {
    const uncited = citingPage('2', '1', 700)
    markCitedNotes(page(uncited), 0.6)
    expect(uncited.map((b) => b.kind)).toEqual(['paragraph', 'paragraph'])
    const high = citingPage('1', '1', 400)
    markCitedNotes(page(high), 0.6)
    expect(high.map((b) => b.kind)).toEqual(['paragraph', 'paragraph'])
  })
})
