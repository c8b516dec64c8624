import type { Line } from './types.js'

/** A row's next field stands at least this many font sizes right of the end of its text. */
const FIELD_APART_EMS = 4

/**
 * Whether `field` stands in a row with `line`: level with it and far right of its end, further
 * than a gutter between columns (a résumé's dates at the page's edge beside a degree).
 */
export function standsFarRightOf(field: Line, line: Line): boolean {
  const em = line.fontSize
  return (
    Math.abs(field.baseline - line.baseline) < 0.3 * em &&
    field.left - line.right >= FIELD_APART_EMS * em
  )
}
