/** A small deterministic PRNG (mulberry32) for randomized tests; returns floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A random string of the given length over an alphabet. */
export function randomString(random: () => number, length: number, alphabet: string): string {
  const chars = Array.from(alphabet)
  let out = ''
  for (let i = 0; i < length; i++) out += chars[Math.floor(random() * chars.length)]
  return out
}
