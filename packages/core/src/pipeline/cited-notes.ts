import type { Block, PageLayout } from './types.js'

/**
 * Whether a block opens a note that word processors set in the body's own type: no small print,
 * but it still opens with a raised mark that the text above it on the page cites ("…compared
 * with 2024.¹", then "¹ Leakage is measured …").
 */
export function opensCitedNote(block: Block, page: PageLayout): boolean {
  const mark = block.lines[0]?.openingMark
  if (mark === undefined) return false
  for (const other of page.blocks) {
    if (other === block || other.kind === 'footnote') continue
    for (const line of other.lines) {
      if (line.bottom <= block.top && line.citedMarks?.includes(mark)) return true
    }
  }
  return false
}
