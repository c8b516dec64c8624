import { describe, expect, it } from 'vitest'
import { numberInWords } from './number-words.js'

describe('numberInWords', () => {
  it('reads numbers written in words up to ninety-nine, and nothing else', () => {
    expect(numberInWords('five')).toBe(5)
    expect(numberInWords('Ten')).toBe(10)
    expect(numberInWords('thirty')).toBe(30)
    expect(numberInWords('twenty-one')).toBe(21)
    expect(numberInWords('twenty-ten')).toBeUndefined()
    expect(numberInWords('well-known')).toBeUndefined()
    expect(numberInWords('period')).toBeUndefined()
  })
})
