/** Anything set on the page in a box: a line or a block. */
export interface Boxed {
  left: number
  top: number
  right: number
  bottom: number
  fontSize: number
}

/** The box around some lines or blocks, and the largest type among them. */
export interface Extent {
  left: number
  top: number
  right: number
  bottom: number
  em: number
}

/** The extent of `items`; for none, an empty box (left and top +Infinity, the rest -Infinity). */
export function extentOf(items: readonly Boxed[]): Extent {
  let left = Number.POSITIVE_INFINITY
  let top = Number.POSITIVE_INFINITY
  let right = Number.NEGATIVE_INFINITY
  let bottom = Number.NEGATIVE_INFINITY
  let em = Number.NEGATIVE_INFINITY
  for (const item of items) {
    if (item.left < left) left = item.left
    if (item.top < top) top = item.top
    if (item.right > right) right = item.right
    if (item.bottom > bottom) bottom = item.bottom
    if (item.fontSize > em) em = item.fontSize
  }
  return { left, top, right, bottom, em }
}

/** The white space between the lowest of the items `above` and the highest of `below`. */
export function gapBetween(above: readonly Boxed[], below: readonly Boxed[]): number {
  return extentOf(below).top - extentOf(above).bottom
}

/**
 * The white space between the lowest of the items `above` and the highest of `below`, in ems of
 * the largest type `below`: each side measured once.
 */
export function gapInEms(above: readonly Boxed[], below: readonly Boxed[]): number {
  const lower = extentOf(below)
  return (lower.top - extentOf(above).bottom) / lower.em
}

/** The median type size of `items`, or `fallback` for none. */
export function medianFontSize(items: readonly { fontSize: number }[], fallback = 10): number {
  const sizes = items.map((item) => item.fontSize).sort((p, q) => p - q)
  return sizes[sizes.length >> 1] ?? fallback
}

/** Whether the middle of `item` lies strictly inside `box`. */
export function middleWithin(item: Boxed, box: Omit<Extent, 'em'>): boolean {
  const x = (item.left + item.right) / 2
  const y = (item.top + item.bottom) / 2
  return x > box.left && x < box.right && y > box.top && y < box.bottom
}

/** Whether `item` stands level with `other`, wholly left or right of it: side by side on a row. */
export function standsBeside(
  item: Omit<Boxed, 'fontSize'>,
  other: Omit<Boxed, 'fontSize'>,
): boolean {
  return (
    item.top < other.bottom &&
    other.top < item.bottom &&
    (item.left >= other.right || item.right <= other.left)
  )
}
