import { describe, expect, it } from 'vitest'
import { randomString, seededRandom } from '../testing/seeded-random'
import { levenshtein, normalizedLevenshtein } from './levenshtein'

function naiveLevenshtein(a: string, b: string): number {
  const x = Array.from(a)
  const y = Array.from(b)
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j)
  for (let i = 1; i <= x.length; i++) {
    const cur = [i]
    for (let j = 1; j <= y.length; j++) {
      const substitute = (prev[j - 1] as number) + (x[i - 1] === y[j - 1] ? 0 : 1)
      cur[j] = Math.min(substitute, (prev[j] as number) + 1, (cur[j - 1] as number) + 1)
    }
    prev = cur
  }
  return prev[y.length] as number
}

describe('levenshtein', () => {
  it('knows the textbook cases', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3)
    expect(levenshtein('', 'abc')).toBe(3)
    expect(levenshtein('flaw', 'lawn')).toBe(2)
  })

  it('agrees with the quadratic DP across 32-bit block boundaries', () => {
    const random = seededRandom(3)
    for (let round = 0; round < 300; round++) {
      const a = randomString(random, Math.floor(random() * 150), 'ab😀 ')
      const b = randomString(random, Math.floor(random() * 150), 'abc😀')
      expect(levenshtein(a, b)).toBe(naiveLevenshtein(a, b))
    }
  })
})

describe('normalizedLevenshtein', () => {
  it('divides by the longer length in code points', () => {
    expect(normalizedLevenshtein('abcd', 'abed')).toBe(0.25)
    expect(normalizedLevenshtein('😀😀', '😀')).toBe(0.5)
    expect(normalizedLevenshtein('', '')).toBe(0)
    expect(normalizedLevenshtein('', 'x')).toBe(1)
  })
})
