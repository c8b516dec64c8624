import { buildMatchMasks } from './bit-masks'
import { toCodePoints } from './code-points'
import { trimCommon } from './trim-common'

/**
 * Length of the longest common subsequence, by the bit-vector recurrence of Allison-Dix and
 * Hyyrö (V' = (V + (V & M)) | (V & ~M)) on 32-bit words: O(len(a) * len(b) / 32).
 */
export function lcsLength(a: Int32Array, b: Int32Array): number {
  const [x, y] = trimCommon(a, b)
  const common = a.length - x.length
  if (x.length === 0 || y.length === 0) return common
  // the masks run over the longer sequence so the outer loop is the shorter one
  const [outer, inner] = x.length > y.length ? [y, x] : [x, y]
  const { words, bySymbol } = buildMatchMasks(inner)
  const v = new Int32Array(words).fill(-1)
  for (let i = 0; i < outer.length; i++) {
    const mask = bySymbol.get(outer[i] as number)
    if (mask === undefined) continue // no match: V stays as it is
    let carry = 0
    for (let w = 0; w < words; w++) {
      const vw = v[w] as number
      const mw = mask[w] as number
      const u = vw & mw
      // 32-bit add with carry in int32 arithmetic: the carry out is the top bit of
      // (a & b) | ((a | b) & ~sum), so no value leaves the int32 range
      const sum = (vw + u + carry) | 0
      carry = ((vw & u) | ((vw | u) & ~sum)) >>> 31
      v[w] = sum | (vw & ~mw)
    }
  }
  // every zero among the first inner.length bits of V is one matched symbol
  let ones = 0
  const fullWords = inner.length >>> 5
  for (let w = 0; w < fullWords; w++) ones += popCount(v[w] as number)
  const rest = inner.length & 31
  if (rest) ones += popCount((v[fullWords] as number) & ((1 << rest) - 1))
  return common + inner.length - ones
}

function popCount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555)
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  x = (x + (x >>> 4)) & 0x0f0f0f0f
  return Math.imul(x, 0x01010101) >>> 24
}

/** Indel distance (insertions and deletions only) between two strings, counted in code points. */
export function indelDistance(a: string, b: string): number {
  if (a === b) return 0
  const x = toCodePoints(a)
  const y = toCodePoints(b)
  return x.length + y.length - 2 * lcsLength(x, y)
}

/**
 * Normalized Indel similarity `1 - indel / (len a + len b)` in [0, 1] (1 for two empty strings),
 * with the same floating-point steps as rapidfuzz's `fuzz.ratio(a, b) / 100`.
 */
export function indelSimilarity(a: string, b: string): number {
  const x = toCodePoints(a)
  const y = toCodePoints(b)
  const total = x.length + y.length
  const norm = total ? (total - 2 * lcsLength(x, y)) / total : 0
  return ((1.0 - norm) * 100) / 100.0
}
