import type { Table } from '@pdfx/schema'
import { captionLabel } from './caption.js'
import { plainText } from './classify.js'
import type { Block, PageLayout } from './types.js'

/**
 * Marks tables that go on from one page to the next: the first body block of a page, after the
 * table's caption repeated ("Table 3 (continued)"), is a table with as many columns as the table
 * that ended the previous page's body. A continuation that starts by repeating the header rows
 * of the table it continues gets them counted as its header.
 */
export function markContinuedTables(pages: readonly PageLayout[]): void {
  // A continuation's own header rows are rewritten below, so later pages compare their first
  // rows with the header of the table that started on an earlier page.
  const origins = new Map<Block, Table>()
  for (let i = 1; i < pages.length; i++) {
    const before = (pages[i - 1] as PageLayout).blocks
    const last = lastBodyIndex(before, before.length)
    const previous = before[last]
    if (!previous?.table) continue
    const caption = before[lastBodyIndex(before, last)]
    const after = (pages[i] as PageLayout).blocks
    const first = firstBodyIndex(after, 0)
    let next = after[first]
    if (caption?.kind === 'caption' && next?.kind === 'caption') {
      const label = captionLabel(plainText(caption))
      if (label !== undefined && captionLabel(plainText(next)) === label) {
        next = after[firstBodyIndex(after, first + 1)]
      }
    }
    if (!next?.table) continue
    if (previous.table.columns !== next.table.columns) continue
    next.continued = true
    const origin = origins.get(previous) ?? previous.table
    origins.set(next, origin)
    if (repeatsHeader(origin, next.table)) {
      next.table.headerRows = origin.headerRows
    } else if (origin.headerRows > 0) {
      // The rows were cut by the page break: the continuation has no header of its own.
      next.table.headerRows = 0
    }
  }
}

const isBody = (block: Block) =>
  block.kind !== 'header' && block.kind !== 'footer' && block.kind !== 'footnote'

/** The index of the first body block from `from` on (-1 for none). */
function firstBodyIndex(blocks: readonly Block[], from: number): number {
  for (let k = from; k < blocks.length; k++) if (isBody(blocks[k] as Block)) return k
  return -1
}

/** The index of the last body block before `before` (-1 for none). */
function lastBodyIndex(blocks: readonly Block[], before: number): number {
  for (let k = before - 1; k >= 0; k--) if (isBody(blocks[k] as Block)) return k
  return -1
}

/** Whether `next` opens with the header rows of `table`, word for word (case and spacing aside). */
export function repeatsHeader(table: Table, next: Table): boolean {
  const count = table.headerRows
  return count > 0 && rowTexts(next, count) === rowTexts(table, count)
}

/** The text of the first `count` rows, to compare headers. */
function rowTexts(table: Table, count: number): string {
  return table.cells
    .filter((cell) => cell.row < count)
    .map((cell) => cell.text.toLowerCase().replace(/\s+/g, ' '))
    .join('\t')
}
