import { describe, expect, it } from 'vitest'
import { cutAtRules } from './rule-crossings.js'
import { run } from './test-helpers.js'

const texts = (runs: ReturnType<typeof cutAtRules>) => runs.map((piece) => piece.text)

describe('cutAtRules', () => {
  // "Small-leaved lime 25 m", 22 glyphs of 5 pt from x = 58: the column rule stands at x = 147,
  // after "lime", where the text of the second cell begins.
  const row = run('Small-leaved lime 25 m', 58, 470, { right: 168 })

  it('cuts a run drawn across a column rule at the word space nearest the rule', () => {
    const pieces = cutAtRules(row, [147], () => true)
    expect(texts(pieces)).toEqual(['Small-leaved lime', '25 m'])
    expect(pieces.map((piece) => [piece.left, piece.right])).toEqual([
      [58, 147],
      [147, 168],
    ])
  })

  it('leaves a run whole under a cell spanning the rule, or where the rule crosses no word space', () => {
    expect(texts(cutAtRules(row, [147], () => false))).toEqual(['Small-leaved lime 25 m'])
    const word = run('Interdisciplinary', 58, 470, { right: 143 })
    expect(texts(cutAtRules(word, [100], () => true))).toEqual(['Interdisciplinary'])
    // A glyph overhanging the rule by less than half an em is no crossing.
    expect(texts(cutAtRules(row, [165], () => true))).toEqual(['Small-leaved lime 25 m'])
  })

  it('cuts at every rule a run crosses', () => {
    const three = run('Norway maple 20 m Lobed', 58, 470, { right: 173 })
    expect(texts(cutAtRules(three, [121, 145], () => true))).toEqual([
      'Norway maple',
      '20 m',
      'Lobed',
    ])
  })
})
