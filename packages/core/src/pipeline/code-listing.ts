import type { Block } from './types.js'

/**
 * The blank lines within a code listing leave at most this many font sizes between its blocks:
 * two blank lines, as Python's style sets apart its top-level functions.
 */
const CODE_GAP_EM = 3.2
/** Lines set solid may reach this many font sizes into the line above. */
const LINE_OVERLAP_EM = 0.3
/** Type of one size differs by at most this share of it. */
const SAME_SIZE_EM = 0.05

/**
 * Whether `lower` goes on with a listing, right under it or after blank lines: typewriter type in
 * the size of the listing's last block, in any of its faces (highlighted code sets keywords in
 * bold and comments in italic, and its blocks part wherever a line's main face changes), below
 * it, in its column and no further left than the listing's leftmost line (a function after its
 * "import random", the next function after the first, a method after the indented body of the
 * one before). Read right after it, it goes on over a page break at the next page's top: nothing
 * but running heads and notes came between.
 */
export function continuesListing(listing: readonly Block[], lower: Block): boolean {
  const upper = listing[listing.length - 1]
  if (upper === undefined) return false
  let left = upper.left
  for (const block of listing) left = Math.min(left, block.left)
  const below =
    lower.page === upper.page
      ? lower.top > upper.bottom - LINE_OVERLAP_EM * upper.fontSize &&
        lower.top - upper.bottom < CODE_GAP_EM * upper.fontSize
      : lower.page === upper.page + 1
  return (
    below &&
    lower.monospace &&
    Math.abs(lower.fontSize - upper.fontSize) <= SAME_SIZE_EM * upper.fontSize &&
    lower.left > left - 0.5 * upper.fontSize &&
    lower.left < upper.right
  )
}
