import { describe, expect, it } from 'vitest'
import { randomString, seededRandom } from '../testing/seeded-random'
import { toCodePoints } from './code-points'
import { indelDistance, indelSimilarity, lcsLength } from './indel'

function naiveLcs(a: string, b: string): number {
  const x = Array.from(a)
  const y = Array.from(b)
  let prev = new Array<number>(y.length + 1).fill(0)
  for (const cx of x) {
    const cur = [0]
    for (let j = 1; j <= y.length; j++) {
      cur[j] =
        cx === y[j - 1]
          ? (prev[j - 1] as number) + 1
          : Math.max(prev[j] as number, cur[j - 1] as number)
    }
    prev = cur
  }
  return prev[y.length] as number
}

describe('lcsLength', () => {
  it('agrees with the quadratic DP across word boundaries', () => {
    const random = seededRandom(1)
    for (let round = 0; round < 300; round++) {
      const a = randomString(random, Math.floor(random() * 140), 'abc😀 ')
      const b = randomString(random, Math.floor(random() * 140), 'abcd😀')
      expect(lcsLength(toCodePoints(a), toCodePoints(b))).toBe(naiveLcs(a, b))
    }
  })
})

describe('indelDistance', () => {
  it('counts insertions and deletions only', () => {
    expect(indelDistance('kitten', 'sitting')).toBe(5)
    expect(indelDistance('', 'abc')).toBe(3)
    expect(indelDistance('same', 'same')).toBe(0)
  })
})

describe('indelSimilarity', () => {
  it('is 1 - indel / total length, and 1 for two empty strings', () => {
    expect(indelSimilarity('abc', 'abd')).toBe(1 - 2 / 6)
    expect(indelSimilarity('', '')).toBe(1)
    expect(indelSimilarity('abc', '')).toBe(0)
  })

  it('measures in code points', () => {
    expect(indelSimilarity('😀', '😀a')).toBe(1 - 1 / 3)
  })

  it('handles documents of 20 000 characters quickly', () => {
    const random = seededRandom(2)
    const a = randomString(random, 20000, 'abcdefghij ')
    const b = a.slice(0, 9000) + randomString(random, 2000, 'xyz') + a.slice(10000)
    const started = performance.now()
    expect(indelSimilarity(a, b)).toBeGreaterThan(0.9)
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
