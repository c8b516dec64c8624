import { endsContentsEntry } from './blocks.js'
import type { Block } from './types.js'

/** A bare item number and the text after it: "1 Energy costs may rise". */
const BARE_NUMBER = /^(\d{1,3}) (?=\S)/
/** An item's text hangs between this many and `HANG_MAX_EM` ems right of its number. */
const HANG_MIN_EM = 0.5
const HANG_MAX_EM = 4

/**
 * Marks the numbered items of a list whose numbers have no period (ReportLab's numbered lists,
 * some legal styles): paragraphs one after another, each opening with the next number at the
 * same left edge, whose text hangs right of the number on every line after the first. At least
 * one item must run over lines, which shows the hang: a table's numbered rows, one line each,
 * stay rows.
 */
export function markHangingNumberedItems(blocks: readonly Block[]): void {
  for (let start = 0; start < blocks.length; ) {
    const first = blocks[start] as Block
    const items: Array<{ block: Block; number: number }> = []
    let hangs = false
    let end = start
    for (let i = start; i < blocks.length; i++) {
      const block = blocks[i] as Block
      const number = itemNumber(block)
      // A further paragraph of the item above stands under its text, as its wrapped lines do.
      if (number === undefined && items.length > 0 && hangsFrom(block, first)) {
        hangs = true
        continue
      }
      if (number === undefined || Math.abs(block.left - first.left) > 1) break
      const previous = items[items.length - 1]
      if (previous && number !== previous.number + 1) break
      const hang = hangOf(block)
      if (hang === false) break
      if (hang) hangs = true
      items.push({ block, number })
      end = i
    }
    if (items.length >= 2 && hangs) {
      for (const { block, number } of items) {
        block.kind = 'list-item'
        block.marker = String(number)
      }
    }
    // A list read goes on past its items' paragraphs; otherwise the next block is tried.
    start = items.length >= 2 && hangs ? end + 1 : start + Math.max(1, items.length)
  }
}

/**
 * Whether a paragraph starts right of an item's number by about the number's width. A contents
 * entry's sections hang so under its chapter's entry, and are no paragraphs of an item.
 */
function hangsFrom(block: Block, item: Block): boolean {
  const hang = block.left - item.left
  return (
    block.kind === 'paragraph' &&
    hang >= HANG_MIN_EM * item.fontSize &&
    hang <= HANG_MAX_EM * item.fontSize &&
    !block.lines.some((line) => endsContentsEntry(line.text))
  )
}

/** The number a paragraph opens with, when it opens with a bare one. */
function itemNumber(block: Block): number | undefined {
  if (block.kind !== 'paragraph' || block.standalone) return undefined
  const match = BARE_NUMBER.exec(block.lines[0]?.text ?? '')
  return match ? Number(match[1]) : undefined
}

/**
 * Whether a block's lines after the first all start at one edge, right of the first line's
 * start by about an item number's width: true when they do, undefined for a single line (no
 * evidence either way), false when they do not.
 */
function hangOf(block: Block): boolean | undefined {
  const [first, second] = block.lines
  if (!first || !second) return undefined
  const hang = second.left - first.left
  if (hang < HANG_MIN_EM * block.fontSize || hang > HANG_MAX_EM * block.fontSize) return false
  return block.lines.every((line, i) => i === 0 || Math.abs(line.left - second.left) <= 1)
}
