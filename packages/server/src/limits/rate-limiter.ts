/** Instants in milliseconds since the Unix epoch, like `Date.now`; tests pass their own. */
export type Clock = () => number

/** What one counted request found in its window. */
export interface RateLimitHit {
  /** False once the window already holds `limit` requests: refuse this one. */
  allowed: boolean
  limit: number
  /** Requests still allowed in this window after this one. */
  remaining: number
  /** Time until the window ends and the count starts afresh, in milliseconds. */
  resetMs: number
}

/**
 * Counts requests per key in fixed windows that start at multiples of the window length since the
 * epoch, so instances sharing a counter agree on the window without talking to each other (their
 * clocks must agree to within a second or so, which NTP gives).
 */
export interface RateLimiter {
  /** Counts one request under `key` in the current window of `windowMs` milliseconds. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitHit>
  /** Releases timers and connections the limiter owns. */
  close(): Promise<void>
}

/** The window an instant falls into, and how long until it ends, in milliseconds. */
export function currentWindow(nowMs: number, windowMs: number): { index: number; resetMs: number } {
  const index = Math.floor(nowMs / windowMs)
  return { index, resetMs: (index + 1) * windowMs - nowMs }
}

/** Turns a count (this request included) into a hit. */
export function toHit(count: number, limit: number, resetMs: number): RateLimitHit {
  return { allowed: count <= limit, limit, remaining: Math.max(limit - count, 0), resetMs }
}

/** Refuses limits and windows that would make every request pass or fail by accident. */
export function assertLimitArguments(limit: number, windowMs: number): void {
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw new RangeError(`limit must be a whole number ≥ 0, got ${limit}`)
  }
  if (!Number.isSafeInteger(windowMs) || windowMs < 1) {
    throw new RangeError(`windowMs must be a whole number ≥ 1, got ${windowMs}`)
  }
}
