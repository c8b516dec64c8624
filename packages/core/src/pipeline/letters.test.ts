import { describe, expect, it } from 'vitest'
import { countLetters } from './letters.js'

describe('countLetters', () => {
  it('counts the letters of plain ASCII, not digits, spaces or punctuation', () => {
    expect(countLetters('Table 3: Sales, 2021 [est.] @ `x` {y} ~z')).toBe(16)
    expect(countLetters('')).toBe(0)
    expect(countLetters('1,234.56 - 7%')).toBe(0)
  })

  it('counts letters of every script once a text leaves ASCII', () => {
    expect(countLetters('Zoë Brontë')).toBe(9)
    expect(countLetters('naïve café 東京 Москва')).toBe(17)
    // A letter outside the Basic Multilingual Plane is one letter, not two halves.
    expect(countLetters('𝐀𝐁 x')).toBe(3)
    expect(countLetters('€ 42 — ½')).toBe(0)
  })
})
