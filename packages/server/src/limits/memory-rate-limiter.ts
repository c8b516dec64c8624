import {
  assertLimitArguments,
  type Clock,
  currentWindow,
  type RateLimiter,
  toHit,
} from './rate-limiter.js'

interface Counter {
  windowMs: number
  index: number
  count: number
}

/**
 * A rate limiter for one process: fixed windows in a Map. Counters of past windows are dropped
 * at most once per minute, so memory follows the number of recently active keys.
 */
export function createMemoryRateLimiter(options: { clock?: Clock } = {}): RateLimiter {
  const clock = options.clock ?? Date.now
  const counters = new Map<string, Counter>()
  let lastSweepMs = clock()

  function sweep(nowMs: number): void {
    if (nowMs - lastSweepMs < 60_000) return
    lastSweepMs = nowMs
    for (const [key, counter] of counters) {
      if (currentWindow(nowMs, counter.windowMs).index !== counter.index) counters.delete(key)
    }
  }

  return {
    async hit(key, limit, windowMs) {
      assertLimitArguments(limit, windowMs)
      const nowMs = clock()
      sweep(nowMs)
      const { index, resetMs } = currentWindow(nowMs, windowMs)
      // The window length is part of the key: one key may be limited per minute and per hour.
      const id = `${windowMs}:${key}`
      let counter = counters.get(id)
      if (counter === undefined || counter.index !== index) {
        counter = { windowMs, index, count: 0 }
        counters.set(id, counter)
      }
      counter.count++
      return toHit(counter.count, limit, resetMs)
    },
    async close() {
      counters.clear()
    },
  }
}
