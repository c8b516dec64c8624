import { startsCaption } from './caption.js'
import { areCellRows } from './cell-rows.js'
import { INDEX_ENTRY, PAGE_REFERENCES, PAGES_AFTER_COMMA, wrapsPages } from './index-entries.js'
import { endsInAddress, isUnspacedWriting, joinsUnspaced } from './join-lines.js'
import { ENTRY_KEY, KEY_VALUE_LINE } from './key-values.js'
import { isEndOfProof, isRaisedNoteMark } from './lines.js'
import { isBulletRow, isOrderedMarker, listMarker } from './list-markers.js'
import { LONE_CITATION, opensNote, romanNoteNumber } from './note-marks.js'
import { numberInWords } from './number-words.js'
import { endsOnOpenWord } from './open-words.js'
import { PAGE_NUMBER } from './page-label.js'
import {
  findParagraphIndents,
  JUSTIFIED_SLACK,
  opensAtIndent,
  type ParagraphIndent,
  sharedIndent,
  standsAtIndent,
} from './paragraph-indents.js'
import { standsFarRightOf } from './row-fields.js'
import { SUPERSCRIPT_MIN_SHRINK } from './scripts.js'
import { isSectionNumber } from './section-numbers.js'
import { TIME } from './times.js'
import type { Block, Line, TextRun } from './types.js'
import { countWords } from './words.js'

/** Two lines of one block differ in size by at most this ratio. */
const SIZE_RATIO = 1.15
/** ... and by at most this one when they are set in the same font. */
const SAME_FONT_SIZE_RATIO = 1.08
/**
 * The end of a table-of-contents line: a leader of dots, then a page number ("5", "A-3", "iv"),
 * pages ("13 - 48", an agenda's papers) or a dash for none; or a leader to a share or a price,
 * as a syllabus's grading or a price list sets them ("Weekly quizzes......15%"). The leader is
 * matched from its first dot only, so that a line of dots without a page number (a form's blank)
 * fails at once rather than once per dot.
 */
const TOC_ENTRY_END =
  /(?<![.\s])\s*(?:\.\s?){4,}\s*(?:(?:[A-Z]-)?\d{1,4}(?: ?[-\u2013] ?\d{1,4})?|[ivxlc]{1,6}|[-\u2013\u2014]|\d{1,3}(?:[.,]\d+)?\s?%|[$£€]\s?\d[\d,]*(?:\.\d{2})?)$/
