import { describe, expect, it } from 'vitest'
import { connectionsOf, summarizeLoad } from './load-run'

describe('connectionsOf', () => {
  it('shares connections out evenly, the first targets taking the remainder', () => {
    expect([0, 1].map((index) => connectionsOf(index, 2, 10))).toEqual([5, 5])
    expect([0, 1].map((index) => connectionsOf(index, 2, 5))).toEqual([3, 2])
    expect(connectionsOf(0, 1, 10)).toBe(10)
  })

  it('gives every target at least one', () => {
    expect([0, 1].map((index) => connectionsOf(index, 2, 1))).toEqual([1, 1])
  })
})

describe('summarizeLoad', () => {
  it('takes several runs as one run of their summed length', () => {
    const figures = summarizeLoad([
      { seconds: 2, statuses: { '200': 150, '429': 10 }, errors: 1, latenciesMs: [1, 2, 3] },
      { seconds: 2, statuses: { '200': 40 }, errors: 0, latenciesMs: [4, 5, 6, 7] },
    ])
    expect(figures.seconds).toBe(4)
    expect(figures.responses).toBe(200)
    expect(figures.requestsPerSecond).toBe(50)
    expect(figures.non2xx).toBe(10)
    expect(figures.errors).toBe(1)
    expect(figures.statuses).toEqual({ '200': 190, '429': 10 })
    expect([figures.p50Ms, figures.p99Ms]).toEqual([4, 7])
  })
})
