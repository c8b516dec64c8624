import { buildMatchMasks } from './bit-masks'
import { toCodePoints } from './code-points'
import { trimCommon } from './trim-common'

/**
 * Unit-cost Levenshtein distance in code points: Myers' bit-vector algorithm, in Hyyrö's
 * block form over 32-bit words, where the horizontal delta leaving one block enters the next.
 */
export function levenshteinCodePoints(a: Int32Array, b: Int32Array): number {
  const [x, y] = trimCommon(a, b)
  if (x.length === 0) return y.length
  if (y.length === 0) return x.length
  const [pattern, text] = x.length > y.length ? [y, x] : [x, y]
  const { words, bySymbol } = buildMatchMasks(pattern)
  const positive = new Int32Array(words).fill(-1)
  const negative = new Int32Array(words)
  const last = words - 1
  const lastBit = (pattern.length - 1) & 31
  const empty = new Int32Array(words)
  let distance = pattern.length
  for (let j = 0; j < text.length; j++) {
    const masks = bySymbol.get(text[j] as number) ?? empty
    // row 0 of the matrix is 0, 1, 2, ...: the delta entering the first block is +1
    let carryIn = 1
    for (let w = 0; w <= last; w++) {
      let eq = masks[w] as number
      const pv = positive[w] as number
      const mv = negative[w] as number
      const xv = eq | mv
      eq |= carryIn >>> 31 // a -1 entering the block acts as a match in its first row
      const xh = (((eq & pv) + pv) ^ pv) | eq
      let ph = mv | ~(xh | pv)
      let mh = pv & xh
      // the last block reports the delta at the pattern's last row, not at its padding
      const top = w === last ? lastBit : 31
      const carryOut = ((ph >>> top) & 1) - ((mh >>> top) & 1)
      // branch-free: (carryIn + 1) >>> 1 is 1 only for +1, carryIn >>> 31 only for -1
      ph = (ph << 1) | ((carryIn + 1) >>> 1)
      mh = (mh << 1) | (carryIn >>> 31)
      positive[w] = mh | ~(xv | ph)
      negative[w] = ph & xv
      carryIn = carryOut
    }
    distance += carryIn
  }
  return distance
}

/** Unit-cost Levenshtein distance between two strings, counted in code points. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0
  return levenshteinCodePoints(toCodePoints(a), toCodePoints(b))
}

/** Levenshtein distance divided by the longer length (code points); 0 for two empty strings. */
export function normalizedLevenshtein(a: string, b: string): number {
  if (a === b) return 0
  const x = toCodePoints(a)
  const y = toCodePoints(b)
  return levenshteinCodePoints(x, y) / Math.max(x.length, y.length, 1)
}
