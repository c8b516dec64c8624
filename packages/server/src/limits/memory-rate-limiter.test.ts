import { describe, expect, it } from 'vitest'
import { createMemoryRateLimiter } from './memory-rate-limiter.js'

describe('memory rate limiter', () => {
  it('counts per key in fixed windows and says when they reset', async () => {
    let nowMs = 120_000 + 15_000 // 15 s into a minute
    const limiter = createMemoryRateLimiter({ clock: () => nowMs })
    const hits = []
    for (let i = 0; i < 4; i++) hits.push(await limiter.hit('key:a', 3, 60_000))
    expect(hits.map((hit) => [hit.allowed, hit.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ])
    expect(hits[3]?.resetMs).toBe(45_000)
    expect(await limiter.hit('key:b', 3, 60_000)).toMatchObject({ allowed: true, remaining: 2 })
    nowMs += 45_000
    expect(await limiter.hit('key:a', 3, 60_000)).toMatchObject({
      allowed: true,
      remaining: 2,
      resetMs: 60_000,
    })
  })

  it('keeps windows of different lengths apart and drops old counters', async () => {
    let nowMs = 0
    const limiter = createMemoryRateLimiter({ clock: () => nowMs })
    await limiter.hit('k', 1, 1_000)
    expect(await limiter.hit('k', 1, 60_000)).toMatchObject({ allowed: true })
    expect(await limiter.hit('k', 1, 1_000)).toMatchObject({ allowed: false })
    nowMs = 3_600_000
    expect(await limiter.hit('k', 1, 1_000)).toMatchObject({ allowed: true })
  })

  it('refuses nonsense limits', async () => {
    const limiter = createMemoryRateLimiter()
    await expect(limiter.hit('k', -1, 1000)).rejects.toThrow(RangeError)
    await expect(limiter.hit('k', 1, 0)).rejects.toThrow(RangeError)
  })
})
