import { describe, expect, it } from 'vitest'
import { collectHyphenatedWords, joinLines } from './join-lines.js'

describe('joinLines', () => {
  it('undoes hyphenation at line ends', () => {
    expect(joinLines(['the tra-', 'dition lives'])).toBe('the tradition lives')
    expect(joinLines(['a soft\u00AD', 'hyphen'])).toBe('a softhyphen')
  })

  it('keeps hyphens before capitals and digits and after compound prefixes', () => {
    expect(joinLines(['COVID-', '19 rules'])).toBe('COVID-19 rules')
    expect(joinLines(['a well-', 'known fact'])).toBe('a well-known fact')
    expect(joinLines(['non-', 'European'])).toBe('non-European')
  })

  it('keeps a hyphen the document writes inside lines elsewhere', () => {
    const hyphenated = collectHyphenatedWords(['the decision-making process is slow'])
    expect(joinLines(['our decision-', 'making'], hyphenated)).toBe('our decision-making')
    expect(joinLines(['our decision-', 'making'])).toBe('our decisionmaking')
  })
})
