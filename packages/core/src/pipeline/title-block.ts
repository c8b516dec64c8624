import type { Block } from './types.js'

/** The lines of a title block between its headings are short: at most this many characters. */
const SHORT_LINE_CHARS = 80

/**
 * Under a document's title, the lines of its title block (a subtitle, the authors, the date) are
 * set centred under the title, larger than the body, yet smaller than the first section heading
 * that follows, the first not centred under the title (a paper's centred "Abstract" may come
 * between): they head no section of their own, and read as paragraphs. Only the short lines
 * before the first running text are looked at, and a centred heading right over running text
 * heads it.
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
    // A centred heading with running text right under it heads that text.
    const next = blocks[i + 1]
    if (next === undefined || (next.kind === 'paragraph' && !isShortLine(next))) continue
    const section = firstSection(blocks, i, title)
    if (section !== undefined && section.fontSize > block.fontSize) block.kind = 'paragraph'
  }
}

function isShortLine(block: Block): boolean {
  return block.lines.length === 1 && (block.lines[0]?.text.length ?? 0) <= SHORT_LINE_CHARS
}

/** Lines this close (points) at one edge, and further apart at the other, are set flush to it. */
const FLUSH_POINTS = 1

function centredUnder(block: Block, title: Block): boolean {
  const centre = (block.left + block.right) / 2
  // Lines flush left under a title flush left (a résumé's first job under the name) may have
  // their middles close too: a line a little wider or narrower than the title is not centred.
  const flushLeft =
    Math.abs(block.left - title.left) < FLUSH_POINTS &&
    Math.abs(block.right - title.right) > FLUSH_POINTS
  return (
    block.top >= title.bottom &&
    !flushLeft &&
    Math.abs(centre - (title.left + title.right) / 2) < block.fontSize
  )
}

/** The first heading after blocks[i] that is not centred under the title, if any. */
function firstSection(blocks: readonly Block[], i: number, title: Block): Block | undefined {
  for (let k = i + 1; k < blocks.length; k++) {
    const block = blocks[k] as Block
    if (block.kind === 'heading' && !centredUnder(block, title)) return block
  }
  return undefined
}
