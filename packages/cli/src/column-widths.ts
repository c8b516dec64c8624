/** Cell padding cli-table3 adds on each side, in characters. */
export const PADDING = 1
/** Narrowest a column is squeezed to, padding included. */
export const MIN_COLUMN_WIDTH = 8

/**
 * Column widths that fit `available` characters (borders included, one per column plus one):
 * the widest column gives up a character until the table fits or every column is at the
 * minimum. Narrow columns such as numbers keep their width; long prose columns wrap.
 */
export function fitColumnWidths(natural: readonly number[], available: number): number[] {
  const widths = [...natural]
  const total = () => widths.reduce((sum, width) => sum + width, 0) + widths.length + 1
  while (total() > available) {
    let widest = 0
    widths.forEach((width, index) => {
      if (width > (widths[widest] ?? 0)) widest = index
    })
    if ((widths[widest] ?? 0) <= MIN_COLUMN_WIDTH) break
    widths[widest] = (widths[widest] ?? 0) - 1
  }
  return widths
}
