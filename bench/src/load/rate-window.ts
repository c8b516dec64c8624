/**
 * Milliseconds to wait so that at least `neededMs` remain in the current fixed window of
 * `windowMs` (windows start at multiples of `windowMs` since the epoch, as the rate limiters
 * count them): 0 when enough remain, else until just past the next window's start.
 */
export function waitForRoomMs(nowMs: number, windowMs: number, neededMs: number): number {
  const remainingMs = windowMs - (nowMs % windowMs)
  // A little past the boundary, for clocks that read a few milliseconds apart.
  return remainingMs >= neededMs ? 0 : remainingMs + 250
}

/** Index of the fixed window of `windowMs` that `nowMs` falls in. */
export function windowIndex(nowMs: number, windowMs: number): number {
  return Math.floor(nowMs / windowMs)
}
