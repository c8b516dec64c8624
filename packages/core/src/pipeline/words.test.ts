import { describe, expect, it } from 'vitest'
import { countWords } from './words.js'

describe('countWords', () => {
  it('counts runs of characters between white space of any kind, as a split at it does', () => {
    for (const text of [
      'Hypertension is  common',
      ' leading\tand trailing ',
      'a\u00a0b c',
      'één woord',
    ]) {
      expect(countWords(text)).toBe(text.trim().split(/\s+/).length)
    }
    expect(countWords('')).toBe(0)
  })
})
