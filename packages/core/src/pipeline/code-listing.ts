import type { Block } from './types.js'

/** The blank lines within a code listing leave at most this many font sizes between its blocks. */
const CODE_GAP_EM = 2.5

/**
 * Whether `lower` goes on with the listing that `upper` belongs to, after a blank line: the same
 * typewriter font, within two line heights below, in its column and no further left (a function
 * after its "import random", the next function after the first).
 */
export function continuesListing(upper: Block, lower: Block): boolean {
  return (
    lower.monospace &&
    lower.page === upper.page &&
    lower.fontId === upper.fontId &&
    lower.top > upper.bottom &&
    lower.top - upper.bottom < CODE_GAP_EM * upper.fontSize &&
    lower.left > upper.left - 0.5 * upper.fontSize &&
    lower.left < upper.right
  )
}
