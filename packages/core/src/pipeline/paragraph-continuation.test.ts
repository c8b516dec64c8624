import { describe, expect, it } from 'vitest'
import { continuesParagraph } from './paragraph-continuation.js'
import { block } from './test-helpers.js'

/** Two lines of prose as wide as each other: a paragraph that fills its measure. */
const FULL = [
  'the surveyors walked the north shore at low',
  'water and counted every pool they found and',
]

describe('continuesParagraph', () => {
  it('joins a paragraph cut mid-sentence at a page break, and one cut by a gap in its column', () => {
    const cut = block(FULL, 72, 700)
    expect(continuesParagraph(cut, block(['measured its depth.'], 72, 80, { page: 2 }))).toBe(true)
    expect(continuesParagraph(cut, block(['measured its depth.'], 72, 740))).toBe(true)
  })

  it('keeps the lines of a letter apart: its signature, its "cc:" and its "encl:" lines', () => {
    const signature = block(['Jane Harper', 'Head of Estates'], 250, 513)
    const copy = block(['cc: Harbour Master'], 72, 549)
    const enclosure = block(['encl: Schedule of fees 2027'], 72, 570)
    // "cc:" starts left of the signature; "encl:" would have fitted after "Harbour Master".
    expect(continuesParagraph(signature, copy)).toBe(false)
    expect(continuesParagraph(copy, enclosure)).toBe(false)
  })
})
