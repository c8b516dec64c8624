import { endsContentsEntry, fitsAfter } from './blocks.js'
import { areCellRows } from './cell-rows.js'
import { INDEX_ENTRY, PAGES_AFTER_COMMA } from './index-entries.js'
import { isUnspacedWriting } from './join-lines.js'
import { countLetters } from './letters.js'
import { endsOnOpenWord } from './open-words.js'
import { JUSTIFIED_SLACK } from './paragraph-indents.js'
import type { Block, Line } from './types.js'
import { countWords } from './words.js'

/** The punctuation that closes a sentence, a clause list or a quotation. */
const CLOSED = /[.!?:;"”')\]。！？：；」』）]$/
/** Quotation marks and brackets that open a quotation or an aside. */
const OPENING_MARKS = /^["'“‘«([]+/
/** Korean, which sets spaces between its words but writes no capitals. */
const HANGUL_START = /^\p{Script=Hangul}/u
/** Fewest words of a lone line of prose at a column's foot. */
const COLUMN_LINE_WORDS = 6
/** A sentence closed before a note's number set after it: "revenues increased.150". */
const NOTED_CLOSE = /[.!?]["”')\]]?\d{1,3}$/

/**
 * Whether a paragraph goes on in `next`, after a column or page break (or small print) cut it
 * mid-sentence: no closing punctuation before, a lowercase start after (or a Chinese, Japanese
 * or Korean character, which has no case), or, across the break, a capital or a figure where the
 * sentence cannot have ended; the same type size. A
 * contents entry ends at its page number, punctuation or not. Below it on its page, a paragraph
 * goes on only at its left edge or right of it, and only where its last line was full: one that
 * left room for the next word ended there (a letter's signature set in from the margin, then its
 * "cc:" line, then its "encl:" line). Rows of a table, however they start, are not a paragraph,
 * nor are the lines of a list of lines (an index's entries) one.
 */
export function continuesParagraph(previous: Block, next: Block): boolean {
  if (next.kind !== 'paragraph') return false
  const ratio = next.fontSize / previous.fontSize
  if (ratio > 1.1 || ratio < 0.9) return false
  const last = previous.lines[previous.lines.length - 1]
  const first = next.lines[0]
  if (last === undefined || first === undefined) return false
  if (areCellRows(last, first)) return false
  // An index's entries stand alone, though its terms start in lowercase and carry no stop.
  if (PAGES_AFTER_COMMA.test(last.text) && INDEX_ENTRY.test(first.text)) return false
  const below = next.page === previous.page && next.top >= previous.bottom
  // Justified text sets a paragraph's last line short: a column or page that ends on a full
  // line ends inside a paragraph, at a sentence's end or not, where the next column or page
  // goes on at its left edge.
  if (!below && endsFull(previous) && startsFlush(next)) return true
  if (below) {
    // The lines of a list of lines were each found to stand alone.
    if (previous.listedLine && next.listedLine) return false
    if (next.left < previous.left - 0.5 * previous.fontSize) return false
  }
  // Its last line left room for the next word under the wider of the two: it ended there. A
  // lone line is measured so across a break too (a letter's "Enc." line at a page's foot, over
  // the "cc." line overleaf); a lone line of prose at a column's foot by the width of the next
  // column's paragraph, as the columns are set alike (its first line, over the rest).
  const nextColumn =
    next.page === previous.page &&
    next.left >= previous.right &&
    next.lines.length >= 2 &&
    countWords(last.text) >= COLUMN_LINE_WORDS
  const measure = nextColumn
    ? previous.left + (next.right - next.left)
    : Math.max(previous.right, next.right)
  if ((below || previous.lines.length === 1) && fitsAfter(first, measure - last.right)) return false
  if (CLOSED.test(last.text) || endsContentsEntry(last.text)) return false
  // A quotation or an aside opened on the next line goes on with the sentence as its first word
  // would ("a network of" + "'mother orchards' planted").
  const opening = first.text.replace(OPENING_MARKS, '')
  // Chinese, Japanese and Korean have no capitals to tell a sentence's start; their text goes on
  // on a line below, not beside (a running head's title and its chapter, level on one row).
  // After a comma, a figure goes on with the clause ("20(4):1123-1137," over the page, "2022.").
  if (
    /^\p{Ll}/u.test(opening) ||
    ((isUnspacedWriting(first.text[0] ?? '') || HANGUL_START.test(first.text)) &&
      !standsLevel(last, first)) ||
    (last.text.endsWith(',') && /^\d/.test(first.text))
  ) {
    return true
  }
  // A name or a figure may open the rest of a paragraph's sentence that a page or column break
  // cut: after a word no sentence ends on ("the law of" + "England and Wales"), or after a full
  // line that left no room for it ("in the North" + "Sea, grid-scale"). The part read next must
  // read as prose, not as a table's row or a figure's label that interrupts the paragraph.
  return (
    !below &&
    previous.kind === 'paragraph' &&
    /^[\p{Lu}\d]/u.test(opening) &&
    readsAsProse(next) &&
    (endsOnOpenWord(last.text) || (wrapsFull(previous, next) && !NOTED_CLOSE.test(last.text)))
  )
}

/**
 * Whether a block reads as the rest of a sentence: a short one's end on a line of its own
 * ("England and Wales."), or lines of prose flush at their left edge (a table's header row, a
 * figure's label or a centred title is neither).
 */
function readsAsProse(block: Block): boolean {
  const first = block.lines[0] as Line
  if (block.lines.length === 1) return /[.!?]["')\]]?$/.test(first.text)
  return countLetters(first.text) >= PROSE_MIN_LETTERS && startsFlush(block)
}

/**
 * Whether a block of prose wrapped at its last line: the first word of `next` would not have
 * fitted in the room that line left, so its text went on in `next`. A block's own lines show the
 * measure; a line or two left at the foot of a page (a paragraph's indented first line) are
 * measured against the next page's lines, which stand in the same column.
 */
function wrapsFull(block: Block, next: Block): boolean {
  const last = block.lines[block.lines.length - 1] as Line
  const first = next.lines[0] as Line
  if (countLetters(last.text) < PROSE_MIN_LETTERS) return false
  if (block.lines.length >= JUSTIFIED_MIN_LINES) return !fitsAfter(first, block.right - last.right)
  // A clause's lines hang under its text, right of its number: the text's edge is its last line's.
  const offset = Math.min(Math.abs(next.left - block.left), Math.abs(next.left - last.left))
  if (next.page === block.page || offset > SAME_COLUMN_EMS * last.fontSize) return false
  return !fitsAfter(first, next.right - last.right)
}

/** Ems apart the left edges of a paragraph's parts may stand on two pages, its indent among them. */
const SAME_COLUMN_EMS = 3

/** Letters a full last line must hold to be prose. */
const PROSE_MIN_LETTERS = 20
/** Lines a block must have to tell that it is justified. */
const JUSTIFIED_MIN_LINES = 3

/**
 * Whether a block is set justified and ends on a full line: every line ends at its right edge,
 * the last one too.
 */
function endsFull(block: Block): boolean {
  if (block.lines.length < JUSTIFIED_MIN_LINES) return false
  // Prose: rows of codes or figures of one width end level too.
  const last = block.lines[block.lines.length - 1] as Line
  if (countLetters(last.text) < PROSE_MIN_LETTERS) return false
  return block.lines.every((line) => block.right - line.right <= JUSTIFIED_SLACK)
}

/** Whether a block's first line starts at its left edge, as its other lines do: no indent. */
function startsFlush(block: Block): boolean {
  const [first, second] = block.lines
  if (first === undefined || second === undefined) return false
  return Math.abs(first.left - second.left) <= JUSTIFIED_SLACK
}

/** Whether two lines stand on one baseline, the second right of the first: one row. */
function standsLevel(last: Line, first: Line): boolean {
  return Math.abs(first.baseline - last.baseline) < 0.3 * last.fontSize && first.left > last.right
}
