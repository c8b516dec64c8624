import { describe, expect, it } from 'vitest'
import { percentile } from './percentile'

describe('percentile', () => {
  it('takes the nearest rank of the sorted values', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6]
    expect(percentile(values, 0.5)).toBe(5)
    expect(percentile(values, 0.99)).toBe(10)
    expect(percentile(values, 0.1)).toBe(1)
    expect(percentile([0.25, 0.75], 0.5)).toBe(0.25)
  })

  it('is NaN without values and refuses fractions outside (0, 1]', () => {
    expect(percentile([], 0.5)).toBeNaN()
    expect(() => percentile([1], 0)).toThrow(RangeError)
    expect(() => percentile([1], 1.5)).toThrow(RangeError)
  })
})
