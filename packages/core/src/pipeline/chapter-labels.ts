import type { Block } from './types.js'

/**
 * A chapter's label alone: "Chapter 1", "CHAPTER IV", "Part Two", "Appendix B", in English and
 * in the languages whose books most often reach us this way.
 */
const CHAPTER_LABEL =
  /^(?:chapter|part|appendix|book|lecture|unit|chapitre|partie|annexe|kapitel|teil|anhang|cap[ií]tulo|capitolo|parte|anexo)\s+(?:\d{1,3}|[ivxlc]{1,7}|[a-z]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\.?$/i

/** A heading that opens with its number, after a word that labels it or not: "1.1", "Item 7.". */
const NUMBERED_HEADING = /^(?:\p{L}+\.?\s+)?\d[\d.]*[.):]?\s+\S/u

/**
 * Marks a chapter's label set as a heading of its own over the chapter's title ("Chapter 1" in
 * display type over "Introduction", as LaTeX's report and book classes set them): the label
 * heads the chapter with its title, at the title's level. Ranked by its own size, it would take
 * a level of its own and push every heading under the chapter down one.
 */
export function markChapterLabels(blocks: readonly Block[]): void {
  for (let i = 0; i + 1 < blocks.length; i++) {
    const label = blocks[i] as Block
    const title = blocks[i + 1] as Block
    if (!isUnlevelledHeading(label) || !isUnlevelledHeading(title)) continue
    if (label.lines.length !== 1 || !isChapterLabel(label.lines[0]?.text ?? '')) continue
    // A chapter without a title of its own opens with its first section ("1.1 Scope"), and a
    // part with its first numbered heading ("PART II" over "Item 7. Management's Discussion").
    if (NUMBERED_HEADING.test(title.lines[0]?.text ?? '')) continue
    const em = Math.max(label.fontSize, title.fontSize)
    if (title.top < label.bottom - 1 || title.top - label.bottom > 2 * em) continue
    if (title.left > label.right || title.right < label.left) continue
    label.titleBelow = title
  }
}

/** Whether a heading's text is a chapter's label alone ("Chapter 3"), which names no chapter. */
export function isChapterLabel(text: string): boolean {
  return CHAPTER_LABEL.test(text.trim())
}

function isUnlevelledHeading(block: Block): boolean {
  return block.kind === 'heading' && block.level === undefined
}
