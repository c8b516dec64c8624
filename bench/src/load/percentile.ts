/**
 * The nearest-rank percentile of `values` (`fraction` 0.5 for the median, 0.99 for p99): the
 * smallest value that at least that fraction of values is less than or equal to. NaN when empty.
 */
export function percentile(values: readonly number[], fraction: number): number {
  if (!(fraction > 0 && fraction <= 1)) throw new RangeError('fraction must be in (0, 1]')
  if (values.length === 0) return Number.NaN
  const sorted = Float64Array.from(values).sort()
  return sorted[Math.ceil(fraction * sorted.length) - 1] ?? Number.NaN
}
