import type { Block, PageLayout } from './types.js'

/**
 * A note that word processors set in the body's own type is no small print, but it still opens
 * with a raised mark that the text above it cites: "…compared with 2024.¹" on the page, then
 * "¹ Leakage is measured …" at its foot. Such a block in the lower part of the page is a
 * footnote, so the paragraph or list it cuts off reads on past it.
 */
export function markCitedNotes(page: PageLayout, zoneTop: number): void {
  for (const block of page.blocks) {
    if (block.kind !== 'paragraph' && block.kind !== 'list-item') continue
    const mark = block.lines[0]?.openingMark
    if (mark === undefined || block.top < page.height * zoneTop) continue
    if (isCitedAbove(page.blocks, block, mark)) block.kind = 'footnote'
  }
}

function isCitedAbove(blocks: readonly Block[], note: Block, mark: string): boolean {
  for (const block of blocks) {
    if (block === note || block.kind === 'footnote') continue
    for (const line of block.lines) {
      if (line.bottom <= note.top && line.citedMarks?.includes(mark)) return true
    }
  }
  return false
}
