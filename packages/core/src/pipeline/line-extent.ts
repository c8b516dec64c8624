import type { Line } from './types.js'

/** The box around some lines, and the largest type among them. */
export interface LineExtent {
  left: number
  top: number
  right: number
  bottom: number
  em: number
}

/** The extent of `lines`; for none, an empty box (left and top +Infinity, the rest -Infinity). */
export function extentOf(lines: readonly Line[]): LineExtent {
  let left = Number.POSITIVE_INFINITY
  let top = Number.POSITIVE_INFINITY
  let right = Number.NEGATIVE_INFINITY
  let bottom = Number.NEGATIVE_INFINITY
  let em = Number.NEGATIVE_INFINITY
  for (const line of lines) {
    if (line.left < left) left = line.left
    if (line.top < top) top = line.top
    if (line.right > right) right = line.right
    if (line.bottom > bottom) bottom = line.bottom
    if (line.fontSize > em) em = line.fontSize
  }
  return { left, top, right, bottom, em }
}

/** The white space between the lowest of the lines `above` and the highest of `below`. */
export function gapBetween(above: readonly Line[], below: readonly Line[]): number {
  return extentOf(below).top - extentOf(above).bottom
}
