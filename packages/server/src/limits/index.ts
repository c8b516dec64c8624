// Request rate limits: one interface, an in-process and a Redis implementation, and the policy.
export { createMemoryRateLimiter } from './memory-rate-limiter.js'
export {
  DEFAULT_LIMITS,
  type ExtractionLimits,
  type LimitOverrides,
  type RateTier,
  resolveLimits,
} from './policy.js'
export type { Clock, RateLimiter, RateLimitHit } from './rate-limiter.js'
export {
  createRedisRateLimiter,
  DEFAULT_REDIS_KEY_PREFIX,
  type RedisRateLimiterOptions,
} from './redis-rate-limiter.js'
