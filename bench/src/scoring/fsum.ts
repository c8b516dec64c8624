// Python's statistics.fmean divides math.fsum, an exactly rounded sum, by the count. A plain
// left-to-right sum can differ in the last bit, so the corpus means use the same exact sum.

/** Exactly rounded sum of finite numbers (Shewchuk's partials, as Python's `math.fsum`). */
export function fsum(values: Iterable<number>): number {
  const partials: number[] = []
  for (const value of values) {
    let x = value
    let kept = 0
    for (const partial of partials) {
      let y = partial
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x]
      const hi = x + y
      const lo = y - (hi - x)
      if (lo !== 0) partials[kept++] = lo
      x = hi
    }
    partials.length = kept
    partials.push(x)
  }
  let n = partials.length
  if (n === 0) return 0
  let hi = partials[--n] as number
  let lo = 0
  while (n > 0) {
    const x = hi
    const y = partials[--n] as number
    hi = x + y
    lo = y - (hi - x)
    if (lo !== 0) break
  }
  // round half to even across the remaining partials, which the last addition cannot see
  const next = partials[n - 1]
  if (n > 0 && next !== undefined && ((lo < 0 && next < 0) || (lo > 0 && next > 0))) {
    const y = lo * 2
    const x = hi + y
    if (y === x - hi) hi = x
  }
  return hi
}

/** Mean as Python's `statistics.fmean`: the exactly rounded sum divided by the count. */
export function fmean(values: readonly number[]): number {
  return fsum(values) / values.length
}
