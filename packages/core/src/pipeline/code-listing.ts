import type { Block } from './types.js'

/** The blank lines within a code listing leave at most this many font sizes between its blocks. */
const CODE_GAP_EM = 2.5

/**
 * Whether `lower` goes on with a listing, after a blank line: the same typewriter font as the
 * listing's last block, within two line heights below it, in its column and no further left than
 * the listing's leftmost line (a function after its "import random", the next function after the
 * first, a method after the indented body of the one before). Read right after it, it goes on
 * over a page break at the next page's top: nothing but running heads and notes came between.
 */
export function continuesListing(listing: readonly Block[], lower: Block): boolean {
  const upper = listing[listing.length - 1]
  if (upper === undefined) return false
  let left = upper.left
  for (const block of listing) left = Math.min(left, block.left)
  const below =
    lower.page === upper.page
      ? lower.top > upper.bottom && lower.top - upper.bottom < CODE_GAP_EM * upper.fontSize
      : lower.page === upper.page + 1
  return (
    below &&
    lower.monospace &&
    lower.fontId === upper.fontId &&
    lower.left > left - 0.5 * upper.fontSize &&
    lower.left < upper.right
  )
}
