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

  it('keeps the hyphen where a phrase linked by hyphens breaks after its small word', () => {
    expect(joinLines(['games such as pat-a-', 'cake and chase'])).toBe(
      'games such as pat-a-cake and chase',
    )
    expect(joinLines(['a state-of-the-', 'art method'])).toBe('a state-of-the-art method')
    // A compound hyphenated within one of its words is still joined there.
    expect(joinLines(['not mass-pro-', 'duced'])).toBe('not mass-produced')
  })

  it('keeps a hyphen the document writes inside lines elsewhere', () => {
    const hyphenated = collectHyphenatedWords(['the decision-making process is slow'])
    expect(joinLines(['our decision-', 'making'], hyphenated)).toBe('our decision-making')
    expect(joinLines(['our decision-', 'making'])).toBe('our decisionmaking')
  })
})
