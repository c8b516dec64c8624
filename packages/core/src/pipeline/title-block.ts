import type { Block } from './types.js'

/** The lines of a title block between its headings are short: at most this many characters. */
const SHORT_LINE_CHARS = 80

/**
 * Under a document's title, the lines of its title block (a subtitle, the authors, the date) are
 * set centred under the title, larger than the body, yet smaller than the first section heading
 * that follows them: they head no section of their own, and read as paragraphs. A line counts
 * only where nothing but other short lines of the block stands between it and that heading.
 */
export function demoteTitleBlock(blocks: readonly Block[]): void {
  let title: Block | undefined
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i] as Block
    if (block.kind === 'paragraph' && !isShortLine(block)) return
    if (block.kind !== 'heading' || block.level !== undefined) continue
    if (title === undefined) {
      title = block
      continue
    }
    if (block.fontSize >= title.fontSize || !centredUnder(block, title)) continue
    const section = nextHeading(blocks, i)
    if (section !== undefined && section.fontSize > block.fontSize) block.kind = 'paragraph'
  }
}

function isShortLine(block: Block): boolean {
  return block.lines.length === 1 && (block.lines[0]?.text.length ?? 0) <= SHORT_LINE_CHARS
}

function centredUnder(block: Block, title: Block): boolean {
  const centre = (block.left + block.right) / 2
  return (
    block.top >= title.bottom && Math.abs(centre - (title.left + title.right) / 2) < block.fontSize
  )
}

/** The heading after blocks[i] with only short paragraph lines between them, if any. */
function nextHeading(blocks: readonly Block[], i: number): Block | undefined {
  for (let k = i + 1; k < blocks.length; k++) {
    const block = blocks[k] as Block
    if (block.kind === 'heading') return block
    if (block.kind !== 'paragraph' || !isShortLine(block)) return undefined
  }
  return undefined
}
