import type { Line } from './types.js'

/**
 * Counts rows that look like table rows: three or more separate cells on one baseline, at least
 * two of them short and numeric. Prose never looks like that; a table flattened into text does.
 */
export function countTableLikeRows(lines: readonly Line[]): number {
  const byBaseline = new Map<number, Line[]>()
  for (const line of lines) {
    const key = Math.round(line.baseline / 2)
    const row = byBaseline.get(key)
    if (row) row.push(line)
    else byBaseline.set(key, [line])
  }
  let rows = 0
  for (const row of byBaseline.values()) {
    if (row.length < 3) continue
    const numeric = row.filter((line) => line.text.length < 24 && /\d/.test(line.text)).length
    if (numeric >= 2) rows += row.length
  }
  return rows
}
