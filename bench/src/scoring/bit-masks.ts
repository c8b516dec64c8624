/** Per-symbol match masks of a sequence: bit i of word i >>> 5 is set where the sequence has that symbol (int32 words, which V8 keeps unboxed). */
export interface MatchMasks {
  /** Number of 32-bit words per mask. */
  readonly words: number
  /** Mask of each symbol present in the sequence. */
  readonly bySymbol: Map<number, Int32Array>
}

/** Builds the match masks that the bit-parallel LCS and Levenshtein recurrences scan with. */
export function buildMatchMasks(sequence: Int32Array): MatchMasks {
  const words = Math.max(1, (sequence.length + 31) >>> 5)
  const bySymbol = new Map<number, Int32Array>()
  for (let i = 0; i < sequence.length; i++) {
    const symbol = sequence[i] as number
    let mask = bySymbol.get(symbol)
    if (mask === undefined) {
      mask = new Int32Array(words)
      bySymbol.set(symbol, mask)
    }
    mask[i >>> 5] = (mask[i >>> 5] as number) | (1 << (i & 31))
  }
  return { words, bySymbol }
}