/** The end of a sentence, a closing quote or bracket after its mark allowed. */
const FULL_STOP_END = /[.!?。！？]["')\]」』）]?$/
/**
 * The end of a sentence or of a lead-in to what follows, or of a line of speech broken off by a
 * dash or trailing away ('"Jonas—"', '"and . . . "'), its closing quote after it.
 */
const LEAD_IN_END = /(?:[.!?:。！？：] ?["')\]」』）]?|[—–…]["'])$/
/** Two letters or more: a word, as a term is, not a formula's variable. */
const TERM_WORD = /\p{L}.*\p{L}/u
/** A list of lines has at least this many lines, ... */
const LINE_LIST_MIN_LINES = 3
/** ... and at least this share of its breaks made with room to spare. */
const LINE_LIST_SHARE = 0.75
/** Paragraphs of at least this many lines show the measure that prose wraps at. */
const MEASURE_MIN_LINES = 2
/** A block this many ems short of its prose's measure was not wrapped at it. */
const MEASURE_SHORT_EMS = 8
/** A list of terms has at least this many lines, ... */
const TERM_LIST_MIN_LINES = 4
/** ... of at most this many words each. */
const TERM_MAX_WORDS = 4
/** A caption's wrapped line is at least this share of its first line's width. */
const CAPTION_CONTINUATION_SHARE = 0.85
/** Lines after a line that are searched for the line under it, when measuring the usual pitch. */
const PITCH_LOOKAHEAD = 30
/** Lines that must keep a pitch for it to be the page's usual one. */
const MIN_PITCH_VOTES = 3
/** Baseline distance, in font sizes, that still continues a block of one line. */
const FIRST_PITCH_EM = 1.75
/**
 * Where a page has too few lines of a size to tell their usual pitch, a line that runs on
 * unfinished to the measure goes on this many font sizes below (a Korean report's items at 180%).
 */
const LONE_WRAP_PITCH_EM = 2
/**
 * A later line may sit this much further below than the block's usual line pitch: 0.4 of a line
 * more is a paragraph break, as manuals and reports space their paragraphs.
 */
const PITCH_SLACK = 1.25
/** ... or this much further below, under a line that ends a sentence. */
const FINISHED_PITCH_SLACK = 1.15
/** A full line in another font opens the paragraph under it within this much of its pitch. */
const LEAD_LINE_PITCH_SLACK = 1.1
/** The pitch of lines set with ordinary leading, in ems: a fifth of the type size between them. */
const SOLID_PITCH_EM = 1.2
/**
 * A line of running text at least this many ems wide, under columns side by side, is not a
 * column's next line (a table's header cells span two columns, but are short).
 */
const SPANNING_LINE_EM = 20

/**
 * Groups the lines of one page into blocks: lines stacked at a regular pitch, overlapping
 * horizontally, in one font. A list marker, a first-line indent, or a change of font starts a
 * new block.
 */
export function groupBlocks(lines: readonly Line[], page: number): Block[] {
  const blocks: Block[] = []
  const below = linesBelow(lines)
  const hanging = hangingMargins(lines, below)
  const pitches = usualPitches(lines, below)
  const indents = findParagraphIndents(lines, below)
  const rhythm: PageRhythm = {
    pitches,
    measures: lineEdges(lines, (line) => line.right, Math.max),
    starts: lineEdges(lines, (line) => line.left, Math.min),
    indents,
    rowStarts: rowStartLines(lines),
    openers: indentedOpeners(lines, below, indents, pitches),
  }
  const foot = lowestLine(lines)
  for (const line of lines) {
    // The page's last line, a page number, ends whatever stands above it: a footer set at the
    // pitch of the notes over it ("Page 1" under a word processor's footnotes).
    const folio = line === foot && PAGE_NUMBER.test(line.text.trim())
    const block = folio ? undefined : findContinuedBlock(blocks, line, rhythm, hanging)
    if (block) {
      appendLine(block, line)
    } else {
      blocks.push(newBlock(line, page))
    }
  }
  return blocks
}

/**
 * Whether a line in typewriter type goes on from a line of the same type as code does, whatever
 * it starts with ("0) -> MessageId" is no item): stepping in under a line that opens a nested
 * part ("exporters:" over "  - type: ndjson"), or after a line left open by an operator
 * ("priority: int =").
 */
function nestsInCode(last: Line, line: Line): boolean {
  if (!last.monospace || !line.monospace || line.fontId !== last.fontId) return false
  if (CODE_OPERATOR_END.test(last.text)) return true
  return CODE_OPENER.test(last.text) && line.left > last.left + 0.5 * last.fontSize
}

/** The end of a line of code that opens a nested part: a mapping's key, a bracket. */
const CODE_OPENER = /[:{([]$/
/** The end of a line of code that an expression goes on from: an operator, an open bracket. */
const CODE_OPERATOR_END = /[=({[+*/&|<>]$/

/** A letter's salutation: "Dear shareholder,", "Dear Ms Oduya,", "To whom it may concern:". */
const SALUTATION = /^(?:dear\s+\S.{0,50}|to whom it may concern)[,:]$/i

/** A line this short alone over a caption is a table's cell. */
const CELL_MAX_CHARS = 20
/** An item's wrapped line starts at most this many font sizes right of the item's text. */
const ITEM_WRAP_INSET_EM = 4

/**
 * Whether a line starts far right of a one-line item's text, under none of its tab stops, and is
 * not centred under it.
 */
function isSetInsideItem(line: Line, item: Line): boolean {
  if (item.monospace || listMarker(item.text) === undefined) return false
  if (line.left - textLeft(item) <= ITEM_WRAP_INSET_EM * item.fontSize) return false
  // A line under a tab stop of the item goes on from it: the values of "Facet:   64470 - ..."
  // listed under the first.
  if (item.runs.some((run) => Math.abs(run.left - line.left) < 0.5 * item.fontSize)) return false
  return Math.abs(line.left + line.right - item.left - item.right) / 2 > item.fontSize
}

/** A note's, an item's or a clause's number as a run of its own: "2", "14.", "(3)", "1.1". */
const NUMBER_RUN = /^\(?\d{1,3}(?:\.\d{1,3})*[.)]?\s*$/

/**
 * Whether `line` hangs under the text of `last`, past the number that opens it, set apart by a
 * tab: a note's wrapped line ("2 ⇥ Met Office, ... see also the Climate Change" over
 * "Committee's 2023 progress report"), not a paragraph's first-line indent.
 */
function hangsUnderNumber(last: Line, line: Line): boolean {
  const [number, text] = last.runs
  return (
    number !== undefined &&
    text !== undefined &&
    NUMBER_RUN.test(number.text) &&
    Math.abs(text.left - line.left) < 0.5 * last.fontSize
  )
}

/** Where a line's text starts: past its list marker, about half an em a character, if it has one. */
function textLeft(line: Line): number {
  const marker = listMarker(line.text)
  return marker === undefined ? line.left : line.left + (marker.length + 1) * 0.5 * line.fontSize
}

/** The line lowest on the page, with none below it. */
function lowestLine(lines: readonly Line[]): Line | undefined {
  let lowest: Line | undefined
  for (const line of lines) if (!lowest || line.top > lowest.top) lowest = line
  return lowest && lines.every((line) => line === lowest || line.bottom < lowest.bottom)
    ? lowest
    : undefined
}

/**
 * Splits every paragraph in type no larger than `maxFontSize` that is a list of lines, and every
 * key-value list, into one paragraph per line. Runs once blocks are classified (a title broken
 * over lines stays a heading) and in reading order (two lists side by side are still read one
 * after the other).
 */
export function splitLineLists(blocks: readonly Block[], maxFontSize: number): Block[] {
  return blocks.flatMap((block) =>
    block.kind === 'paragraph' &&
    !block.standalone &&
    ((block.fontSize <= maxFontSize && (isLineList(block) || isShortOfMeasure(block, blocks))) ||
      isKeyValueList(block.lines))
      ? entryLines(block).map((lines) => {
          const own = withLines(block, lines)
          own.standalone = true
          own.listedLine = true
          return own
        })
      : [block],
  )
}

/**
 * The lines of a list of lines, an entry to a line, but for a value that wraps: a line that
 * starts under the value of the line above, which ran on to the edge of the list, goes on with
 * it ("Attendees:  Janet Okonkwo (Chair), …, Leonard" over "Price, Ruth Abernathy"), and so do
 * the rest of an index entry's pages.
 */
function entryLines(block: Block): Line[][] {
  const entries: Line[][] = []
  let last: Line | undefined
  for (const line of block.lines) {
    const goesOn =
      last !== undefined &&
      ((wrapsUnderValue(last, line) && !fitsAfter(line, block.right - last.right)) ||
        wrapsPages(last, line) ||
        wrapsListedNames(block, last, line))
    if (goesOn) (entries[entries.length - 1] as Line[]).push(line)
    else entries.push([line])
    last = line
  }
  return entries
}

/**
 * Whether a line goes on with a key's value of names or items listed by commas, wrapped back to
 * the margin ("Present: Margaret Okafor, ..., Helen Cho," over "Samuel Adeyemi, Lucia
 * Ferrante"): the line above ran to the edge after a comma, and this one opens with no key.
 */
function wrapsListedNames(block: Block, last: Line, line: Line): boolean {
  return (
    KEY_VALUE_LINE.test(last.text) &&
    last.text.endsWith(',') &&
    !KEY_VALUE_LINE.test(line.text) &&
    !fitsAfter(line, block.right - last.right)
  )
}

/** Whether a line starts under the value of a key-value line, set apart from its key. */
function wrapsUnderValue(last: Line, line: Line): boolean {
  const valueLeft = last.cellStarts?.length === 1 ? last.cellStarts[0] : undefined
  return (
    valueLeft !== undefined && Math.abs(line.left - valueLeft) < 1 && KEY_VALUE_LINE.test(last.text)
  )
}

/**
 * Whether a block is a list of lines rather than a paragraph: nearly every line stops short of
 * room for the next line's first word, so each break was made on purpose (names of
 * organisations, a slide's points whose bullets are pictures).
 */
function isLineList(block: Block): boolean {
  const lines = block.lines
  if (
    isTableRows(lines) ||
    isIndex(lines) ||
    isContactBlock(lines) ||
    isLeaderList(lines) ||
    isTimedList(lines)
  )
    return true
  if (lines.length < LINE_LIST_MIN_LINES) return false
  if (isVerse(block)) return true
  const flushRight = isFlushRight(block)
  let deliberate = 0
  let judged = 0
  for (let i = 0; i + 1 < lines.length; i++) {
    const line = lines[i] as Line
    const next = lines[i + 1] as Line
    if (!mayStartLine(line, next)) return false
    // The widest line sets the block's edge, so its break tells nothing. Room is left on the
    // ragged side: the left of lines set flush right (a letter's sender address).
    const room = flushRight ? line.left - block.left : block.right - line.right
    if (room <= 0) continue
    judged++
    if (fitsAfter(next, room)) deliberate++
  }
  return (judged > 0 && deliberate >= LINE_LIST_SHARE * judged) || isListOfTerms(lines)
}

/** A line that opens with a time or a timestamp: "09:30 Registration", "[01:02:45] Intro". */
const TIMED_LINE = new RegExp(`^${TIME}\\s+\\S`)
/** Lines at least of a list of times. */
const TIMED_LIST_MIN_LINES = 3

/**
 * Whether every line opens with a time: an agenda's or a recording's chapters, each a line of
 * its own however much room the line before left.
 */
function isTimedList(lines: readonly Line[]): boolean {
  return lines.length >= TIMED_LIST_MIN_LINES && lines.every((line) => TIMED_LINE.test(line.text))
}

/** Dots that lead from a line's entry to its value ("Displacement ........ 212 cc"). */
export const LEADER = /\S\s*(?:\.\s?){4,}\s*\S/

/**
 * Whether every line leads by dots from an entry to its value: a specification's or a
 * schedule's rows, each as wide as the measure as a wrapped paragraph's lines are.
 */
function isLeaderList(lines: readonly Line[]): boolean {
  return lines.length >= 2 && lines.every((line) => LEADER.test(line.text))
}

/** Lines at least of a stanza told as verse. */
const VERSE_MIN_LINES = 4
/** The share of its breaks, at least, that a stanza makes where the next line's word had room. */
const VERSE_BREAK_SHARE = 0.75

/**
 * Whether a block is verse: nearly every line ends where the next line's first word would still
 * have fitted under its longest line, however the next line starts (verse goes on in lowercase
 * as prose does), and the lines end all over, where lines cut short by a float beside them end
 * level. No line ends in a hyphen or a word that leaves its sentence open.
 */
function isVerse(block: Block): boolean {
  const lines = block.lines
  if (lines.length < VERSE_MIN_LINES || block.monospace) return false
  let deliberate = 0
  const ends = new Set<number>()
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line
    // Prose wrapped at a measure may end a line on a word that leaves its sentence open.
    if (/-$/.test(line.text) || endsOnOpenWord(line.text) || !/\s/.test(line.text)) {
      return false
    }
    ends.add(Math.round((block.right - line.right) / block.fontSize))
    const next = lines[i + 1]
    if (next && fitsAfter(next, block.right - line.right)) deliberate++
  }
  return deliberate >= VERSE_BREAK_SHARE * (lines.length - 1) && ends.size >= 0.6 * lines.length
}

/** Lines at most of a letterhead's or a signature's address. */
const CONTACT_MAX_LINES = 8
/** Words at most on each of its lines. */
const CONTACT_MAX_WORDS = 8
/** A mail or web address, or a telephone number, alone or after its label. */
const CONTACT_LINE =
  /(?:^|\s)(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|www\.\S+|https?:\/\/\S+|(?:tel|phone|fax)\b.*\d{3}|\+\d[\d\s()-]{6,})$/i

/**
 * Whether lines are an address, a line each, with a way to reach its sender (a mail address, a
 * telephone number): a letterhead's or a signature's block, however close each line
 * comes to the next one's first word. Lines of a few words, each opening in a capital or a
 * figure, as a postal address's do, but for the contact lines.
 */
function isContactBlock(lines: readonly Line[]): boolean {
  if (lines.length < 2 || lines.length > CONTACT_MAX_LINES) return false
  const contacts = lines.filter((line) => CONTACT_LINE.test(line.text)).length
  // Two lines are an address only where both are ways to reach its sender.
  if (contacts === 0 || (lines.length === 2 && contacts < 2)) return false
  return lines.every(
    (line) =>
      line.text.split(' ').length <= CONTACT_MAX_WORDS &&
      !/[.;:]$/.test(line.text) &&
      (/^[\p{Lu}\d+(]/u.test(line.text) || CONTACT_LINE.test(line.text)),
  )
}

/** Whether a block's lines all end at its right edge, and not all start at its left: flush right. */
export function isFlushRight(block: Block): boolean {
  return (
    block.lines.every((line) => block.right - line.right < 1) &&
    block.lines.some((line) => line.left - block.left >= 1)
  )
}

/**
 * Whether every line of two or more gives a key and its value ("Invoice date: 28 November
 * 2026"): each is an entry of its own, in whatever type, however close to the next one's width.
 */
function isKeyValueList(lines: readonly Line[]): boolean {
  return (
    lines.length >= 2 && lines.every((line) => KEY_VALUE_LINE.test(line.text)) && !wrapsProse(lines)
  )
}

/**
 * Whether a line wraps into the next as prose does: it runs to the measure and ends on a word,
 * and the next goes on in lowercase ("... so the ratio is" over "now 1.5 : 1. Doubling ..."),
 * where a key-value list breaks after each value and opens each line with a key.
 */
function wrapsProse(lines: readonly Line[]): boolean {
  let right = Number.NEGATIVE_INFINITY
  for (const line of lines) right = Math.max(right, line.right)
  return lines.some((line, i) => {
    const next = lines[i + 1]
    return (
      next !== undefined &&
      line.cellStarts === undefined &&
      line.right > right - line.fontSize &&
      /\p{L}$/u.test(line.text) &&
      /^\p{Ll}/u.test(next.text)
    )
  })
}

/**
 * Whether every line is an index's entry or the letter over the entries it starts: three lines
 * at least, or two where each entry gives its pages after a comma, as an index does. Of three
 * lines or more, a few may give no pages: a term over its subentries ("bridges"), a cross
 * reference ("beer, duty on. See excise"), a reference's wrapped end.
 */
function isIndex(lines: readonly Line[]): boolean {
  if (lines.length < 2) return false
  let entries = 0
  for (const [i, line] of lines.entries()) {
    if (
      INDEX_ENTRY.test(line.text) ||
      SEE_REFERENCE.test(line.text) ||
      wrapsPages(lines[i - 1], line)
    )
      entries++
    else if (lines.length < LINE_LIST_MIN_LINES || !isIndexTerm(line.text)) return false
  }
  if (lines.length >= LINE_LIST_MIN_LINES) return entries >= INDEX_ENTRY_SHARE * lines.length
  return lines.every((line) => /^\p{Lu}$/u.test(line.text) || PAGES_AFTER_COMMA.test(line.text))
}

/** An index's cross reference after its term or pages: "duty on. See excise", "70-78; see also". */
const SEE_REFERENCE = /[,.;] [Ss]ee(?: also)?\b/
/** The share of an index's lines, at least, that give an entry's pages or a cross reference. */
const INDEX_ENTRY_SHARE = 0.75
/** Words at most of an index's line without pages: a term, a cross reference. */
const INDEX_TERM_MAX_WORDS = 6

/** Whether a line may be an index's term without pages: a few words, no sentence's end. */
function isIndexTerm(text: string): boolean {
  return !/[.!?]$/.test(text) && text.split(' ').length <= INDEX_TERM_MAX_WORDS
}

/** Whether every line of a block is a row of one table with the line under it. */
function isTableRows(lines: readonly Line[]): boolean {
  if (lines.length < 2) return false
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!areCellRows(lines[i] as Line, lines[i + 1] as Line)) return false
  }
  return true
}

/**
 * Whether every line of a block breaks where the next line's first word would still have fitted
 * under the measure of the prose it stands in: paragraphs of its type that start at its left
 * edge and run on over several lines wrap far to its right, and nothing stands beside it. A
 * letter's recipient address or its signature (a name over a job title), set in the letter's
 * body type, is such a block, however alike in width its lines are; so are one-line sentences
 * one under the other (a definition list's entries).
 */
function isShortOfMeasure(block: Block, blocks: readonly Block[]): boolean {
  const lines = block.lines
  if (lines.length < 2) return false
  // Most paragraphs go on in lowercase somewhere: they are settled before the page is scanned.
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!mayStartLine(lines[i] as Line, lines[i + 1] as Line)) return false
  }
  const em = block.fontSize
  // Set flush right (a letter's sender address), its lines leave their room on the left, and the
  // prose's measure is told by paragraphs that end where it ends.
  const flushRight = isFlushRight(block)
  // A quotation's attribution, opened by a dash, wraps where its measure ends.
  if (flushRight && ATTRIBUTION.test((lines[0] as Line).text)) return false
  // How far the prose's lines reach on the block's ragged side: right, or left where flush right.
  let reach: number | undefined
  for (const other of blocks) {
    if (other === block) continue
    // Text beside it makes it a cell of a table row, wrapped at the cell's edge.
    if (other.top < block.bottom && other.bottom > block.top && other.left >= block.right) {
      return false
    }
    if (other.kind !== 'paragraph' || other.lines.length < MEASURE_MIN_LINES) continue
    if (Math.abs(other.fontSize - em) > 0.1 * em) continue
    if (flushRight) {
      if (Math.abs(other.right - block.right) <= em)
        reach = Math.min(reach ?? other.left, other.left)
    } else if (Math.abs(other.left - block.left) <= em) {
      reach = Math.max(reach ?? other.right, other.right)
    }
  }
  if (reach === undefined) return false
  const edge = reach
  // How far a line stands short of the measure, on its ragged side.
  const room = (line: { left: number; right: number }) =>
    flushRight ? line.left - edge : edge - line.right
  // Lines that each end a sentence were broken on purpose wherever the next word had room (a
  // definition list's entries); other lines only when the block is well short of the measure.
  let sentences = true
  for (let i = 0; i + 1 < lines.length && sentences; i++) sentences = endsFullStop(lines[i] as Line)
  if (!sentences && room(block) < MEASURE_SHORT_EMS * em) return false
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!fitsAfter(lines[i + 1] as Line, room(lines[i] as Line))) return false
  }
  return true
}

/**
 * Whether lines are a column of a few words each, every one capitalised and none ending in a
 * sentence's punctuation: a menu, an index of terms or the rows of a small table, however
 * narrow, since prose broken that short would start some lines in the middle of a sentence.
 */
function isListOfTerms(lines: readonly Line[]): boolean {
  return (
    // Three lines may be a phrase broken for balance, unless each is a row with its figures.
    (lines.length >= TERM_LIST_MIN_LINES ||
      (lines.length === TERM_LIST_MIN_LINES - 1 && lines.every((line) => /\d/.test(line.text)))) &&
    // A heading set a word to a line, in a narrow cell, reads as one phrase.
    lines.some((line) => /\s/.test(line.text)) &&
    lines.every(
      (line) =>
        line.text.split(/\s+/).length <= TERM_MAX_WORDS &&
        /^\p{Lu}/u.test(line.text) &&
        !/[,;:.!?]$/.test(line.text),
    )
  )
}

/** What a page's lines keep to, gathered once for the page. */
interface PageRhythm {
  /** The usual baseline distance to the next line, by type size (rounded to half a point). */
  pitches: ReadonlyMap<number, number>
  /** The rightmost edge a line reaches, by type size. */
  measures: ReadonlyMap<number, number>
  /** The leftmost edge a line starts at, by type size: right-to-left text's measure ends there. */
  starts: ReadonlyMap<number, number>
  /** Where the page's paragraphs indent their first lines. */
  indents: readonly ParagraphIndent[]
  /** Lines with text level with them far to their right: the first cells of rows. */
  rowStarts: ReadonlySet<Line>
  /** Lines at a paragraph indent whose next line, at the usual pitch, wraps back to the margin. */
  openers: ReadonlySet<Line>
}

/**
 * The lines that open an indented paragraph of more than one line: at a paragraph indent of the
 * page, over a line at the usual pitch that starts back at the margin, left of it by the indent.
 * Such a line never goes on from the line above it, though that one runs to the measure (a
 * novel's line of dialogue over the next speaker's).
 */
function indentedOpeners(
  lines: readonly Line[],
  below: readonly number[],
  indents: readonly ParagraphIndent[],
  pitches: ReadonlyMap<number, number>,
): Set<Line> {
  const openers = new Set<Line>()
  if (indents.length === 0) return openers
  for (const [i, j] of below.entries()) {
    if (j === -1) continue
    const line = lines[i] as Line
    const next = lines[j] as Line
    const em = line.fontSize
    const usual = pitches.get(Math.round(em * 2))
    if (
      standsAtIndent(indents, line) &&
      usual !== undefined &&
      next.fontSize === em &&
      next.baseline - line.baseline <= usual * LEAD_LINE_PITCH_SLACK &&
      line.left - next.left > 0.5 * em
    )
      openers.add(line)
  }
  return openers
}

/** Lines within this many lines of each other in the page's order are looked at for a row. */
const ROW_WINDOW = 4

/**
 * The lines that have another line level with them, beyond a gap wider than a column's gutter
 * (a résumé's degree, its dates at the page's right edge): a row's first cell, which no
 * paragraph wraps from. `lines` are in the page's order, top to bottom.
 */
function rowStartLines(lines: readonly Line[]): Set<Line> {
  const starts = new Set<Line>()
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line
    const last = Math.min(lines.length - 1, i + ROW_WINDOW)
    for (let j = Math.max(0, i - ROW_WINDOW); j <= last; j++) {
      if (standsFarRightOf(lines[j] as Line, line)) {
        starts.add(line)
        break
      }
    }
  }
  return starts
}

/**
 * The outermost edge of the page's lines on one side, `edge` of each line kept by `outer`, by
 * type size (rounded to half a point).
 */
function lineEdges(
  lines: readonly Line[],
  edge: (line: Line) => number,
  outer: (a: number, b: number) => number,
): Map<number, number> {
  const edges = new Map<number, number>()
  for (const line of lines) {
    const size = Math.round(line.fontSize * 2)
    const at = edge(line)
    edges.set(size, outer(edges.get(size) ?? at, at))
  }
  return edges
}

/**
 * The usual baseline distance of the page's lines, by type size (rounded to half a point): the
 * pitch most lines keep to the line under them. Where a block has one line so far, its own
 * pitch is unknown, and the page's tells a paragraph's next line from the next paragraph.
 */
function usualPitches(lines: readonly Line[], below: readonly number[]): Map<number, number> {
  const votes = new Map<number, Map<number, number>>()
  for (const [i, j] of below.entries()) {
    if (j === -1) continue
    const line = lines[i] as Line
    const size = Math.round(line.fontSize * 2)
    const pitch = (lines[j] as Line).baseline - line.baseline
    const bySize = votes.get(size) ?? new Map<number, number>()
    const bin = Math.round(pitch * 2) / 2
    bySize.set(bin, (bySize.get(bin) ?? 0) + 1)
    votes.set(size, bySize)
  }
  const usual = new Map<number, number>()
  for (const [size, bins] of votes) {
    let best = 0
    let bestVotes = MIN_PITCH_VOTES - 1
    for (const [bin, count] of bins) {
      if (count > bestVotes) {
        best = bin
        bestVotes = count
      }
    }
    if (best > 0) usual.set(size, best)
  }
  return usual
}

/**
 * For each line, the index of the next line under it in its own type size, overlapping it,
 * between half an em and three ems further down (-1 where there is none): the line that would
 * follow it in a paragraph.
 */
function linesBelow(lines: readonly Line[]): number[] {
  return lines.map((line, i) => {
    const size = Math.round(line.fontSize * 2)
    for (let j = i + 1; j < lines.length && j <= i + PITCH_LOOKAHEAD; j++) {
      const next = lines[j] as Line
      const pitch = next.baseline - line.baseline
      if (pitch <= 0.5 * line.fontSize) continue
      if (pitch > 3 * line.fontSize) break
      if (Math.round(next.fontSize * 2) !== size) continue
      if (Math.min(line.right, next.right) <= Math.max(line.left, next.left)) continue
      return j
    }
    return -1
  })
}

function findContinuedBlock(
  blocks: Block[],
  line: Line,
  rhythm: PageRhythm,
  hanging: readonly number[],
): Block | undefined {
  let best: Block | undefined
  let bestGap = Number.POSITIVE_INFINITY
  for (let b = blocks.length - 1; b >= 0 && b >= blocks.length - 12; b--) {
    const block = blocks[b] as Block
    const last = block.lines[block.lines.length - 1] as Line
    const pitch = line.baseline - last.baseline
    if (pitch <= 0.3 * line.fontSize || pitch > 3 * line.fontSize) continue
    if (!continuesBlock(block, last, line, pitch, rhythm)) continue
    if (opensHangingEntry(blocks, block, line, hanging)) continue
    if (pitch < bestGap) {
      bestGap = pitch
      best = block
    }
  }
  if (best && (spansSideBySide(blocks, best, line) || leavesHangingList(blocks, best, line))) {
    return undefined
  }
  return best
}

/** Lines of a hanging indent stand in from its first line by this many font sizes at least... */
const HANGING_MIN_EM = 0.8
/** ... and at most: a word processor's 1.25 cm or half an inch is 3.2 ems of 11 pt type. */
const HANGING_MAX_EM = 4
/** A hanging entry's lines are at most this many font sizes apart, baseline to baseline. */
const HANGING_MAX_PITCH_EM = 1.8
/** Entries wrapped mid-sentence under their first line that make a list set with a hanging indent. */
const HANGING_MIN_ENTRIES = 2

/**
 * The left edges of lists set with a hanging indent on a page (references in APA style): where
 * lines that break mid-sentence are followed, just below, by a line set in a little, more often
 * than lines that end a sentence are (a paragraph's last line over the next one's indent).
 */
function hangingMargins(lines: readonly Line[], below: readonly number[]): number[] {
  const wrapped = new Map<number, number>()
  const ended = new Map<number, number>()
  for (const [i, j] of below.entries()) {
    if (j === -1) continue
    const line = lines[i] as Line
    const next = lines[j] as Line
    const em = line.fontSize
    const step = next.left - line.left
    // A list item's wraps hang under its text: the list stages read those.
    if (
      next.baseline - line.baseline <= HANGING_MAX_PITCH_EM * em &&
      step >= HANGING_MIN_EM * em &&
      step <= HANGING_MAX_EM * em &&
      !listMarker(line.text)
    ) {
      const edge = Math.round(line.left)
      const counts = endsSentence(line) ? ended : wrapped
      counts.set(edge, (counts.get(edge) ?? 0) + 1)
    }
  }
  const margins: number[] = []
  for (const [edge, count] of wrapped) {
    if (count >= HANGING_MIN_ENTRIES && count > (ended.get(edge) ?? 0)) margins.push(edge)
  }
  return margins
}

/**
 * Whether `line` opens the next entry of a list set with a hanging indent at the block's left
 * edge: it stands back at that edge after an entry whose wrapped lines stand in from it, or after
 * an entry of one line that ends its sentence where the entry before that one hangs.
 */
function opensHangingEntry(
  blocks: readonly Block[],
  block: Block,
  line: Line,
  hanging: readonly number[],
): boolean {
  if (hanging.length === 0) return false
  const first = block.lines[0] as Line
  const em = first.fontSize
  if (!hanging.some((edge) => Math.abs(edge - first.left) <= 1)) return false
  if (Math.abs(line.left - first.left) > 0.2 * em) return false
  if (block.lines.length > 1) return hangs(block)
  if (!endsSentence(first)) return false
  for (let b = blocks.indexOf(block) - 1; b >= 0; b--) {
    const before = blocks[b] as Block
    if (Math.abs(before.left - first.left) <= 0.2 * em && before.bottom <= block.top) {
      return hangs(before)
    }
  }
  return false
}

/** Whether a block's lines after its first stand in from it, as a hanging indent sets them. */
function hangs(block: Block): boolean {
  const [first, second] = block.lines as [Line, Line | undefined]
  return second !== undefined && second.left - first.left >= HANGING_MIN_EM * first.fontSize
}

/**
 * Whether `line`, back at the marker of a one-line item, leaves the list: the items right before
 * it, numbered or bulleted at the same edge, wrap their lines under their text, none under its
 * marker, so a line at the markers is no wrap of an item but the text after the list (a slide's
 * closing remark under its numbered points).
 */
function leavesHangingList(blocks: readonly Block[], block: Block, line: Line): boolean {
  const first = block.lines[0] as Line
  const em = first.fontSize
  if (block.lines.length !== 1 || Math.abs(line.left - first.left) > 0.5 * em) return false
  if (listMarker(first.text) === undefined || listMarker(line.text) !== undefined) return false
  let hanging = false
  for (let b = blocks.indexOf(block) - 1; b >= 0; b--) {
    const [head, ...wraps] = (blocks[b] as Block).lines
    if (head === undefined || Math.abs(head.left - first.left) > 0.5 * em) break
    if (listMarker(head.text) === undefined) break
    for (const wrap of wraps) {
      if (wrap.left <= head.left + 0.5 * em) return false
      hanging = true
    }
  }
  return hanging
}

/**
 * Whether `line` reaches across `block` and another block beside it whose last line stands level
 * with the block's: a full-width line under the columns of a table (or a page's two columns) opens
 * a paragraph of its own rather than continuing whichever column it happens to be tried with.
 */
function spansSideBySide(blocks: readonly Block[], block: Block, line: Line): boolean {
  const last = block.lines[block.lines.length - 1] as Line
  const wide = line.right - line.left >= SPANNING_LINE_EM * line.fontSize
  if (!wide && line.runs.length < 2) return false
  for (let b = blocks.length - 1; b >= 0 && b >= blocks.length - 12; b--) {
    const other = blocks[b] as Block
    if (other === block) continue
    const otherLast = other.lines[other.lines.length - 1] as Line
    if (Math.abs(otherLast.baseline - last.baseline) > 0.3 * last.fontSize) continue
    const beside = other.left >= block.right || other.right <= block.left
    if (!beside || line.left >= other.right || line.right <= other.left) continue
    if (wide) return true
    // Under two single lines (authors' names), a line with a gap at their gutter is two lines.
    if (block.lines.length === 1 && other.lines.length === 1 && opensAtGutter(line, block, other)) {
      return true
    }
  }
  return false
}

/**
 * Whether a line has a gap of an em or more where two blocks side by side leave their gutter:
 * two pieces of text, one under each block, that the lines stage read as one line (an author's
 * university under her name, beside her co-author's under his).
 */
function opensAtGutter(line: Line, a: Block, b: Block): boolean {
  const gutterLeft = Math.min(a.right, b.right)
  const gutterRight = Math.max(a.left, b.left)
  for (let i = 1; i < line.runs.length; i++) {
    const before = line.runs[i - 1] as TextRun
    const after = line.runs[i] as TextRun
    if (
      after.left - before.right >= line.fontSize &&
      before.right <= gutterRight &&
      after.left >= gutterLeft
    ) {
      return true
    }
  }
  return false
}

function continuesBlock(
  block: Block,
  last: Line,
  line: Line,
  pitch: number,
  rhythm: PageRhythm,
): boolean {
  if (isWrappedMark(block, last, line, pitch)) return true
  // Horizontal overlap with the block (first: most blocks looked at stand in another column).
  const overlap = Math.min(block.right, line.right) - Math.max(block.left, line.left)
  if (
    overlap < 0.3 * Math.min(block.right - block.left, line.right - line.left) &&
    !endsUnderIndent(block, line)
  )
    return false
  if (block.lines.length === 1 && wrapsAttribution(last, line, pitch)) return true
  // The box that ends a proof, on a line of its own at the measure, ends the proof's paragraph.
  if (
    isEndOfProof(line.text) &&
    line.right > block.right - line.fontSize &&
    pitch < 2 * line.fontSize
  )
    return true
  // A row of bullets or stars between sections ("• • •") stands apart from both.
  if (isBulletRow(line.text) || isBulletRow(last.text)) return false
  if (carriesAddressOn(block, last, line, pitch)) return true
  // A sentence may wrap into, or out of, inline code in typewriter type, set a size down on web
  // pages ("the fastest VM on 9 of the 26 benchmarks / `(3d-morph, bitops-3bit-bits-in-byte,`");
  // elsewhere typewriter type opens or ends a listing.
  const codeWrap =
    line.monospace !== last.monospace &&
    (wrapsAtPitch(last, line, pitch, rhythm) || wrapsOutOfCode(block, last, line, pitch, rhythm))
  const ratio = line.fontSize / last.fontSize
  if ((ratio > SIZE_RATIO || ratio < 1 / SIZE_RATIO) && !codeWrap && !carriesOn(last, line)) {
    return false
  }
  // One font at two sizes is two styles (a heading over its subheading) flush left, or within a
  // table cell's padding of it (a heading over a table's header row), or where a lone line's
  // next steps in under it and reaches past it (a manual page's "SYNOPSIS" over its commands). A
  // mixed line's size moves with its other font, and a centred title may vary its lines' sizes.
  if (
    line.fontId === last.fontId &&
    (Math.abs(line.left - last.left) < 0.3 * last.fontSize ||
      (block.lines.length === 1 &&
        line.left > last.left + 0.9 * last.fontSize &&
        line.right > last.right)) &&
    (ratio > SAME_FONT_SIZE_RATIO || ratio < 1 / SAME_FONT_SIZE_RATIO) &&
    !carriesOn(last, line)
  )
    return false
  // A quotation set off in smaller type, indented from the text around it, stands apart from the
  // text, though with no space over or under it (a thesis's block quote, 11 pt in 12).
  const [smaller, larger] = line.fontSize < last.fontSize ? [line, last] : [last, line]
  if (!codeWrap && !carriesOn(last, line) && setsOffQuotation(smaller, larger)) return false
  if (line.fontId !== last.fontId && block.lines.length === 1) {
    // A lone short line in another font above a paragraph is a heading or a label, and so is a
    // full one level with text far right of it (a row's first cell), unless it breaks a word
    // into the line under it (a run-in title's paragraph in a narrow column, "no work-").
    if (!isFullLineOf(last, line) || (rhythm.rowStarts.has(last) && !breaksWordInto(last, line)))
      return false
    // A full one is the paragraph's first line at the paragraph's own pitch; set further off, it
    // is a line of its own (a byline over the first column of its article). A wrap into inline
    // code keeps the pitch of the prose around it, as found above.
    const usual = rhythm.pitches.get(Math.round(line.fontSize * 2))
    if (!codeWrap && usual !== undefined && pitch > usual * LEAD_LINE_PITCH_SLACK) return false
  }
  if (line.bold !== last.bold && block.lines.length === 1) return false
  // A line all in another font than the next line's that stops short of that line's first word
  // is a heading or a label over its text, under any number of lines: a leaflet's "Warnings and
  // precautions" and "Risk of low blood sugar" in bold over their paragraph. A phrase in another
  // font that wraps into the text fills its line first.
  if (inOtherFont(last, line) && leavesRoomFor(block, last, line)) return false
  // A lone line in capitals, centred over a wider line, is a heading over its text
  // ("ACKNOWLEDGMENT" over a paper's last paragraph), in the text's own type.
  if (block.lines.length === 1 && isCentredCapitals(last, line)) return false
  // So is a short one in capitals, in a type of its own, over a line in mixed case whose first
  // word would have fitted after it: a résumé's "EDUCATION" over "University of California,
  // Berkeley" (a list's entries may be acronyms: "AARP" over "American Health Care Association").
  if (
    block.lines.length === 1 &&
    (last.fontId !== line.fontId || last.fontSize > 1.02 * line.fontSize) &&
    CAPITALS_TITLE.test(last.text) &&
    /\p{Ll}/u.test(line.text) &&
    fitsAfter(line, line.right - last.right)
  )
    return false
  // A lone short line in one font over a line that opens in that font and goes on in another
  // is a heading over a paragraph that opens with a term in the heading's type ("Key terms" over
  // "Chlorophyll - the green pigment"), not the first line of a lead-in that wraps, nor a table's
  // title wrapped in its cell: set larger, it is short of a full line; in the line's size, it
  // left room for the line's first word ("Pregnancy and breast-feeding" over "Do not take this
  // medicine ..." opening in bold), where a table's header cell in Chinese, with no word
  // spaces, tells nothing by its length.
  if (
    block.lines.length === 1 &&
    opensWithTermIn(last, line) &&
    (last.fontSize > 1.02 * line.fontSize
      ? !isFullLineOf(last, line)
      : last.text.includes(' ') && fitsAfter(line, line.right - last.right))
  )
    return false
  // After a finished sentence, a line in another font and size opens something new: a heading.
  if (
    line.fontId !== last.fontId &&
    Math.abs(line.fontSize - last.fontSize) > 0.05 * last.fontSize &&
    endsFullStop(last)
  ) {
    return false
  }
  if (line.monospace !== last.monospace && !codeWrap) return false
  // Under centred lines, a line in another size that stands out ems beyond them on both sides
  // opens a paragraph of its own: a paper's abstract under its centred note and "Abstract". (A
  // title's subtitle, wider and smaller, stands under the one line of the title.)
  if (
    block.lines.length >= 2 &&
    isCentredStack(block) &&
    Math.abs(line.fontSize - last.fontSize) > 0.05 * last.fontSize &&
    line.left < block.left - CENTRED_OVERHANG_EM * last.fontSize &&
    line.right > block.right + CENTRED_OVERHANG_EM * last.fontSize
  ) {
    return false
  }
  // A line that opens with a raised mark opens a note: no paragraph wraps before its mark.
  if (line.openingMark !== undefined) return false
  const finished = endsSentence(last)
  // A clause numbered in levels ("1.1", "2.3.1") opens a paragraph of its own after a finished
  // sentence or a lone line of words that stops short or is numbered itself (its clause's
  // title, "1. Definitions"), though set in under it; under a lone figure it is the next figure
  // of a column ("6.0 - 8.4 V" over "2.5 A at 7.4 V"). A paragraph's first line may wrap before
  // a figure ("2.4 GHz").
  if (
    (finished ||
      (block.lines.length === 1 &&
        /\p{L}{3}/u.test(last.text) &&
        (leavesRoomFor(block, last, line) || isSectionNumber(last.text)))) &&
    CLAUSE_NUMBER.test(line.text)
  )
    return false
  // A numbered reference ("[3] F. Müller. ...") opens an entry of its own after a finished one,
  // and a patent's numbered paragraph ("[0006] The processor ...") one of its own after anything.
  if (finished && REFERENCE_ENTRY.test(line.text)) return false
  if (PARAGRAPH_NUMBER.test(line.text)) return false
  // The roman number after that of the note a block opens with opens the next note ("iv Ibid."
  // over "v Interview with ..."): a word processor's endnotes in the body's type, where no
  // raised mark or hanging indent sets them apart. Figures open the lines of lists as often
  // ("1 kg" over "3 tbsp"), and their notes are told apart as notes, by `splitNotes`.
  if (opensNextRomanNote(block.lines[0] as Line, line)) return false
  // After a finished sentence, a term opens the next entry: in another font, stepping out to the
  // left of the definition indented under the term before, or in its own type, opening the line
  // as the block's first line opens (a description list's items, run-in headings).
  // A paragraph's first line alone at the page's indent, its terms in italic outweighing its
  // roman, wraps back to the margin in the roman: no term steps out there.
  const stepsOut =
    line.fontId !== last.fontId &&
    line.left < block.left - 0.5 * last.fontSize &&
    !(block.lines.length === 1 && standsAtIndent(rhythm.indents, last))
  if (finished && (stepsOut || opensWithTermOf(line, block.lines[0] as Line))) return false
  // So does a term of a few words stepping out so from a definition of lines, finished or not (a
  // web page's glossary, whose definitions end without a full stop).
  if (stepsOut && block.lines.length >= 2 && countWords(line.text) <= TERM_MAX_WORDS) return false
  const em = last.fontSize
  // An item's wrap hangs under its text: a line that starts well right of it, off its middle, is
  // a table's cell under a list that ran across the table's columns.
  if (block.lines.length === 1 && isSetInsideItem(line, last)) return false
  // A caption under a short line is no line of it: the cell of a table's last row over the
  // table's caption. Prose that wraps before "Figure 2" runs the width of its column.
  if (block.lines.length === 1 && last.text.length <= CELL_MAX_CHARS && startsCaption(line.text))
    return false
  if (block.lines.length >= 2) {
    const before = block.lines[block.lines.length - 2] as Line
    const usual = last.baseline - before.baseline
    if (pitch > usual * PITCH_SLACK + 0.15 * em) return false
    // After a finished sentence, or a line that stops short of the next line's first word (a
    // guideline's recommendation ending in "(Strong recommendation, low-quality evidence)"), a
    // little space more parts paragraphs set close (3 pt after).
    if (
      pitch > usual * FINISHED_PITCH_SLACK + 0.05 * em &&
      (finished || leavesRoomFor(block, last, line))
    )
      return false
  } else {
    const size = Math.round(em * 2)
    const usual = rhythm.pitches.get(size)
    // So does a lone line that stops short so: a leaflet's one-line paragraphs, 3 pt apart.
    if (
      usual !== undefined &&
      pitch > usual * FINISHED_PITCH_SLACK + 0.05 * em &&
      leavesRoomFor(block, last, line)
    )
      return false
    const limit = FIRST_PITCH_EM * em
    // Chinese and Japanese break anywhere: their lines run on only to the measure of the column
    // they stand in, which a page's other column may pass.
    const unspaced = joinsUnspaced(last.text.at(-1) ?? '', line.text)
    const pageMeasure = rhythm.measures.get(size) ?? last.right
    const measure = unspaced ? Math.min(pageMeasure, Math.max(last.right, line.right)) : pageMeasure
    // Text set double-spaced (a court filing, a manuscript), or Chinese and Japanese set at 1.8,
    // keeps its wide pitch from a paragraph's first line on, where that line runs on unfinished
    // to a line under it; elsewhere a pitch that wide parts one-line paragraphs, entries, labels.
    const reach =
      usual === undefined
        ? runsOnBelow(last, line, measure)
          ? LONE_WRAP_PITCH_EM * em
          : limit
        : (usual > limit || (unspaced && usual + 0.15 * em > limit)) &&
            (runsOnBelow(last, line, measure) ||
              opensParagraphOver(last, line, measure) ||
              (last.rtl === true &&
                runsOnBelowLeftward(last, line, rhythm.starts.get(size) ?? last.left)))
          ? usual + 0.15 * em
          : Math.min(limit, usual * PITCH_SLACK + 0.15 * em)
    if (pitch > reach) return false
  }
  // A fact box's next entry opens with its key ("How often: monthly") under an entry that left
  // room for the key's first word.
  if (
    !line.monospace &&
    ENTRY_KEY.test(line.text) &&
    !endsOnOpenWord(last.text) &&
    fitsAfter(line, block.right - last.right)
  )
    return false
  const marker = listMarker(line.text)
  if (
    marker !== undefined &&
    !nestsInCode(last, line) &&
    // A number under a full line that ended its sentence opens the next item all the same, and
    // so does a bullet under one that leads into a list with a colon (numbers after a colon
    // may count the sentence's own parts: "in two stages:" over "1) instruction tuning and 2)").
    !(
      listMarker(last.text) === undefined &&
      (isWrapped(block, last) ||
        (FIGURE_MARKER.test(marker) && wrapsFirstLine(block, last, line))) &&
      !endsFullStop(last) &&
      !(last.text.endsWith(':') && !isOrderedMarker(marker)) &&
      !startsItem(block, last, line)
    ) &&
    !wrapsOntoMarker(last, marker, line, rhythm) &&
    !separatesAbove(last, marker) &&
    !isSpacedDashAside(last, line) &&
    !closesBracketAbove(last, marker)
  ) {
    return false
  }
  // A first-line indent after a full line, or after a finished sentence, starts a new paragraph;
  // a value's wrap under the value, set apart from its key, goes on, and so do the rest of an
  // index entry's pages.
  // Right-to-left text indents at its right, and its lines end at their left.
  const inset = line.rtl ? block.right - line.right : line.left - block.left
  const beyondLast = line.rtl ? last.right - line.right : line.left - last.left
  const lastFull = line.rtl
    ? last.left < block.left + 1.5 * em
    : last.right > block.right - 1.5 * em
  if (
    block.lines.length >= 2 &&
    inset > 0.9 * em &&
    beyondLast > 0.9 * em &&
    (lastFull || finished) &&
    (finished || !(wrapsUnderValue(last, line) || wrapsPages(last, line))) &&
    !hangsUnderNumber(last, line) &&
    !endsCentredParagraph(block, line)
  ) {
    return false
  }
  // After a full stop, a line set well inside the block on both sides and off its last line's
  // middle is no line of it: the page's footer centred under a note.
  if (
    endsFullStop(last) &&
    line.left > block.left + INSIDE_EMS * em &&
    line.right < block.right - INSIDE_EMS * em &&
    Math.abs(line.left + line.right - last.left - last.right) / 2 > 0.5 * em
  ) {
    return false
  }
  // A letter's salutation stands alone over the letter's first paragraph.
  if (block.lines.length === 1 && SALUTATION.test(last.text)) return false
  // A lone line that ends a sentence short of the line under it, which starts out to its left,
  // ended there (an item's last words atop a page, over the next paragraph at the margin): a
  // paragraph's indented first line runs on to the measure, and a title's lines are centred.
  if (
    block.lines.length === 1 &&
    endsFullStop(last) &&
    line.left < last.left - 0.5 * em &&
    fitsAfter(line, line.right - last.right) &&
    Math.abs(last.left + last.right - line.left - line.right) / 2 > em
  ) {
    return false
  }
  // A lone line that ends a sentence over a line at the page's paragraph indent is a paragraph's
  // last line alone at the top of a column or page, over the next paragraph (an item's wrap
  // hangs under its text, wherever that stands).
  if (
    block.lines.length === 1 &&
    finished &&
    listMarker(last.text) === undefined &&
    !hangsUnderNumber(last, line) &&
    opensAtIndent(rhythm.indents, last, line)
  ) {
    return false
  }
  // A lone line at the page's paragraph indent that ends a sentence short of the measure, over
  // another line at that indent, is a paragraph of its own (a novel's line of dialogue); so is
  // one that runs to the measure over the first line of a paragraph of more lines.
  const indent =
    block.lines.length === 1 && finished ? sharedIndent(rhythm.indents, last, line) : undefined
  if (indent) {
    const room = indent.right - last.right
    if (fitsAfter(line, room) || (indent.justified && room > JUSTIFIED_SLACK)) return false
    // Nor does it go on into a line that opens a paragraph of its own, though it runs to the
    // measure: the lines under that one wrap back to the margin.
    if (rhythm.openers.has(line)) return false
  }
  // A lone line over an indented line that reaches further right, with room for that line's
  // first word, was broken on purpose: a paragraph's last line alone at the top of a column over
  // the next paragraph's indent, or a heading over its section's first line (a manual page's
  // "OPTIONS" over "Generic Program Information"). A colon's, comma's or semicolon's indented
  // lines are what it leads to, and an item's wrap hangs under its text.
  if (
    block.lines.length === 1 &&
    !last.monospace &&
    listMarker(last.text) === undefined &&
    !/[:;,]$/.test(last.text) &&
    /^[\p{Lu}\d-]/u.test(line.text) &&
    line.left - last.left > 0.9 * em &&
    fitsAfter(line, line.right - last.right)
  ) {
    return false
  }
  if (endsHangingIndent(block, line) || leavesItem(block, line) || endsItemShort(block, line)) {
    return false
  }
  if (block.lines.length === 1 && endsCaption(last, line, finished)) return false
  // A chart's title over its subtitle in a smaller face of its own ("Chart 1: Saving remains
  // elevated" over "Cumulative household saving, £ billions"): two lines, not one caption.
  if (
    block.lines.length === 1 &&
    startsCaption(last.text) &&
    line.fontId !== last.fontId &&
    line.fontSize < SUBTITLE_SIZE_SHARE * last.fontSize
  )
    return false
  // A table-of-contents entry is whole once its leader reaches the page number.
  if (endsContentsEntry(last.text)) return false
  // A short line that ends a sentence closes its paragraph, unless the text goes on in lowercase
  // with a word that would not have fitted in the room left: ragged text wrapped there, after a
  // colon ("cross each other:" + "together they form") or a reference's pages ("45-67." +
  // "https://doi.org/10.1000/jda.2019.045").
  if (
    block.lines.length >= 2 &&
    last.right < block.right - 4 * em &&
    finished &&
    !wrapsOnInLowercase(line, block.right - last.right)
  ) {
    return false
  }
  return true
}

/** Whether `line` opens with the roman number of the note after the one that `first` opens. */
function opensNextRomanNote(first: Line, line: Line): boolean {
  const number = romanNoteNumber(first.text)
  return number !== undefined && opensNote(first, line, number + 1)
}

/** Ems a line stands inside a block on each side to be set apart from it after a full stop. */
const INSIDE_EMS = 4

/**
 * Whether `line` is a citation mark alone, in its smaller type, that did not fit after the full
 * line above it and wrapped to the next line's start ("...grew medieval." then "[2]").
 */
function isWrappedMark(block: Block, last: Line, line: Line, pitch: number): boolean {
  return (
    LONE_CITATION.test(line.text) &&
    line.fontSize < SUPERSCRIPT_MIN_SHRINK * last.fontSize &&
    Math.abs(line.left - block.left) < 0.5 * last.fontSize &&
    last.right > block.right - 3 * last.fontSize &&
    pitch < 1.5 * last.fontSize
  )
}

function wrapsOnInLowercase(line: Line, room: number): boolean {
  return /^\p{Ll}/u.test(line.text) && !fitsAfter(line, room)
}

/** A list marker that a figure ending a sentence reads as: "12.", "3.". */
const FIGURE_MARKER = /^\d{1,4}\.$/
/** A clause number in levels and the clause's text: "1.1 The Council shall", "2.3.1 "Services"". */
const CLAUSE_NUMBER = /^\d{1,3}(?:\.\d{1,3})+\.? +["'(\p{Lu}]/u
/** A patent's numbered paragraph: "[0006] The processor", "【0006】". */
const PARAGRAPH_NUMBER = /^(?:\[\d{4,5}\]|【\d{4,5}】)/
/** A bibliography's entry, its number in brackets: "[3] F. Müller. Battery models". */
const REFERENCE_ENTRY = /^\[\d{1,3}\] +\S/

/**
 * Whether `next` may be a line of its own after `line`: no hyphen breaks a word between them,
 * and `next` starts with a capital or a figure, as an entry does, or with any word after page
 * numbers or a lone letter (an index's entries, whose terms start in lowercase, under the
 * letters they are sorted by).
 */
function mayStartLine(line: Line, next: Line): boolean {
  return (
    !/[-\u2010\u00AD]$/.test(line.text) &&
    (/^[\p{Lu}\d]/u.test(next.text) ||
      PAGE_REFERENCES.test(line.text) ||
      /^\p{Lu}$/u.test(line.text))
  )
}

/**
 * Whether the first word of `line` would have fitted after `last`, the last line of `block`,
 * within the block's measure or the line's own: `last` stops short by choice, not for want of
 * room. A word broken at the end of `last` did not fit, whatever is left of it.
 */
function leavesRoomFor(block: Block, last: Line, line: Line): boolean {
  if (last.rtl || line.rtl || /-\s?$/.test(last.text)) return false
  return fitsAfter(line, Math.max(block.right, line.right) - last.right)
}

/** Type this much larger than a quotation's is the text's around it. */
const QUOTATION_SIZE_RATIO = 1.05

/**
 * Whether the smaller of two lines stands in from the larger as a quotation set off from the
 * text does: a size smaller and an em or more in from its left edge.
 */
function setsOffQuotation(smaller: Line, larger: Line): boolean {
  return (
    larger.fontSize > QUOTATION_SIZE_RATIO * smaller.fontSize &&
    smaller.left > larger.left + 0.9 * larger.fontSize &&
    !smaller.monospace &&
    !larger.monospace
  )
}

/** Whether every run of `last` that holds letters is in another font than `line` is. */
function inOtherFont(last: Line, line: Line): boolean {
  return last.runs.every((run) => run.fontId !== line.fontId || !/\p{L}/u.test(run.text))
}

/**
 * Whether the first word of a line, and a space before it, fit in `room`: then the line above,
 * which left that room, was broken on purpose rather than wrapped.
 */
export function fitsAfter(line: Line, room: number): boolean {
  const word = line.text.indexOf(' ')
  const letters = word === -1 ? line.text.length : word
  const perLetter = (line.right - line.left) / Math.max(1, line.text.length)
  return (letters + 1) * perLetter < room
}

/**
 * Whether a line ends a sentence, or the lead-in of what follows (":"). In typewriter type a
 * colon ends a line of code ("if stage >= 2:", "steps:") and its next line steps in a level.
 */
function endsSentence(line: Line): boolean {
  return line.monospace ? endsFullStop(line) : LEAD_IN_END.test(textBeforeNoteMark(line))
}

/** A quotation's attribution, opened by a dash: "— Agnes Wirth", "—Arthur Conan Doyle,". */
const ATTRIBUTION = /^[—–] ?\S/

/**
 * Whether a line wraps a quotation's attribution set flush right ("— Agnes Wirth, Notes on the
 * Admiralty" over "Surveys (1911)"): the dash opens it, the wrap ends on its right edge, shorter,
 * at the pitch of its size (a work's title may be in italics), and no sentence ended before it.
 */
function wrapsAttribution(last: Line, line: Line, pitch: number): boolean {
  return (
    ATTRIBUTION.test(last.text) &&
    Math.abs(line.right - last.right) < 0.5 &&
    line.left > last.left &&
    Math.abs(line.fontSize - last.fontSize) < 0.05 * last.fontSize &&
    pitch < PITCH_SLACK * SOLID_PITCH_EM * last.fontSize &&
    !endsSentence(last)
  )
}

/**
 * Whether a marker closed by a bracket closes one that the line before left open: "(1.5" over
 * "m) clearance on all sides" wraps a unit, no item "m)".
 */
function closesBracketAbove(last: Line, marker: string): boolean {
  if (!marker.endsWith(')') || marker.startsWith('(')) return false
  let open = 0
  for (const char of last.text) {
    if (char === '(') open++
    else if (char === ')' && open > 0) open--
  }
  return open > 0
}

/**
 * Whether a line opens with a spaced dash that goes on with the sentence of the line before
 * ("being hollowed out again" + "— this time to store hydrogen"): no item's dash follows a line
 * that is no item and has not ended its sentence, and none leads a word in lowercase there, or
 * the next part of a title the line before parts with the same dash ("Information technology —
 * Security techniques" + "— Overview and vocabulary", as standards are named).
 */
function isSpacedDashAside(last: Line, line: Line): boolean {
  const dash = /^([–—]) (\p{L})/u.exec(line.text)
  if (dash === null || listMarker(last.text) !== undefined || /[.!?:;]$/.test(last.text)) {
    return false
  }
  return /\p{Ll}/u.test(dash[2] as string) || last.text.includes(` ${dash[1]} `)
}

/** Whether a line ends a sentence with a full stop, a question or an exclamation mark. */
function endsFullStop(line: Line): boolean {
  return FULL_STOP_END.test(textBeforeNoteMark(line))
}

/**
 * A line's text without the note mark raised after its last word: "salt content.¹" ends a
 * sentence, though its last character is the mark's "1".
 */
function textBeforeNoteMark(line: Line): string {
  const mark = line.runs[line.runs.length - 1]
  if (mark === undefined || line.runs.length < 2 || !isRaisedNoteMark(mark, line)) return line.text
  const text = mark.text.trim()
  if (!line.text.endsWith(text)) return line.text
  return line.text.slice(0, line.text.length - text.length).trimEnd()
}

/**
 * Whether a line goes back out to the first line of a block set with a hanging indent: a list
 * item whose wrapped lines stand under its text, or a reference whose lines after the first are
 * indented. The item is over, and the line opens the next paragraph. A centred title's lines move
 * in and out too, so the indent must be a list marker's or be kept by two lines or more.
 */
function endsHangingIndent(block: Block, line: Line): boolean {
  const lines = block.lines
  const first = lines[0] as Line
  const second = lines[1]
  const em = first.fontSize
  // Code steps in and out with its nesting.
  if (second === undefined || first.monospace) return false
  const indent = second.left
  if (indent < first.left + 0.5 * em) return false
  if (line.left >= indent - 0.5 * em || line.left >= first.left + 0.5 * em) return false
  if (lines.length < 3 && listMarker(first.text) === undefined) return false
  for (let i = 2; i < lines.length; i++) {
    if (Math.abs((lines[i] as Line).left - indent) > 0.2 * em) return false
  }
  return true
}

/**
 * Whether a line starts out to the left of the marker of the list item it would continue: the
 * item's own lines, wrapped under its text or under its marker, never do, so the line opens the
 * paragraph after the list, however closely it follows.
 */
function leavesItem(block: Block, line: Line): boolean {
  const first = block.lines[0] as Line
  return (
    line.left < first.left - 0.5 * first.fontSize &&
    listMarker(first.text) !== undefined &&
    // A raised mark opens a note, whose lines wrap to the margin ("* Corresponding author.").
    first.openingMark === undefined &&
    !wrapsToMargin(block, line)
  )
}

/**
 * Whether `line`, back at the marker of a one-line item and without one of its own, is the text
 * after the list: the item ended short of it, with room for its first word (a leaflet's "Uncommon
 * side effects" under "• Feeling sick (nausea)"), where an item that wraps to its marker fills its
 * line first.
 */
function endsItemShort(block: Block, line: Line): boolean {
  const first = block.lines[0] as Line
  const marker = listMarker(first.text)
  return (
    block.lines.length === 1 &&
    // An asterisk marks a note as often ("* Corresponding author.").
    marker !== undefined &&
    marker !== '*' &&
    listMarker(line.text) === undefined &&
    Math.abs(line.left - first.left) <= 0.5 * first.fontSize &&
    fitsAfter(line, line.right - first.right)
  )
}

/**
 * Whether `line` goes on in lowercase from an item's first line that broke mid-sentence, back
 * at the margin: a line of dialogue opened by a dash at the paragraph indent ("— Pas du tout.
 * ... C'est" + "le seul baromètre").
 */
function wrapsToMargin(block: Block, line: Line): boolean {
  const last = block.lines[block.lines.length - 1] as Line
  // So does a figure that is no item's number ("on pages 96 to" + "99.").
  const goesOn =
    /^\p{Ll}/u.test(line.text) || (/^\d/.test(line.text) && listMarker(line.text) === undefined)
  return block.lines.length === 1 && goesOn && !endsSentence(last)
}

/** A subtitle under a caption is set at most this share of the caption's size. */
const SUBTITLE_SIZE_SHARE = 0.95

/**
 * Whether a caption's one line ends before `line`: it names a table or figure and ends its
 * sentence, and the line under it is shorter, so no wrapped part of it, or holds cells a
 * column's gap apart (a table's header, wider than its caption). Where the caption is set in the
 * text's own type (LaTeX), the table's first row would otherwise run on from it. A sentence of
 * words under it at its left edge is the caption's next sentence ("The shaded band is omitted
 * for clarity."): a table's row ends in no full stop.
 */
function endsCaption(caption: Line, line: Line, finished: boolean): boolean {
  if (line.cellStarts !== undefined) return finished && startsCaption(caption.text)
  return (
    finished &&
    startsCaption(caption.text) &&
    line.right - line.left < CAPTION_CONTINUATION_SHARE * (caption.right - caption.left) &&
    !(
      Math.abs(line.left - caption.left) < 0.5 * caption.fontSize &&
      holdsWords(line.text, CAPTION_SENTENCE_WORDS) &&
      endsFullStop(line)
    )
  )
}

/** Fewest words of a caption's next sentence. */
const CAPTION_SENTENCE_WORDS = 4

/**
 * Whether a line opens as `first` does, at its left edge, with a term set in a font of its own
 * (bold, italic or typewriter) before more text in the lines' common font: "**Checksum** A small
 * value".
 */
function opensWithTermOf(line: Line, first: Line): boolean {
  const term = runInTerm(line)
  return (
    term !== undefined &&
    Math.abs(line.left - first.left) < 0.5 * first.fontSize &&
    line.fontId === first.fontId &&
    runInTerm(first)?.fontId === term.fontId
  )
}

/**
 * The run a line opens with when it is a word or more in a font other than the line's; a lone
 * letter is more likely a variable of a formula.
 */
function runInTerm(line: Line): TextRun | undefined {
  const run = line.runs[0]
  if (run === undefined || line.runs.length < 2 || run.fontId === line.fontId) return undefined
  return TERM_WORD.test(run.text) ? run : undefined
}

/**
 * Whether `line` is all in one font, and `next` opens in that font and goes on in another for at
 * least half as many characters: a term and the start of its definition, not a word and a note
 * mark.
 */
function opensWithTermIn(line: Line, next: Line): boolean {
  const inked = (run: TextRun) => run.text.trim() !== ''
  const font = line.runs.find(inked)?.fontId
  if (font === undefined || line.runs.some((run) => inked(run) && run.fontId !== font)) return false
  const runs = next.runs.filter(inked)
  if (runs[0]?.fontId !== font) return false
  let term = 0
  let rest = 0
  for (const run of runs) {
    const inkedChars = run.text.replace(/\s/g, '').length
    if (run.fontId === font) term += inkedChars
    else rest += inkedChars
  }
  return 2 * rest >= term
}

/**
 * Whether `first` is as wide as the line below it, i.e. a full line of the same paragraph: the
 * line below starts under it, under its hanging indent or centred under it, not in a column of
 * its own under a line that spans the page (a headline over the columns of its story).
 */
function isFullLineOf(first: Line, next: Line): boolean {
  const em = first.fontSize
  // A short line counts where it is stretched to the next line's both edges, its spaces
  // widened: a newspaper's narrow column ("PORT ALDER — The" over "regional transit authority").
  const justified =
    Math.abs(first.left - next.left) < 0.5 * em &&
    Math.abs(first.right - next.right) < 0.5 * em &&
    (first.right - first.left) / first.text.length >
      STRETCHED_LINE_RATIO * ((next.right - next.left) / next.text.length)
  if (
    first.right - first.left < 0.85 * (next.right - next.left) ||
    (first.text.length <= 30 && !justified)
  ) {
    return false
  }
  // Right-to-left lines start at the right: a short last line ends there.
  const inset = next.rtl ? first.right - next.right : next.left - first.left
  const otherSide = next.rtl ? next.left - first.left : first.right - next.right
  return inset < HANGING_MAX_EM * em || Math.abs(inset - otherSide) < em
}

/** How much wider a line's characters stand than the next line's where its spaces are stretched. */
const STRETCHED_LINE_RATIO = 1.3
/** Fewest words on a line of running text that a double-spaced paragraph's next line continues. */
const RUNNING_LINE_WORDS = 8
/** Most ems a paragraph's first line is indented by: a manuscript's half inch is 3 of 12 pt. */
const INDENT_MAX_EM = 4
/** Fewest words on a line of running text that wraps at its type's pitch (a note's narrow box). */
const WRAPPED_LINE_WORDS = 5

/**
 * Whether `line` reads on from `first` as the next line of running text: `first` holds many words
 * and no finished sentence, and runs so near the page's right edge for its type that the first
 * word of `line` would not have fitted after it; `line` starts under it (under its text, past a
 * list marker) or out to the left of its indent, and ends about where it ends or short of it.
 * Entries of a list stacked as widely end short of the edge (their page numbers stand at it).
 */
function runsOnBelow(
  first: Line,
  line: Line,
  measure: number,
  words = RUNNING_LINE_WORDS,
): boolean {
  return (
    holdsWords(first.text, words) &&
    !endsSentence(first) &&
    !fitsAfter(line, measure - first.right) &&
    line.left < textLeft(first) + first.fontSize &&
    line.right < first.right + 2 * first.fontSize
  )
}

/**
 * Whether a full line indented from the line under it opens a paragraph that goes on there, even
 * where it ends a sentence: a double-spaced paragraph's first line over its second at the margin.
 */
function opensParagraphOver(first: Line, line: Line, measure: number): boolean {
  const em = first.fontSize
  return (
    holdsWords(first.text, RUNNING_LINE_WORDS) &&
    first.right > measure - em &&
    line.left < first.left - 0.5 * em &&
    line.left > first.left - INDENT_MAX_EM * em &&
    line.right < first.right + 2 * em
  )
}

/**
 * `runsOnBelow` for right-to-left text set flush right, whose lines run on to the page's left
 * edge (`start`). Text set flush left, right to left or not, runs on as `runsOnBelow` tells.
 */
function runsOnBelowLeftward(first: Line, line: Line, start: number): boolean {
  return (
    holdsWords(first.text, RUNNING_LINE_WORDS) &&
    !endsSentence(first) &&
    !fitsAfter(line, first.left - start) &&
    line.right > first.right - first.fontSize &&
    line.left > first.left - 2 * first.fontSize
  )
}

/**
 * Whether a text holds at least `count` words: words set apart by spaces, or twice as many
 * characters of writing set without spaces between words (Chinese, Japanese, Thai).
 */
function holdsWords(text: string, count: number): boolean {
  if (text.split(' ').length >= count) return true
  let unspaced = 0
  for (const char of text) if (isUnspacedWriting(char) && ++unspaced >= 2 * count) return true
  return false
}

/**
 * Whether a short line under a block's one indented line ends it at the margin, left of the
 * indent: a note's last word alone ("* Definitions are given on pages 96 to" over "99.").
 */
function endsUnderIndent(block: Block, line: Line): boolean {
  const em = line.fontSize
  return (
    block.lines.length === 1 &&
    line.left < block.left &&
    block.left - line.left <= 2 * em &&
    line.right >= block.left - 0.5 * em
  )
}

/** Whether a line ends in a word broken by a hyphen that goes on in lowercase on the next. */
function breaksWordInto(last: Line, line: Line): boolean {
  return /\p{Ll}[-\u2010\u00AD]$/u.test(last.text) && /^\p{Ll}/u.test(line.text)
}

/**
 * Whether a line opens in the type that the unfinished line above ends in: it carries that
 * sentence on, whatever type most of it is set in (a caption's last words, then the
 * photographer's credit in smaller capitals).
 */
function carriesOn(last: Line, line: Line): boolean {
  const end = last.runs[last.runs.length - 1]
  const start = line.runs[0]
  return (
    end !== undefined &&
    start !== undefined &&
    start.fontId === end.fontId &&
    Math.abs(start.fontSize - end.fontSize) < 0.1 &&
    /^\p{Ll}/u.test(start.text) &&
    !endsSentence(last)
  )
}

/**
 * Whether a line is the short last line of a paragraph set centred: the block's lines of running
 * text, ragged on both sides, share its middle, and the sentence goes on into it (a contract's
 * preamble), where a paragraph's indented first line runs on to the measure.
 */
function endsCentredParagraph(block: Block, line: Line): boolean {
  const first = block.lines[0] as Line
  const last = block.lines[block.lines.length - 1] as Line
  return (
    line.right < block.right - line.fontSize &&
    !endsSentence(last) &&
    block.lines.every((other) => holdsWords(other.text, RUNNING_LINE_WORDS)) &&
    block.lines.some((other) => Math.abs(other.left - first.left) > 1) &&
    centredOnFirst(block.lines, 0.5) &&
    centredOnFirst([first, line], 0.5)
  )
}

/** Whether a block's lines are centred on one another, within an em. */
function isCentredStack(block: Block): boolean {
  return centredOnFirst(block.lines, 1)
}

/** Whether lines are centred on the first one's middle, each within `ems` of its font size. */
function centredOnFirst(lines: readonly Line[], ems: number): boolean {
  const first = lines[0] as Line
  const centre = (first.left + first.right) / 2
  return lines.every(
    (line) => Math.abs((line.left + line.right) / 2 - centre) <= ems * line.fontSize,
  )
}

/** A title in capitals: a few words of capital letters, no punctuation at its end. */
const CAPITALS_TITLE = /^[\p{Lu}\d][\p{Lu}\d\s&'’-]{3,40}$/u

/** Whether `last` is a title in capitals centred over `line`, which reaches out past it by ems. */
function isCentredCapitals(last: Line, line: Line): boolean {
  const em = last.fontSize
  return (
    CAPITALS_TITLE.test(last.text) &&
    /\p{Lu}{3}/u.test(last.text) &&
    last.left > line.left + 2 * em &&
    last.right < line.right - 2 * em &&
    Math.abs((last.left + last.right) / 2 - (line.left + line.right) / 2) <= em
  )
}

/** Ems a wider line stands out beyond centred lines above it, on each side, to open a paragraph. */
const CENTRED_OVERHANG_EM = 3
/** A line that goes on with an address stands at most this many font sizes under it. */
const ADDRESS_WRAP_MAX_PITCH_EM = 1.6

/**
 * Whether `line` goes on with the web address that `last` ends in, broken where it did not fit:
 * it opens in the address's type, in lowercase or with a figure ("...at https://github." +
 * "com/example-org/", "data/processed/" + "2021, together with"). The address's own dots and
 * slashes end no sentence, and its type, typewriter in a TeX paper, is no listing's.
 */
function carriesAddressOn(block: Block, last: Line, line: Line, pitch: number): boolean {
  const end = last.runs[last.runs.length - 1]
  const start = line.runs[0]
  return (
    pitch < ADDRESS_WRAP_MAX_PITCH_EM * last.fontSize &&
    Math.abs(line.left - block.left) < last.fontSize &&
    end !== undefined &&
    start !== undefined &&
    start.fontId === end.fontId &&
    Math.abs(start.fontSize - end.fontSize) < 0.1 &&
    /^[\p{Ll}\d]/u.test(start.text) &&
    /[./]$/.test(last.text) &&
    endsInAddress(last.text) &&
    listMarker(line.text) === undefined
  )
}

/**
 * Whether a paragraph's line of prose goes on from a line of inline code its sentence wrapped
 * into ("by calling" / "AbortController.abort(). Use" / "AbortSignal.any() in newer runtimes."),
 * at the paragraph's own pitch, from its left edge.
 */
function wrapsOutOfCode(
  block: Block,
  last: Line,
  line: Line,
  pitch: number,
  rhythm: PageRhythm,
): boolean {
  const before = block.lines[block.lines.length - 2]
  if (!last.monospace || line.monospace || before === undefined || before.monospace) return false
  const usual = rhythm.pitches.get(Math.round(before.fontSize * 2))
  return (
    usual !== undefined &&
    pitch <= usual * LEAD_LINE_PITCH_SLACK &&
    Math.abs(line.left - before.left) < before.fontSize &&
    Math.abs(line.fontSize - before.fontSize) < 0.05 * before.fontSize &&
    !endsSentence(last)
  )
}

/** Whether `line` is the next line of the sentence `last` wraps, at the pitch of `last`'s type. */
function wrapsAtPitch(last: Line, line: Line, pitch: number, rhythm: PageRhythm): boolean {
  const size = Math.round(last.fontSize * 2)
  // Where too few lines of the type show its pitch, a solid-set line's is assumed.
  const usual = rhythm.pitches.get(size) ?? SOLID_PITCH_EM * last.fontSize
  const measure = rhythm.measures.get(size)
  return (
    measure !== undefined &&
    pitch <= usual * LEAD_LINE_PITCH_SLACK &&
    runsOnBelow(last, line, measure, WRAPPED_LINE_WORDS)
  )
}

/** Dots that part a list's words on one line, as well as opening items. */
const SEPARATOR_DOTS = '·•'

/**
 * Whether a dot that opens a line parts the words of the line above twice or more as well: a
 * keyword list wrapped before its separator ("Smart contracts · Relational verification ·
 * Symbolic execution" + "· Solidity"). A dash inside a line is no such evidence.
 */
function separatesAbove(last: Line, marker: string): boolean {
  return SEPARATOR_DOTS.includes(marker) && last.text.split(` ${marker} `).length > 2
}

/**
 * Whether a line that opens with an item's marker is the running sentence of the full line above
 * it, wrapped there: the marker is a figure in brackets that repeats the number the line above
 * ends on in words, as contracts write them ("for a period of five" + "(5) years after",
 * "within ten" + "(10) Business Days").
 */
function wrapsOntoMarker(last: Line, marker: string, line: Line, rhythm: PageRhythm): boolean {
  const figure = /^\((\d{1,2})\)$/.exec(marker)?.[1]
  const word = /[\p{L}-]+$/u.exec(last.text)?.[0]
  if (figure === undefined || word === undefined || numberInWords(word) !== Number(figure)) {
    return false
  }
  return runsOnBelow(last, line, rhythm.measures.get(Math.round(last.fontSize * 2)) ?? last.right)
}

/** A marker-like start after a line that ran to the right edge is usually wrapped text ("1. and"). */
function isWrapped(block: Block, last: Line): boolean {
  return block.lines.length >= 2 && last.right > block.right - 1.5 * last.fontSize
}

/**
 * Whether the one line of a block is a paragraph's first line wrapped before `line`: a line of
 * words with no room left for `line`'s first word ("... in Appendix C on page" over "12. Costs
 * are shown ...").
 */
function wrapsFirstLine(block: Block, last: Line, line: Line): boolean {
  return (
    block.lines.length === 1 &&
    holdsWords(last.text, WRAPPED_LINE_WORDS) &&
    !leavesRoomFor(block, last, line)
  )
}

/**
 * Whether a marker line under a wrapped line of a list item opens the next item: it stands out
 * to the left of the item's hanging indent, where (or left of where) the item's own marker stands.
 */
function startsItem(block: Block, last: Line, line: Line): boolean {
  const first = block.lines[0] as Line
  return (
    listMarker(first.text) !== undefined &&
    line.left < last.left - 0.5 * last.fontSize &&
    line.left < first.left + 0.5 * last.fontSize
  )
}

/** Whether a line ends a table-of-contents entry: its leader has reached the page number. */
export function endsContentsEntry(text: string): boolean {
  return TOC_ENTRY_END.test(text)
}

/** A block of one line. */
export function newBlock(line: Line, page: number): Block {
  return {
    lines: [line],
    page,
    left: line.left,
    top: line.top,
    right: line.right,
    bottom: line.bottom,
    fontSize: line.fontSize,
    fontId: line.fontId,
    bold: line.bold,
    italic: line.italic,
    monospace: line.monospace,
    kind: 'paragraph',
  }
}

/** A block like `template` (kind and style) holding `lines` (at least one), boxed around them. */
export function withLines(template: Block, lines: readonly Line[]): Block {
  const first = lines[0] as Line
  const { left, top, right, bottom } = first
  const block: Block = { ...template, lines: [first], left, top, right, bottom }
  for (let i = 1; i < lines.length; i++) appendLine(block, lines[i] as Line)
  return block
}

/** Adds a line at the end of a block, growing its box. */
export function appendLine(block: Block, line: Line): void {
  block.lines.push(line)
  block.left = Math.min(block.left, line.left)
  block.right = Math.max(block.right, line.right)
  block.top = Math.min(block.top, line.top)
  block.bottom = Math.max(block.bottom, line.bottom)
}

/** Recomputes a block's dominant font from its lines (weighted by characters). */
export function settleBlockStyle(block: Block): void {
  const weight = new Map<Line, number>()
  let best = block.lines[0] as Line
  let bestWeight = -1
  for (const line of block.lines) {
    const w = line.text.length
    weight.set(line, w)
    if (w > bestWeight) {
      bestWeight = w
      best = line
    }
  }
  block.fontSize = best.fontSize
  block.fontId = best.fontId
  block.bold = best.bold
  block.italic = best.italic
  block.monospace = block.lines.every((line) => line.monospace)
}
