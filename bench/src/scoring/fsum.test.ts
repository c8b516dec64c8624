import { describe, expect, it } from 'vitest'
import { fmean, fsum } from './fsum'

describe('fsum', () => {
  it('is exactly rounded, like math.fsum', () => {
    expect(fsum(Array<number>(10).fill(0.1))).toBe(1)
    expect(fsum([1e100, 1, -1e100])).toBe(1)
    expect(fsum([])).toBe(0)
    // half-way case that a naive final rounding gets wrong: math.fsum gives 1.0000000000000002
    expect(fsum([1, 1e-16, 1e-16, 1e-16])).toBe(1.0000000000000002)
  })
})

describe('fmean', () => {
  it('divides the exact sum by the count, like statistics.fmean', () => {
    expect(fmean([0.1, 0.2, 0.3])).toBe(0.19999999999999998) // Python gives the same; a plain sum gives 0.20000000000000004
    expect(fmean([1, 0.5])).toBe(0.75)
  })
})
