import { toCodePoints } from '../scoring/code-points'

// Python's difflib.SequenceMatcher(None, a, b, autojunk).ratio() over the code points of two
// strings: the table scorer (../shared/tools/table_score.py) compares cell texts with it, and its
// matching blocks are not a longest common subsequence, so no other similarity gives its numbers.
// The blocks come from recursive "longest matching block, then the parts left and right of it";
// with autojunk, elements of a second string of 200 or more that occur in more than 1% of it
// (+1) are "popular": never the start of a match, only reached by extending one.

/** Positions of each element in the second string (ascending), minus the popular ones. */
function indexSecond(b: Int32Array, autojunk: boolean): Map<number, number[]> {
  const positions = new Map<number, number[]>()
  for (let j = 0; j < b.length; j++) {
    const code = b[j] as number
    const list = positions.get(code)
    if (list) list.push(j)
    else positions.set(code, [j])
  }
  if (autojunk && b.length >= 200) {
    const limit = Math.floor(b.length / 100) + 1
    for (const [code, list] of positions) if (list.length > limit) positions.delete(code)
  }
  return positions
}

/** `find_longest_match(alo, ahi, blo, bhi)` without junk: earliest in a, then earliest in b. */
function longestMatch(
  a: Int32Array,
  b: Int32Array,
  positions: Map<number, number[]>,
  alo: number,
  ahi: number,
  blo: number,
  bhi: number,
): [i: number, j: number, size: number] {
  let bestI = alo
  let bestJ = blo
  let bestSize = 0
  // run lengths of matches ending at (i - 1, j), keyed by j
  let previous = new Map<number, number>()
  for (let i = alo; i < ahi; i++) {
    const current = new Map<number, number>()
    for (const j of positions.get(a[i] as number) ?? []) {
      if (j < blo) continue
      if (j >= bhi) break
      const k = (previous.get(j - 1) ?? 0) + 1
      current.set(j, k)
      if (k > bestSize) {
        bestI = i - k + 1
        bestJ = j - k + 1
        bestSize = k
      }
    }
    previous = current
  }
  // popular elements cannot start a match but extend one on either side (nothing is junk here)
  while (bestI > alo && bestJ > blo && a[bestI - 1] === b[bestJ - 1]) {
    bestI--
    bestJ--
    bestSize++
  }
  while (
    bestI + bestSize < ahi &&
    bestJ + bestSize < bhi &&
    a[bestI + bestSize] === b[bestJ + bestSize]
  ) {
    bestSize++
  }
  return [bestI, bestJ, bestSize]
}

/** Total size of difflib's matching blocks of two code-point sequences. */
export function matchingCharacters(a: Int32Array, b: Int32Array, autojunk = true): number {
  const positions = indexSecond(b, autojunk)
  let matched = 0
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]]
  while (queue.length > 0) {
    const [alo, ahi, blo, bhi] = queue.pop() as [number, number, number, number]
    const [i, j, k] = longestMatch(a, b, positions, alo, ahi, blo, bhi)
    if (k === 0) continue
    matched += k
    if (alo < i && blo < j) queue.push([alo, i, blo, j])
    if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi])
  }
  return matched
}

/**
 * `difflib.SequenceMatcher(None, a, b, autojunk=autojunk).ratio()`: 2 × matched / total length,
 * in code points; 1 for two empty strings. Like difflib it is not symmetric in a and b.
 */
export function sequenceRatio(a: string, b: string, autojunk = true): number {
  const first = toCodePoints(a)
  const second = toCodePoints(b)
  const total = first.length + second.length
  if (total === 0) return 1
  return (2.0 * matchingCharacters(first, second, autojunk)) / total
}
