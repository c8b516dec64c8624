import { PdfxError } from '@pdfx/schema'
import type { Redis } from 'ioredis'
import {
  assertLimitArguments,
  type Clock,
  currentWindow,
  type RateLimiter,
  toHit,
} from './rate-limiter.js'

/** Prefix of every key the limiter writes, so a shared Redis can tell them apart. */
export const DEFAULT_REDIS_KEY_PREFIX = 'pdfx:rate:'

/**
 * Extra lifetime of a window's key past the window's end, in milliseconds, so that an instance
 * whose clock runs a little behind still finds the count instead of starting a new one.
 */
const EXPIRY_SLACK_MS = 5_000

// INCR and the expiry in one script, so no key is ever left without an expiry (a crash between
// two separate commands would keep a counter forever).
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
`

type RedisWithHit = Redis & {
  pdfxRateHit(key: string, expiryMs: number): Promise<number>
}

/** Options of createRedisRateLimiter. */
export interface RedisRateLimiterOptions {
  /** Connected client; the limiter does not close it (its owner does). */
  redis: Redis
  clock?: Clock
  keyPrefix?: string
}

/**
 * A rate limiter whose counters live in Redis, so every instance of the server counts against the
 * same windows. A Redis failure refuses the request with `unavailable` rather than letting it
 * through unlimited.
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const clock = options.clock ?? Date.now
  const keyPrefix = options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX
  const redis = options.redis as RedisWithHit
  // defineCommand sends the script by its SHA and uploads it once when Redis does not know it.
  if (typeof redis.pdfxRateHit !== 'function') {
    redis.defineCommand('pdfxRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT })
  }

  return {
    async hit(key, limit, windowMs) {
      assertLimitArguments(limit, windowMs)
      const { index, resetMs } = currentWindow(clock(), windowMs)
      const redisKey = `${keyPrefix}${windowMs}:${index}:${key}`
      let count: number
      try {
        count = Number(await redis.pdfxRateHit(redisKey, resetMs + EXPIRY_SLACK_MS))
      } catch (error) {
        throw new PdfxError('unavailable', 'Rate limiting is unavailable; try again shortly.', {
          cause: error,
        })
      }
      return toHit(count, limit, resetMs)
    },
    async close() {},
  }
}
