import { describe, expect, it } from 'vitest'
import { cycleClientAddresses } from './client-addresses'

describe('cycleClientAddresses', () => {
  it('gives `count` different addresses, then starts over', () => {
    const next = cycleClientAddresses(300)
    const seen = Array.from({ length: 300 }, next)
    expect(new Set(seen).size).toBe(300)
    expect(seen.slice(0, 2)).toEqual(['10.0.0.0', '10.0.0.1'])
    expect(seen[299]).toBe('10.0.1.43')
    expect(next()).toBe('10.0.0.0')
  })

  it('refuses counts it cannot give', () => {
    expect(() => cycleClientAddresses(0)).toThrow(RangeError)
    expect(() => cycleClientAddresses(65_537)).toThrow(RangeError)
  })
})
