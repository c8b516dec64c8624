/**
 * Returns a function giving IPv4 addresses `10.0.x.y` in turn, `count` different ones (at most
 * 65 536), then the first again: the `X-Forwarded-For` of readers behind a trusted proxy, so that
 * a per-network limit sees many readers instead of one.
 */
export function cycleClientAddresses(count: number): () => string {
  if (!(Number.isInteger(count) && count >= 1 && count <= 65_536)) {
    throw new RangeError('count must be a whole number from 1 to 65536')
  }
  let next = 0
  return () => {
    const index = next
    next = (next + 1) % count
    return `10.0.${index >> 8}.${index & 255}`
  }
}
