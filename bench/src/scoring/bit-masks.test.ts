import { describe, expect, it } from 'vitest'
import { buildMatchMasks } from './bit-masks'

describe('buildMatchMasks', () => {
  it('sets one bit per position, spanning several words', () => {
    const sequence = new Int32Array(40).fill(7)
    sequence[33] = 9
    const { words, bySymbol } = buildMatchMasks(sequence)
    expect(words).toBe(2)
    expect([...(bySymbol.get(7) ?? [])]).toEqual([-1, 0xff & ~0b10])
    expect([...(bySymbol.get(9) ?? [])]).toEqual([0, 0b10])
  })
})
