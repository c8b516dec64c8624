/** The two sequences without their common prefix and suffix, which never change an edit distance. */
export function trimCommon(a: Int32Array, b: Int32Array): [Int32Array, Int32Array] {
  const shorter = Math.min(a.length, b.length)
  let start = 0
  while (start < shorter && a[start] === b[start]) start++
  let end = 0
  while (end < shorter - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++
  return [a.subarray(start, a.length - end), b.subarray(start, b.length - end)]
}
