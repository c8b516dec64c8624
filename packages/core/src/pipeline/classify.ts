import {
  appendLine,
  endsContentsEntry,
  isFlushRight,
  newBlock,
  settleBlockStyle,
  splitLineLists,
  withLines,
} from './blocks.js'

import { startsCaption } from './caption.js'
import { areCellRows } from './cell-rows.js'
import { markChapterLabels } from './chapter-labels.js'
import { opensCitedNote } from './cited-notes.js'
import { continuesListing } from './code-listing.js'
import { demoteDefinitionTerms } from './definition-terms.js'
import { standsBeside } from './extent.js'
import { isQuantity } from './figure.js'
import { markHangingNumberedItems } from './hanging-items.js'
import { isBullet, isOrderedMarker, listMarker } from './list-markers.js'
import { LONE_NOTE_MARK, NOTE_MARK } from './note-marks.js'
import { endsOnOpenWord } from './open-words.js'
import { PAGE_LABEL } from './page-label.js'
import { continuesParagraph } from './paragraph-continuation.js'
import {
  isSectionNumber,
  numberingDepth,
  ROMAN_SECTION,
  SECTION_NUMBER,
} from './section-numbers.js'
import { splitNotes } from './split-notes.js'
import type { TextStatistics } from './text-statistics.js'
import { TIME } from './times.js'
import { demoteTitleBlock } from './title-block.js'
import type { Block, Line, PageLayout } from './types.js'
import { countWords, wordsPerLine } from './words.js'

/** A block this much larger than the body text is a heading when it is short. */
const HEADING_SIZE_RATIO = 1.12
/** Type this much larger than another is set larger on purpose, not by rounding. */
const LARGER_TYPE_RATIO = 1.05
/** A block this much larger than the body text is display type: a title may end with a full stop. */
const DISPLAY_SIZE_RATIO = 1.3
/** Longest text, in characters, that still reads as a heading. */
const HEADING_MAX_CHARS = 160
/** Top and bottom share of the page where a body-size line is a running head, not a heading. */
const MARGIN_SHARE = 0.08
/** Narrowest column of running text, in ems of its type: a newspaper's is about 15. */
const TEXT_COLUMN_EMS = 10
/** Farthest that the text of a heading's column stands from it, in ems of the heading. */
const ADJOINING_EMS = 3
/** A line this many font sizes in from the text under it, and not centred, is set in. */
const SET_IN_EMS = 4
/** Words on a line with a heading, in type this many times larger or smaller, are another column's. */
const NEIGHBOUR_SIZE_RATIO = 1.2
/**
 * A period of time set to the right of a heading on its line, as résumés date their jobs and
 * degrees ("2016 – 2019", "Mar 2021 - present", "09/2014–06/2016").
 */
const DATE_SPAN =
  /^(?:(?:\p{L}{3,9}\.?\s+)?\d{4}|\d{1,2}\/\d{4})\s*[-–—]\s*(?:(?:\p{L}{3,9}\.?\s+)?\d{4}|\d{1,2}\/\d{4}|present|now|today|current)$/iu
/**
 * A release's version, maybe with its date, heading a changelog's entry: "5.0.0", "[5.0.0] -
 * 2024-04-02", "v2.1.0 (2024-01-11)"; a version of three numbers, no key figure's.
 */
const RELEASE = /^\[?v?\d+\.\d+\.\d+(?:[-+][\w.]+)?\]?(?:\s*(?:[-–—]\s*)?\(?\d{4}-\d{2}-\d{2}\)?)?$/
/**
 * A sentence or more in quotation marks, and nothing else: a pull quote set large. Marks of any
 * language open and close it ("...", “...”, „...“, «...»).
 */
const PULL_QUOTE = /^["“„«][^"“”„«»]*\s[^"“”„«»]*(?:[.!?,]["”“»]|["”“»][.!?])$/

/** The number an algorithm's line opens with: "5: end for", "12: return x". */
const ALGORITHM_STEP = /^\d{1,3}:\s/

/**
 * A transcript's turn: the speaker's name and the time they start ("Priya Nair 0:00", "Dr. Tom
 * Becker 01:12:45"), as recording services export them over each turn.
 */
const SPEAKER_TURN = new RegExp(`^\\p{Lu}[\\p{L}.'’ -]{1,40}\\s+${TIME}$`, 'u')
/**
 * A story's byline: "By" or "Prepared by" and a name ("By Staff Reporter", "By Amara Okafor ·
 * Photographs by ...", "Prepared by Lucía Ferrer and Jan de Groot").
 */
const BYLINE =
  /^(?:(?:Written|Prepared|Compiled|Edited|Reported|Words|Text|Photos?|Interview) by|By)\s+\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,3}(?:\s*(?:,|and|&|·|\|)\s.*)?$/u
/**
 * A name's word: a capital, then small letters ("Ní", "O'Donnell", "J."), maybe a note mark
 * after it; a word in capitals is a title's.
 */
const NAME_WORD = /^\p{Lu}(?:[\p{Ll}'’.-][\p{L}'’.-]*)?[,*†‡§∗\d]*$/u
/** An affiliation under a paper's authors takes a few short lines. */
const AFFILIATION_MAX_LINES = 4
const AFFILIATION_LINE_MAX_WORDS = 12
/** The small words between and within names: "Ana de Souza, Kenji Hollis and Dara Ní Bhriain". */
const NAME_JOINERS = new Set([
  'and',
  '&',
  'de',
  'da',
  'do',
  'van',
  'von',
  'der',
  'del',
  'di',
  'le',
  'la',
])
/** What an affiliation under a paper's authors names: a university, a department, a company. */
const AFFILIATION =
  /\b(?:Universit|Institut|Department|Dept\.|Laborator|College|School of|Faculty|Centre|Center|Inc\.|Ltd|GmbH|Corporation)|@/u

/** A relation sign between spaces: "E(t) = P · t", "n ≤ 10". */
const RELATION = /\s[=<>≤≥≈≠]\s/
/**
 * A pull quote broken across columns or lines: opened and run on but not closed, or closed
 * after a sentence without being opened ("весной»." closes its sentence after the mark).
 */
const BROKEN_QUOTE = /^["“„«][^"“”„«»]*\s[^"“”„«»]*$|^[^"“”„«»]+(?:[.!?,]["”“»]|["”“»][.!?])$/
/** Text this many of its font sizes under a heading, or less, is the heading's. */
const HEADED_GAP_EMS = 2
/** Fewest words to a line, on average, of running text. */
const RUNNING_TEXT_WORDS = 4

/**
 * An abbreviation that ends a name, whose full stop ends no sentence: a press release's "About
 * Acme Holdings, Inc.", "Made in the U.S.".
 */
const ABBREVIATION_END = /\b(?:Inc|Corp|Co|Ltd|Plc|Bros|L\.P|S\.A|N\.V|A\.G|U\.S|U\.K|Jr|Sr)\.$/

/** A sentence's end: its full stop, question or exclamation mark, a quote or bracket after it. */
const SENTENCE_END = /[.!?]["')\]]?$/

/** Type this many times the body size or smaller is small print: notes, credits. */
const SMALL_PRINT_RATIO = 0.9
/** Notes stand below this share of the page height. */
const NOTE_ZONE_TOP = 0.6
/** A section's Roman numeral before its title in capitals, without a point: "II BACKGROUND". */
const ROMAN_CAPITALS = /^[IVX]{1,5}\s+\p{Lu}{2}/u
/** A footnote's opening: its mark, then a space, a period or bracket, or its first word. */
const FOOTNOTE_START = new RegExp(`^${NOTE_MARK}(?:\\s|[.)]?\\s|[A-Za-z])`)
/**
 * A shell command: after a prompt, a program's name and words with an option among them, or one
 * of the commands that install, build and fetch ("npm install queuekit").
 */
const COMMAND_LINE =
  /^(?:[$>%#] \S|\S+ (?:.* )?--?[A-Za-z][\w-]*(?: |$)|(?:npm|npx|pnpm|yarn|pip3?|python3?|node|apt(?:-get)?|brew|cargo|go|git|docker|kubectl|curl|wget|make|cd|mkdir) \S)/
/**
 * A line of code: a call, maybe with what it returns ("client.read(path, mode='rb') -> bytes"),
 * or an assignment ("resp = client.get(url, timeout=120.0)").
 */
const CODE_LINE = /^[A-Za-z_][\w.]*\s*(?:\(.*\)(?:\s*->\s*\S.*)?|=\s*\S.*)$/
/** A web or mail address alone. */
const LONE_ADDRESS = /^(?:(?:https?:\/\/|www\.)\S+|[^\s@]+@[^\s@]+)$/
/** A note that gives a web address: its mark, then the address alone ("1 https://example.org/a"). */
const ADDRESS_NOTE = new RegExp(`^${NOTE_MARK}\\s?(?:https?://|www\\.)\\S+$`)

/** Outline (bookmark) entries: title, depth (1 for top-level) and the page it leads to. */
export interface OutlineEntry {
  title: string
  depth: number
  /** 1-based page of the entry's destination, when it names one. */
  page?: number
}

/** Text of a block with its lines joined by single spaces (for classification only). */
export function plainText(block: Block): string {
  return block.lines.map((line) => line.text).join(' ')
}

/**
 * Classifies every block that is not page furniture: headings (with levels), list items,
 * captions, footnotes, code and paragraphs. Footnotes move to the end of their page.
 */
export function classifyBlocks(
  pages: readonly PageLayout[],
  stats: TextStatistics,
  outline: readonly OutlineEntry[],
): void {
  const outlineIndex = indexOutline(outline)
  const headingSizes = new Set<number>()
  let contentsBefore = false
  // The styles of the headings in a face of their own met so far, page after page.
  const headingStyles = new Set<string>()
  // The last note of the page before, which may go on at the foot of this one.
  let lastNote: Block | undefined
  for (const page of pages) {
    splitNumberedLeads(page, stats)
    splitSignatures(page)
    joinNoteMarks(page, stats)
    // Contents that go on from the page before may end in a few entries, and a short report's
    // contents under their title may hold a few.
    const contents = contentsSpan(
      page,
      contentsBefore
        ? 1
        : page.blocks.some((block) => CONTENTS_TITLE.test(plainText(block).trim()))
          ? MIN_TITLED_CONTENTS_ENTRIES
          : MIN_CONTENTS_ENTRIES,
    )
    contentsBefore = contents !== undefined
    if (lastNote) markNoteOverleaf(page, lastNote, stats)
    page.blocks.forEach((block, index) => {
      if (block.kind === 'header' || block.kind === 'footer' || block.continuesNote) return
      if (block.kind === 'table' || block.kind === 'image' || block.standalone) return
      // A job's dates beside its title on a résumé come before the text the title heads.
      const beside = page.blocks[index + 1]
      const next = beside && isDateBeside(block, beside) ? page.blocks[index + 2] : beside
      classifyBlock(block, page, next, page.blocks[index - 1], stats, outlineIndex)
      // A table of contents names the sections: its entries are no headings of the document,
      // though its title and a title over it are. The text that starts on the page after the
      // contents has headings of its own.
      if (
        block.kind === 'heading' &&
        contents &&
        block.top >= contents.top &&
        block.top < contents.bottom
      ) {
        block.kind = 'paragraph'
        delete block.level
      }
    })
    markDashedLines(page.blocks)
    // A contents page's chapters hang their sections under them: no numbered list.
    if (contents === undefined) markHangingNumberedItems(page.blocks)
    // Larger type broken over lines is a title set as a paragraph: it reads on.
    page.blocks = splitLineLists(page.blocks, stats.bodySize * 1.05)
    if (contents === undefined) promoteHeadingStyle(page, stats, headingStyles)
    demoteKickers(page, stats)
    demoteDefinitionTerms(page.blocks)
    markChapterLabels(page.blocks)
    mergeStackedHeadings(page)
    joinChapterNumbers(page, stats)
    demoteTitleBlock(page.blocks)
    markInterruptingNotes(page, stats)
    // Footnotes are read after the body text of their page, one note to a block.
    const body = page.blocks.filter((block) => block.kind !== 'footnote' && block.kind !== 'footer')
    const notes = page.blocks.filter((block) => block.kind === 'footnote').flatMap(splitNotes)
    const footers = page.blocks.filter((block) => block.kind === 'footer')
    page.blocks = [...body, ...notes, ...footers]
    lastNote = notes.at(-1)
  }
  lowerOutlineUnderTitle(pages)
  // A title page's title heads the whole document, above every heading ranked by size: however
  // its type compares with the chapters' (LaTeX's report class sets it smaller), it takes no
  // rank of its own.
  const title = titlePageTitle(pages)
  for (const page of pages) {
    for (const block of page.blocks) {
      if (
        block.kind === 'heading' &&
        block.level === undefined &&
        !block.titleBelow &&
        block !== title
      ) {
        headingSizes.add(Math.round(block.fontSize))
      }
    }
  }
  if (title) title.level = 1
  assignHeadingLevels(pages, headingSizes, stats)
  levelAbstractTitle(pages)
  assignListDepths(pages)
}

/** Share of the page's width a note of one line fills, at least, to have been cut. */
const NOTE_MEASURE_SHARE = 0.5

/**
 * Marks the rest of the page before's last note, where that note ended mid-sentence: the first
 * small print at the foot of this page, above any note of its own, and with no mark (a word
 * processor breaks a long note over the page).
 */
function markNoteOverleaf(page: PageLayout, note: Block, stats: TextStatistics): void {
  const last = note.lines[note.lines.length - 1]
  if (last === undefined || SENTENCE_END.test(last.text)) return
  // A note that the page's foot cut opens with its mark and fills its last line.
  if (!note.continuesNote && !FOOTNOTE_START.test(plainText(note))) return
  const measure = note.lines.length > 1 ? note.right - note.left : page.width * NOTE_MEASURE_SHARE
  if (last.right - note.left < measure - 2 * last.fontSize) return
  // Read before the page's blocks are told apart: its notes are still paragraphs.
  let top: Block | undefined
  for (const block of page.blocks) {
    if (block.kind !== 'paragraph' || !inNoteZone(block, page, stats)) continue
    if (top === undefined || block.top < top.top) top = block
  }
  if (top === undefined || FOOTNOTE_START.test(plainText(top))) return
  // In the note's type, at its edge or at its text's, under its mark.
  const em = note.fontSize
  if (Math.abs(top.fontSize - em) > 0.05 * em) return
  if (top.left < note.left - em || top.left > note.left + 3 * em) return
  top.kind = 'footnote'
  top.continuesNote = true
}

/**
 * Small print at the foot of a column that cuts a paragraph off from its continuation (the
 * copyright notice on the first page of a paper, a note without a mark) is a footnote, so the
 * paragraph reads on and the note follows the page's body.
 */
function markInterruptingNotes(page: PageLayout, stats: TextStatistics): void {
  const blocks = page.blocks
  for (let i = 0; i < blocks.length; i++) {
    const cut = blocks[i] as Block
    if (cut.kind !== 'paragraph' || !isBodySize(cut, stats)) continue
    let j = i + 1
    while (j < blocks.length && isSmallPrintBelow(blocks[j] as Block, cut, page, stats)) j++
    const resumed = blocks[j]
    if (j === i + 1 || resumed === undefined || !continuesParagraph(cut, resumed)) continue
    for (let k = i + 1; k < j; k++) (blocks[k] as Block).kind = 'footnote'
    i = j - 1
  }
}

function isBodySize(block: Block, stats: TextStatistics): boolean {
  return Math.abs(block.fontSize - stats.bodySize) <= 0.1 * stats.bodySize
}

/** Whether a block is small print in the lower part of the page, where notes stand. */
function inNoteZone(block: Block, page: PageLayout, stats: TextStatistics): boolean {
  return (
    block.fontSize < stats.bodySize * SMALL_PRINT_RATIO &&
    lowOnPage(block, page) &&
    !hasBodyTextBelow(block, page, stats)
  )
}

/**
 * Whether a paragraph in the body's type stands below a block, under it: then the block is no
 * note at the foot of the page or column, whatever its type (a small numbered heading over its
 * section). A running footer's line may stand under notes.
 */
function hasBodyTextBelow(block: Block, page: PageLayout, stats: TextStatistics): boolean {
  return page.blocks.some(
    (other) =>
      other.top >= block.bottom &&
      other.lines.length > 1 &&
      other.fontSize >= stats.bodySize * SMALL_PRINT_RATIO &&
      other.left < block.right &&
      other.right > block.left,
  )
}

/**
 * Whether a block goes on from the text right above it, in its type: a slide's last numbered
 * point under the others, small only beside other slides' text. Notes start under the text they
 * note, in smaller type, or under the note before.
 */
function goesOnFrom(previous: Block | undefined, block: Block): boolean {
  return (
    previous !== undefined &&
    previous.kind !== 'footnote' &&
    Math.abs(previous.fontSize - block.fontSize) < 0.05 * block.fontSize &&
    block.top - previous.bottom < HEADED_GAP_EMS * block.fontSize &&
    previous.left < block.right &&
    block.left < previous.right
  )
}

/** Whether a block stands in the lower part of the page, where notes stand. */
function lowOnPage(block: Block, page: PageLayout): boolean {
  return block.top > page.height * NOTE_ZONE_TOP
}

/** A paragraph in small type in the lower part of the page, under `above`. */
function isSmallPrintBelow(
  block: Block,
  above: Block,
  page: PageLayout,
  stats: TextStatistics,
): boolean {
  return block.kind === 'paragraph' && inNoteZone(block, page, stats) && block.top >= above.bottom
}

/**
 * A note's number set a tab apart from its text, in a column of notes beside other text, comes
 * out as a block of its own ("25" beside "Khawlah M. Manna, ..."): it opens the note on its row.
 */
function joinNoteMarks(page: PageLayout, stats: TextStatistics): void {
  const blocks = page.blocks
  for (let i = 0; i < blocks.length; i++) {
    const mark = blocks[i] as Block
    const line = mark.lines[0]
    if (mark.lines.length !== 1 || !line || !LONE_NOTE_MARK.test(line.text)) continue
    if (mark.fontSize >= stats.bodySize * SMALL_PRINT_RATIO) continue
    const at = blocks.findIndex((other) => {
      const first = other.lines[0]
      return (
        other !== mark &&
        first !== undefined &&
        // Words, not the next figure of a table row.
        /^\p{L}/u.test(first.text) &&
        Math.abs(first.baseline - line.baseline) < 0.3 * mark.fontSize &&
        first.left > line.right &&
        first.left - line.right < 3 * mark.fontSize &&
        Math.abs(other.fontSize - mark.fontSize) < 0.1 * mark.fontSize
      )
    })
    const note = blocks[at]
    if (!note) continue
    const [first, ...rest] = note.lines as [Line, ...Line[]]
    const joined: Line = { ...first, text: `${line.text} ${first.text}`, left: line.left }
    blocks[at] = withLines(note, [joined, ...rest])
    blocks.splice(i--, 1)
  }
}

/**
 * A numbered heading line in a font of its own that ran into the paragraph below it (the
 * paragraph opens with a run-in title in the same font) is split off: "4.3.1 Instruction Tuning".
 */
function splitNumberedLeads(page: PageLayout, stats: TextStatistics): void {
  for (let i = 0; i < page.blocks.length; i++) {
    const block = page.blocks[i] as Block
    if (block.kind !== 'paragraph' || block.lines.length < 2) continue
    const [first, second] = block.lines as [Line, Line]
    const text = first.text.trim()
    if (!isSectionNumber(text) || /[.:;,]$/.test(text) || text.split(/\s+/).length > 12) continue
    if (first.fontId === stats.bodyFontId || first.fontSize < stats.bodySize * 0.95) continue
    // Numbered lines all in typewriter type are a listing with its line numbers.
    if (block.monospace) continue
    // The title line ends well short of the column; running text fills its lines.
    if (first.right > block.right - 3 * first.fontSize) continue
    if (Math.abs(second.left - first.left) > first.fontSize) continue
    const rest = newBlock(second, page.number)
    for (const line of block.lines.slice(2)) appendLine(rest, line)
    settleBlockStyle(rest)
    page.blocks.splice(i, 1, newBlock(first, page.number), rest)
  }
}

/** A letter's complimentary close, on a line of its own. */
const COMPLIMENTARY_CLOSE =
  /^(?:yours (?:sincerely|faithfully|truly)|(?:kind|best|warm|with best) (?:regards|wishes)|sincerely|regards|best),$/i
/** Words at most of a signature's name. */
const SIGNATURE_MAX_WORDS = 6

/**
 * Splits the name off the block under a letter's complimentary close ("Yours sincerely,"), where
 * the name and the signer's title ran together: "Dr Helen M. Okafor" over "Director of Planning
 * and Regeneration", which wraps.
 */
function splitSignatures(page: PageLayout): void {
  for (let i = 1; i < page.blocks.length; i++) {
    const block = page.blocks[i] as Block
    const close = page.blocks[i - 1] as Block
    if (close.lines.length !== 1 || !COMPLIMENTARY_CLOSE.test(plainText(close))) continue
    const [name, ...rest] = block.lines
    if (name === undefined || rest.length === 0) continue
    const text = name.text.trim()
    if (text.split(/\s+/).length > SIGNATURE_MAX_WORDS || !/^\p{Lu}/u.test(text)) continue
    if (/[.,;:]$/.test(text) || Math.abs(block.left - close.left) > close.fontSize) continue
    const title = newBlock(rest[0] as Line, page.number)
    for (const line of rest.slice(1)) appendLine(title, line)
    settleBlockStyle(title)
    page.blocks.splice(i, 1, newBlock(name, page.number), title)
  }
}

/** Words of a line that takes a heading's type for a heading too... */
const STYLED_HEADING_MAX_WORDS = 10
/** ... or of such a line that asks a question. */
const QUESTION_HEADING_MAX_WORDS = 16

/**
 * A short standalone line in exactly the type of a heading of this page or one before (font,
 * size, left edge and numbering, not the body's font; `styles` gathers them page after page) is
 * a heading too: a side box's second title, an FAQ's last question alone on its page.
 */
function promoteHeadingStyle(page: PageLayout, stats: TextStatistics, styles: Set<string>): void {
  // Numbering is part of the style: an unnumbered line does not take after "3. RESULTS".
  const style = (block: Block) =>
    `${block.fontId}@${block.fontSize.toFixed(1)}@${Math.round(block.left)}@${isSectionNumber(plainText(block))}`
  for (const block of page.blocks) {
    if (block.kind === 'heading' && block.fontId !== stats.bodyFontId) styles.add(style(block))
  }
  if (styles.size === 0) return
  for (const [index, block] of page.blocks.entries()) {
    // A numbered title at the page's foot, its text overleaf, was taken for an item: it takes
    // after the titles numbered so.
    const item =
      block.kind === 'list-item' &&
      block.lines.length === 1 &&
      lowOnPage(block, page) &&
      page.blocks.slice(index + 1).every((after) => after.kind === 'footer')
    if ((block.kind !== 'paragraph' && !item) || block.standalone || block.lines.length > 2)
      continue
    if (!styles.has(style(block))) continue
    const text = plainText(block)
    // A question in a heading's type may run longer: the questions of an interview or a FAQ.
    const maxWords = text.endsWith('?') ? QUESTION_HEADING_MAX_WORDS : STYLED_HEADING_MAX_WORDS
    if (text.split(/\s+/).length > maxWords || /[.:;,]$/.test(text) || !/^[\p{Lu}\d]/u.test(text))
      continue
    if (sitsBesideOthers(block, page)) continue
    block.kind = 'heading'
    delete block.marker
  }
}

/**
 * A short line set just above a larger heading (a kicker, a section label on a slide) introduces
 * that heading; it is not a section of its own. A label in display type ("Chapter 3" over the
 * chapter title) is.
 */
function demoteKickers(page: PageLayout, stats: TextStatistics): void {
  const blocks = page.blocks
  for (let i = 0; i + 1 < blocks.length; i++) {
    const block = blocks[i] as Block
    const next = blocks[i + 1] as Block
    if (!unlevelledHeadings(block, next)) continue
    if (block.lines.length !== 1 || plainText(block).split(/\s+/).length > 5) continue
    if (block.fontSize >= stats.bodySize * DISPLAY_SIZE_RATIO) continue
    if (next.fontSize < block.fontSize * 1.3) continue
    if (next.top < block.bottom - 1 || next.top - block.bottom > 1.5 * block.fontSize) continue
    block.kind = 'paragraph'
  }
}

/** Two headings in a row that no outline entry has given a level yet. */
function unlevelledHeadings(block: Block, next: Block): boolean {
  return (
    block.kind === 'heading' &&
    next.kind === 'heading' &&
    block.level === undefined &&
    next.level === undefined
  )
}

/** Points by which the middles of lines centred on one axis may differ. */
const CENTRED_AXIS_SLACK = 2
/** Font sizes between the lines of one centred title, at most. */
const CENTRED_TITLE_GAP_EMS = 1.5

/** A chapter's number set in display type is at least this many times the body's size. */
const CHAPTER_NUMBER_RATIO = 2
/** Font sizes of the heading under it, at most, between a chapter's number and its title. */
const CHAPTER_NUMBER_GAP_EMS = 3

/**
 * Joins a chapter's number, set alone in display type over or beside its title, to the title:
 * a thesis template's large "1" over "Experimental Setup" heads the chapter as "1 Experimental
 * Setup", not as a stray paragraph "1".
 */
function joinChapterNumbers(page: PageLayout, stats: TextStatistics): void {
  const blocks = page.blocks
  for (let i = 0; i + 1 < blocks.length; i++) {
    const number = blocks[i] as Block
    const title = blocks[i + 1] as Block
    if (number.kind !== 'paragraph' || title.kind !== 'heading') continue
    if (!/^\d{1,2}$/.test(plainText(number).trim())) continue
    if (number.fontSize < CHAPTER_NUMBER_RATIO * stats.bodySize) continue
    if (title.top - number.bottom > CHAPTER_NUMBER_GAP_EMS * title.fontSize) continue
    blocks[i + 1] = withLines(title, [...number.lines, ...title.lines])
    blocks.splice(i, 1)
  }
}

/**
 * A heading whose text runs on in the next block, at the same size on the next line (a change of
 * font split them), is one heading: a title set over two or three lines.
 */
function mergeStackedHeadings(page: PageLayout): void {
  const blocks = page.blocks
  for (let i = 0; i + 1 < blocks.length; i++) {
    const block = blocks[i] as Block
    const next = blocks[i + 1] as Block
    if (!unlevelledHeadings(block, next)) continue
    if (Math.abs(next.fontSize - block.fontSize) > 0.05 * block.fontSize) continue
    const text = plainText(block)
    const nextText = plainText(next)
    if (isSectionNumber(nextText) || listMarker(nextText) !== undefined) continue
    if (opensSubsection(text, nextText) || changesCase(text, nextText)) continue
    if (/[.:;]$/.test(text) || text.length + nextText.length > HEADING_MAX_CHARS) continue
    // A title's lines centred on one axis may stand further apart where the first leaves its
    // phrase open ("... Visits Among" over "Outdoor Workers ..."): a manuscript double-spaced.
    const runsOn =
      Math.abs(next.left + next.right - block.left - block.right) / 2 <= CENTRED_AXIS_SLACK &&
      endsOnOpenWord(text.toLowerCase())
    const reach = (runsOn ? CENTRED_TITLE_GAP_EMS : 1) * block.fontSize
    if (next.top < block.bottom - 1 || next.top - block.bottom > reach) continue
    if (next.left > block.right || next.right < block.left) continue
    for (const line of next.lines) appendLine(block, line)
    blocks.splice(i + 1, 1)
    i--
  }
}

/**
 * Entries of a contents page end with their page number, or have it beside them; a leader's
 * dot may touch the number, a decimal point may not ("Rolls over 2.8 4.7" is a table's row).
 */
const CONTENTS_ENTRY = /(?:^|\s|(?<!\d)\.)(?:\d{1,4}|[ivxlc]{1,6})$/i
/** Contents entries on a page, at least, for it to be a table of contents. */
const MIN_CONTENTS_ENTRIES = 8
/** ... or under a contents page's title. */
const MIN_TITLED_CONTENTS_ENTRIES = 4
/** A contents page's title, in English and other languages reports are often written in. */
const CONTENTS_TITLE =
  /^(?:(?:table of )?contents|índice|indice|inhalt|inhaltsverzeichnis|sommaire|table des matières|contenido|inhoud|spis treści|目次|目录|목차)$/iu
/** At least this share of a contents page's numbers are no smaller than the one before. */
const CONTENTS_RISING_SHARE = 0.8

/**
 * Where the table of contents that most blocks of the page are stands (from the top of its first
 * entry ending with a page number to the bottom of its last), or undefined when the page holds
 * none, or fewer than `minEntries` entries. Its page numbers rise from entry to entry, where a
 * table's last column of figures goes up and down.
 */
function contentsSpan(
  page: PageLayout,
  minEntries: number,
): { top: number; bottom: number } | undefined {
  const blocks = page.blocks.filter(
    (block) => block.kind !== 'header' && block.kind !== 'footer' && block.lines.length > 0,
  )
  let entries = 0
  let counted = 0
  let top = Number.POSITIVE_INFINITY
  let bottom = Number.NEGATIVE_INFINITY
  const numbers: number[] = []
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i] as Block
    const next = blocks[i + 1]
    counted++
    const number = next && PAGE_LABEL.test(plainText(next).trim()) ? next : undefined
    if (number && Math.abs(number.top - block.top) < 0.5 * block.fontSize) {
      // A title and its page number set apart on the same row: one entry.
      entries++
      numbers.push(Number.parseInt(plainText(number), 10))
      top = Math.min(top, block.top, number.top)
      bottom = Math.max(bottom, block.bottom, number.bottom)
      i++
    } else if (block.lines.every((line) => CONTENTS_ENTRY.test(line.text.trimEnd()))) {
      entries++
      for (const line of block.lines) numbers.push(Number.parseInt(lastWord(line.text), 10))
      top = Math.min(top, block.top)
      bottom = Math.max(bottom, block.bottom)
    }
  }
  const isContents = entries >= minEntries && entries >= counted * 0.6 && mostlyRising(numbers)
  return isContents ? { top, bottom } : undefined
}

/** The last word of a line of text. */
function lastWord(text: string): string {
  const trimmed = text.trimEnd()
  return trimmed.slice(trimmed.lastIndexOf(' ') + 1).replace(/^\.+/, '')
}

/**
 * Whether page numbers mostly rise or stay from one to the next (roman ones, of the front
 * matter, are not compared).
 */
function mostlyRising(numbers: readonly number[]): boolean {
  let pairs = 0
  let rising = 0
  for (let i = 1; i < numbers.length; i++) {
    const before = numbers[i - 1] as number
    const after = numbers[i] as number
    if (Number.isNaN(before) || Number.isNaN(after)) continue
    pairs++
    if (after >= before) rising++
  }
  return rising >= CONTENTS_RISING_SHARE * pairs
}

function classifyBlock(
  block: Block,
  page: PageLayout,
  next: Block | undefined,
  previous: Block | undefined,
  stats: TextStatistics,
  outline: OutlineIndex,
): void {
  const text = plainText(block)
  const marker = listMarker(text)
  // A bulleted item that names a section (an agenda, a list of issues) is not its heading.
  const bulleted = marker !== undefined && !isOrderedMarker(marker)
  const entry =
    text.length <= HEADING_MAX_CHARS && !bulleted
      ? takeOutlineEntry(text, page, outline)
      : undefined
  if (entry !== undefined) {
    block.kind = 'heading'
    block.level = Math.min(6, entry.depth)
    return
  }
  // One monospace line in prose is an address or a name, not a listing; nor are notes that
  // give web addresses set in typewriter type.
  if (
    block.monospace &&
    !stats.bodyMonospace &&
    // A lone line opens a listing that a blank line parts from the rest ("import random"), or is
    // a command shown on its own.
    (block.lines.length > 1 ||
      (next !== undefined && next.lines.length > 1 && continuesListing([block], next)) ||
      isLoneCommand(block, previous, page.blocks)) &&
    !isAddressNotes(block) &&
    !isBulletedCode(block)
  ) {
    block.kind = 'code'
    return
  }
  // Where all the text is typewriter type (a text file printed), what is set out in columns
  // with spaces (a diagram, a table drawn in characters) is kept as it stands, and a numbered
  // title set out left of the text under it heads a section.
  if (block.monospace && stats.bodyMonospace) {
    if (isSetOutWithSpaces(block)) {
      block.kind = 'code'
      return
    }
    if (isOutdentedSectionTitle(block, text, next)) {
      block.kind = 'heading'
      return
    }
  }
  // "Table 3. ..." names a figure or table, however large it is set.
  if (startsCaption(text) && text.length < 400) {
    block.kind = 'caption'
    return
  }
  if (
    isHeading(block, text, next, stats, marker, page) &&
    !sitsBesideOthers(block, page) &&
    !isNumberedItem(block, marker, next, page, stats) &&
    !isLineUnderHeading(block, page, stats)
  ) {
    block.kind = 'heading'
    return
  }
  // A note is small print at the foot of the page, or set in body type where the text above
  // cites the mark it opens with: then the paragraph or list it cuts off reads on past it. What
  // a heading right above heads is its section's text (a list of references), notes or not.
  if (
    FOOTNOTE_START.test(text) &&
    ((inNoteZone(block, page, stats) && !goesOnFrom(previous, block)) ||
      (lowOnPage(block, page) && opensCitedNote(block, page))) &&
    !(previous?.kind === 'heading' && block.top - previous.bottom < HEADED_GAP_EMS * block.fontSize)
  ) {
    block.kind = 'footnote'
    return
  }
  if (marker !== undefined && !isClosedByDash(block, marker)) {
    block.kind = 'list-item'
    block.marker = marker
    return
  }
  block.kind = 'paragraph'
}

/**
 * Turns a page's items opened by an em dash back into paragraphs where they are no list: all of
 * them where any wraps back to the dash's edge, as dialogue does (a novel's or an interview's
 * lines in French, Russian, Spanish), where a list's items hang their lines under their text;
 * else a line of one, or lines set flush right, that stands alone, no item opened so beside it (a
 * quotation's attribution, "— Genesis 7:19").
 */
function markDashedLines(blocks: Block[]): void {
  const isDashed = (block: Block | undefined) =>
    block?.kind === 'list-item' && block.marker === EM_DASH
  const wrapsUnderDash = (block: Block) => {
    const [first, second] = block.lines
    return (
      first !== undefined && second !== undefined && second.left < first.left + 0.3 * first.fontSize
    )
  }
  const dashed = blocks.filter(isDashed)
  const dialogue = dashed.some(wrapsUnderDash)
  const lines = dashed.filter((block) => {
    if (dialogue) return true
    const at = blocks.indexOf(block)
    return (
      (block.lines.length === 1 || isFlushRight(block)) &&
      !isDashed(blocks[at - 1]) &&
      !isDashed(blocks[at + 1])
    )
  })
  for (const block of lines) {
    block.kind = 'paragraph'
    delete block.marker
  }
}

const EM_DASH = '\u2014'

/** Whether a line opened by a dash is closed by one too, no item: a press release's "– ENDS –". */
function isClosedByDash(block: Block, marker: string): boolean {
  return (
    DASHES.includes(marker) &&
    block.lines.length === 1 &&
    CLOSING_DASH.test(block.lines[0]?.text ?? '')
  )
}

/** The dashes a line may open with, as a list's bullet or not. */
const DASHES = '-\u2013\u2014'
/** A dash that closes a line, set apart from its last word. */
const CLOSING_DASH = /\s[-\u2013\u2014]$/

/**
 * Whether a numbered line set a size up in the body's own font, neither bold nor in a face of
 * its own, is an item of a numbered list (a slide's points over their sub-points) rather than a
 * section's title: items follow it, or it takes the number after an item above it in its type.
 */
function isNumberedItem(
  block: Block,
  marker: string | undefined,
  next: Block | undefined,
  page: PageLayout,
  stats: TextStatistics,
): boolean {
  const number = marker === undefined ? Number.NaN : Number.parseInt(marker, 10)
  if (Number.isNaN(number)) return false
  // The next number right under it, in line with it, leaves it no text: an item, whatever its
  // type (an algorithm's first step in math italics).
  const nextMarker = listMarker(next?.lines[0]?.text ?? '')
  if (
    next !== undefined &&
    nextMarker !== undefined &&
    Number.parseInt(nextMarker, 10) === number + 1 &&
    Math.abs(next.left - block.left) < 0.5 * block.fontSize
  )
    return true
  if (block.bold || block.fontId !== stats.bodyFontId) return false
  if (nextMarker !== undefined) return true
  const em = block.fontSize
  for (let i = page.blocks.indexOf(block) - 1; i >= 0; i--) {
    const above = page.blocks[i] as Block
    if (above.kind !== 'list-item' || above.marker === undefined) continue
    if (Math.abs(above.left - block.left) > 0.5 * em || Math.abs(above.fontSize - em) > 0.5)
      continue
    return Number.parseInt(above.marker, 10) === number - 1
  }
  return false
}

/**
 * Whether a one-line block is a numbered section title ("2.1.  Message format") that stands left
 * of the text under it, as a text file sets its sections' titles at the margin and their text
 * indented.
 */
function isOutdentedSectionTitle(block: Block, text: string, next: Block | undefined): boolean {
  return (
    block.lines.length === 1 &&
    text.length <= HEADING_MAX_CHARS &&
    !/[.:;,]$/.test(text) &&
    numberingDepth(text) !== undefined &&
    next !== undefined &&
    next.top > block.bottom &&
    next.left >= block.left + block.fontSize
  )
}

/**
 * Whether every line of a block in typewriter type opens with a bullet glyph, which no source
 * code writes (a hyphen or an asterisk it may): items that each name a package or a command, a
 * list rather than a listing.
 */
function isBulletedCode(block: Block): boolean {
  return block.lines.every((line) => {
    const mark = listMarker(line.text)
    return mark !== undefined && isBullet(mark) && mark.charCodeAt(0) > 0x7f
  })
}

/** Words set apart by two spaces or more, inside a line. */
const SPACED_APART = /\S {2,}\S/

/** Whether most lines of a block of two or more set words apart by runs of spaces. */
function isSetOutWithSpaces(block: Block): boolean {
  if (block.lines.length < 2) return false
  let spaced = 0
  for (const line of block.lines) if (SPACED_APART.test(line.text)) spaced++
  return spaced * 2 > block.lines.length
}

/**
 * Whether a lone typewriter line is a command: it reads as one (a prompt, an option, an install,
 * a call or an assignment), follows prose that ends in a colon, as a command or a line of code
 * is shown, or ends a listing a blank line parts it from; and it is no web or mail address given
 * on a line of its own.
 */
function isLoneCommand(
  block: Block,
  previous: Block | undefined,
  blocks: readonly Block[],
): boolean {
  const text = plainText(block)
  if (COMMAND_LINE.test(text) || CODE_LINE.test(text)) return true
  if (previous === undefined || previous.bottom >= block.top || LONE_ADDRESS.test(text))
    return false
  // The last line of a listing, after a blank line ("}" at the listing's left edge).
  if (previous.kind === 'code') return continuesListing(listingUpTo(blocks, previous), block)
  return !previous.monospace && /:$/.test(plainText(previous))
}

/** The code blocks that run up to `last` in `blocks`, one listing's parts. */
function listingUpTo(blocks: readonly Block[], last: Block): Block[] {
  const end = blocks.indexOf(last)
  let start = end
  while (start > 0 && blocks[start - 1]?.kind === 'code') start--
  return blocks.slice(start, end + 1)
}

/**
 * Whether each line of a block is a note giving a web address, or the rest of the address above
 * it wrapped onto the next line (one word, no spaces).
 */
function isAddressNotes(block: Block): boolean {
  return block.lines.every(
    (line, index) => (index > 0 && !/\s/.test(line.text)) || ADDRESS_NOTE.test(line.text),
  )
}

/** Blocks side by side on one row are set at least this share of each other's type size. */
const NEIGHBOUR_SIZE_SHARE = 0.6

/**
 * Whether a block of a line or two shares its baseline with another block: a running head beside
 * a page number or a course code, a table-of-contents entry beside its page number, a table cell
 * (or, for a cell that wraps, the row's other cells centred on it).
 * Headings stand alone on their line, but for the heading of the next column, set in the same
 * type on the same line, and the dates of a job or a degree on a résumé, to the heading's right.
 */
function sitsBesideOthers(block: Block, page: PageLayout): boolean {
  if (block.lines.length > 2) return false
  const baseline = (block.lines[0] as Line).baseline
  const last = (block.lines[block.lines.length - 1] as Line).baseline
  const slack = 0.3 * block.fontSize
  return page.blocks.some((other) => {
    // Image blocks have no lines, hence no baseline to share.
    const first = other.lines[0]
    return (
      other !== block &&
      first !== undefined &&
      // Running text of the next column is no neighbour: a label, a number or a cell is short.
      other.lines.length <= 2 &&
      // On the block's first line, or a line set level with the middle of its two: the cells of
      // a table row centred on a cell that wraps. A title set large beside a box of smaller type
      // shares no row with it.
      (Math.abs(first.baseline - baseline) < slack ||
        (other.lines.length === 1 &&
          first.baseline > baseline + slack &&
          first.baseline < last - slack)) &&
      other.fontSize > NEIGHBOUR_SIZE_SHARE * block.fontSize &&
      (other.left > block.right || other.right < block.left) &&
      !isOtherColumnText(block, other) &&
      !standInColumnsOfText(block, other, page) &&
      !isDateBeside(block, other) &&
      !isHeadingOfNextColumn(block, other, page)
    )
  })
}

/** A line set right under a heading stands at most this many of its font sizes below it. */
const UNDER_HEADING_GAP_EM = 0.5

/**
 * Whether a line in the body's size sits right under a heading of its size in another face: the
 * employer under a job's title on a résumé, a subtitle in italics. It qualifies the heading,
 * as its second line would; a heading of its own would stand apart, or be set larger.
 */
function isLineUnderHeading(block: Block, page: PageLayout, stats: TextStatistics): boolean {
  if (block.lines.length !== 1 || block.fontSize >= HEADING_SIZE_RATIO * stats.bodySize) {
    return false
  }
  const em = block.fontSize
  return page.blocks.some(
    (above) =>
      above.kind === 'heading' &&
      above.fontId !== block.fontId &&
      Math.abs(above.fontSize - block.fontSize) < 0.5 &&
      block.top - above.bottom > -1 &&
      block.top - above.bottom < UNDER_HEADING_GAP_EM * em &&
      above.left < block.right &&
      block.left < above.right,
  )
}

/** Whether `other` is a period of time on the line of `block`, to its right. */
function isDateBeside(block: Block, other: Block): boolean {
  const first = other.lines[0]
  return (
    first !== undefined &&
    other.left > block.right &&
    Math.abs(first.baseline - (block.lines[0] as Line).baseline) < 0.3 * block.fontSize &&
    DATE_SPAN.test(plainText(other))
  )
}

/**
 * Whether `other`, on the line of `block`, is text of another column in type of a very different
 * size that happens to stand level (a résumé's "Interests" beside a job title, or beside the
 * job's dates). The cells of a row share their type size; a contents entry's page number, to its
 * right, may be set smaller.
 */
function isOtherColumnText(block: Block, other: Block): boolean {
  const ratio = other.fontSize / block.fontSize
  if (ratio < NEIGHBOUR_SIZE_RATIO && ratio > 1 / NEIGHBOUR_SIZE_RATIO) return false
  return other.right < block.left || /\p{L}/u.test(plainText(other))
}

/**
 * Whether `other` is a piece of running text read in another column of the page than `block`,
 * each column holding paragraphs: a heading level by chance with a paragraph's last line in
 * the column beside it ("ontology and human-labeled data."), or with a numbered heading
 * there. Columns found among a table's cells hold no paragraphs, and a name beside another is
 * no running text.
 */
function standInColumnsOfText(block: Block, other: Block, page: PageLayout): boolean {
  const text = plainText(other)
  if (!/[.,;:!?]$/.test(text) && !/^\p{Ll}/u.test(text) && !isSectionNumber(text)) return false
  const own = block.columnLeft
  const beside = other.columnLeft
  if (own === undefined || beside === undefined || Math.abs(own - beside) < 1) return false
  const holdsText = (left: number) =>
    page.blocks.some((column) => column.columnLeft === left && column.lines.length >= 3)
  return holdsText(own) && holdsText(beside)
}

/**
 * Whether `other`, on the line of `block`, is a heading like it in another column: the same
 * type, words, and each in a column of its own, which blocks of several lines fill without
 * reaching across to the other, running text on at least one side (a sidebar's lines may be
 * short). Under a table's header row stand cells: a narrow column of codes, or columns of terms
 * one to a line on both sides, are no columns of text.
 */
function isHeadingOfNextColumn(block: Block, other: Block, page: PageLayout): boolean {
  if (other.fontId !== block.fontId || !/\p{L}/u.test(plainText(other))) return false
  const spans = (column: Block, x: Block) => column.left < x.right && column.right > x.left
  // Directly under the heading, or above it when it ends its column.
  const adjoins = (column: Block, x: Block) =>
    Math.max(column.top - x.bottom, x.top - column.bottom) < ADJOINING_EMS * x.fontSize
  /** 2 when running text fills a column at `of` that stays clear of `apart`, 1 for other text. */
  const ownColumn = (of: Block, apart: Block): number => {
    let best = 0
    for (const column of page.blocks) {
      if (column.lines.length < 3 || !spans(column, of) || spans(column, apart)) continue
      if (!adjoins(column, of)) continue
      if (column.right - column.left < TEXT_COLUMN_EMS * column.fontSize) continue
      best = Math.max(best, isRunningText(column) ? 2 : 1)
    }
    return Math.max(best, panelUnder(of, apart, page))
  }
  const mine = ownColumn(block, other)
  const theirs = ownColumn(other, block)
  // Headings of two levels in one face (a section's beside a subsection's) each head running text.
  if (Math.abs(other.fontSize - block.fontSize) > 0.5) return mine === 2 && theirs === 2
  // A title over no text heads a figure, as a table's header cell never does: a poster's
  // "Design" beside its "Background" over a list.
  if (mine > 0 && headsNoText(other, page)) return true
  if (theirs > 0 && headsNoText(block, page)) return true
  return mine > 0 && theirs > 0 && mine + theirs >= 3
}

/** Whether no text stands close under a block, beneath any part of it. */
function headsNoText(head: Block, page: PageLayout): boolean {
  return !page.blocks.some(
    (block) =>
      block !== head &&
      block.lines.length > 0 &&
      block.top >= head.bottom - 1 &&
      block.top - head.bottom < ADJOINING_EMS * head.fontSize &&
      block.left < head.right &&
      block.right > head.left,
  )
}

/**
 * What stands under a heading in a panel of its own, block after block in smaller type, each
 * close under the last and clear of `apart`: 2 when running text is among them (a brochure
 * panel's paragraph after its list or address), 1 for three lines or more of other text, else 0.
 */
function panelUnder(head: Block, apart: Block, page: PageLayout): number {
  const under = page.blocks
    .filter(
      (block) =>
        block !== head &&
        block.top >= head.bottom &&
        block.left < head.right &&
        block.right > head.left &&
        !(block.left < apart.right && block.right > apart.left),
    )
    .sort((p, q) => p.top - q.top)
  let bottom = head.bottom
  let lines = 0
  for (const block of under) {
    if (block.top - bottom >= ADJOINING_EMS * head.fontSize) break
    // A table's header cell is set in its cells' size; a panel's title is set larger than the
    // panel's text, down to the next title.
    if (head.fontSize < HEADING_SIZE_RATIO * block.fontSize) {
      if (bottom === head.bottom) return 0
      break
    }
    if (block.lines.length >= 2 && isRunningText(block)) return 2
    lines += block.lines.length
    bottom = block.bottom
  }
  return lines >= 3 ? 1 : 0
}

/** Lines of several words each, as a paragraph's are; a list of terms or figures has one or two. */
function isRunningText(block: Block): boolean {
  return wordsPerLine(block) >= RUNNING_TEXT_WORDS
}

/**
 * Whether a block is a paper's authors under its title and over their affiliation: names alone
 * (capitalised words, the joiners between them), a larger title above, and the block under it
 * naming a university, a department or a mail address in a few short lines. A résumé's name,
 * over the contact line, heads the page.
 */
function isAuthorLine(
  block: Block,
  text: string,
  next: Block | undefined,
  page: PageLayout,
): boolean {
  const first = next?.lines[0]
  if (!next || !first || !AFFILIATION.test(first.text)) return false
  if (next.lines.length > AFFILIATION_MAX_LINES) return false
  if (next.lines.some((line) => line.text.split(' ').length > AFFILIATION_LINE_MAX_WORDS)) {
    return false
  }
  if (!readsAsNames(text)) return false
  return page.blocks.some((other) => other.bottom <= block.top && other.fontSize > block.fontSize)
}

/** Whether a text is names and the small words between them alone, two names' words at least. */
function readsAsNames(text: string): boolean {
  const words = text.split(/\s+/)
  const names = words.filter((word) => NAME_WORD.test(word)).length
  return names >= 2 && words.every((word) => NAME_WORD.test(word) || NAME_JOINERS.has(word))
}

/** A text without the raised note mark its last line ends with, if it ends with one. */
function withoutCitedMark(text: string, last: Line | undefined): string {
  const mark = last?.citedMarks?.[last.citedMarks.length - 1]
  return mark !== undefined && text.endsWith(mark) ? text.slice(0, -mark.length).trimEnd() : text
}

function isHeading(
  block: Block,
  text: string,
  next: Block | undefined,
  stats: TextStatistics,
  marker: string | undefined,
  page: PageLayout,
): boolean {
  if (
    text.length > HEADING_MAX_CHARS ||
    block.lines.length > 4 ||
    (!/\p{L}/u.test(text) && !RELEASE.test(text))
  )
    return false
  // Text set sideways is a stamp or a label, however large; a byline credits a story; a remark
  // in brackets is an aside, a quotation a pull quote; a contents entry whose leader reaches its
  // page number names a section, in whatever type.
  if (
    block.sideways ||
    // A web or mail address alone names no section: a form's answer, a contact line.
    LONE_ADDRESS.test(text) ||
    BYLINE.test(text) ||
    SPEAKER_TURN.test(text) ||
    isAuthorLine(block, text, next, page) ||
    /^\(.*\)$/.test(text) ||
    ((PULL_QUOTE.test(text) || BROKEN_QUOTE.test(text)) && !headsPage(block, page)) ||
    endsContentsEntry(text) ||
    // A key figure set large, with its currency or unit ("£1.42bn", "6.8 TWh").
    isQuantity(text) ||
    // An algorithm's numbered step, its keywords in bold ("5: end for"); a section numbered so
    // is set larger ("2: Current economic conditions").
    (ALGORITHM_STEP.test(text) && block.fontSize < stats.bodySize * HEADING_SIZE_RATIO)
  )
    return false
  // A bulleted line is a list item, whatever its size; a line that opens with a raised mark is a
  // note or an affiliation ("¹University of Lagos").
  const lettered = marker !== undefined && isLetteredTitle(block, text, next, page, stats)
  if (marker !== undefined && !isSectionNumber(text) && !lettered) return false
  if (block.lines[0]?.openingMark !== undefined) return false
  const words = text.split(/\s+/).length
  const ratio = block.fontSize / stats.bodySize
  // A line in typewriter type among prose is code ("BEGIN", "Version ::= INTEGER"), unless set
  // in display type.
  if (block.monospace && !stats.bodyMonospace && ratio < DISPLAY_SIZE_RATIO) return false
  // Headings name a section; sentences end with a full stop (a display-size title may not), also
  // before the raised mark of a note they cite ("as a particular focus.⁷³").
  if (
    /[.;,。；，]$/.test(withoutCitedMark(text, block.lines[block.lines.length - 1])) &&
    !/\.\.\.$/.test(text) &&
    !ABBREVIATION_END.test(text) &&
    !(ratio >= DISPLAY_SIZE_RATIO && words <= 12)
  )
    return false
  if (/:$/.test(text) && words > 8) return false
  if (ratio < DISPLAY_SIZE_RATIO && endsFlushRightUnder(block, page.blocks)) return false
  if (ratio >= HEADING_SIZE_RATIO)
    return ratio >= DISPLAY_SIZE_RATIO
      ? block.lines.length <= 3 || text.length < 100
      : block.lines.length <= 2 || (block.lines.length === 3 && isCentredTitle(block))
  // A relation between two sides is a displayed formula, in italics or a font of its own.
  if (RELATION.test(text)) return false
  const letters = text.replace(/[^\p{L}]/gu, '')
  const capitals = letters.length >= 4 && letters === letters.toUpperCase() && words <= 12
  // Capitals look a size larger than mixed case: a numbered all-caps line may be set smaller
  // (IEEE's "II BACKGROUND", its Roman numeral with or without a point, in small capitals).
  const minRatio = capitals && (isSectionNumber(text) || ROMAN_CAPITALS.test(text)) ? 0.85 : 0.95
  if (block.fontSize < stats.bodySize * minRatio)
    return isBoxHeading(block, text, words, next, stats)
  // A headline in capitals centred over two lines may run longer than a heading in the body's
  // size otherwise does.
  const headline = letters === letters.toUpperCase() && isCentredTitle(block)
  if (block.lines.length > 2 || (text.length > 100 && !headline)) return false
  if (runsIntoBodyText(block, stats)) return false
  if (signsOff(block, text, next, page)) return false
  // At body size, only a line in the body of the page and followed by running text is a heading:
  // in the margins it is a running head, before a cell it is a table header.
  // A numbered line set larger in a font of its own is a section start even near the top edge.
  const numberedDisplay =
    isSectionNumber(text) && block.fontId !== stats.bodyFontId && ratio >= 1.05
  const inMargin =
    block.top < page.height * MARGIN_SHARE || block.bottom > page.height * (1 - MARGIN_SHARE)
  // A line larger than the body in a font of its own and without a page number opens the page even
  // at its top edge: running heads are set at or below the body size.
  const displayTop =
    block.top < page.height * MARGIN_SHARE &&
    ratio >= 1.05 &&
    block.fontId !== stats.bodyFontId &&
    !/\d/.test(text)
  if (inMargin && !numberedDisplay && !displayTop) return false
  const followedByBody =
    next !== undefined &&
    (next.top > block.top || headsNextColumn(block, next, page.blocks)) &&
    (next.lines.length > 1 || plainText(next).length > text.length)
  // A numbered title set larger in a face of its own heads its section over a subheading too
  // ("2. What you need to know" over "Do not take Amoxilin:").
  const subheaded =
    next !== undefined &&
    (headsSmallerHeading(block, next, stats) ||
      ((capitals || headline) && headsSubheadingOver(next, page, stats)))
  // A title in capitals broken on an open word goes on in the line centred under it ("... LIFE
  // OF A" over "CONVEYOR BELT FROM ..."): the two are one heading, joined once both are found.
  const brokenTitle =
    next !== undefined &&
    capitals &&
    endsOnOpenWord(text.toLowerCase()) &&
    Math.abs(next.left + next.right - block.left - block.right) / 2 <= CENTRED_AXIS_SLACK
  if (
    !followedByBody &&
    !subheaded &&
    !brokenTitle &&
    !(next !== undefined && (opensSubsection(text, plainText(next)) || numberedDisplay))
  )
    return false
  if (next !== undefined && setInAsSource(block, next, page)) return false
  // A line whose words stand in the columns of the row under it is that table's header row.
  if (next !== undefined && areCellRows(block.lines[0] as Line, next.lines[0] as Line)) return false
  if (block.bold && !(next?.bold ?? false)) return true
  if (capitals || headline) return true
  if (isSectionNumber(text) && block.fontId !== stats.bodyFontId && words <= 14) return true
  // Without font names (fast engine), a standalone line in a font other than the body's is the
  // best evidence of a heading at body size; over a table, it is a header row left out of it.
  return (
    block.fontId !== stats.bodyFontId &&
    next?.kind !== 'table' &&
    (next?.fontId !== block.fontId || subheaded) &&
    block.lines.length === 1 &&
    (words <= 10 || (words <= TITLE_CASE_MAX_WORDS && isTitleCase(text))) &&
    (lettered || /^[\p{Lu}\d]/u.test(text))
  )
}

/**
 * Whether `next`, right under a heading in capitals, is a subheading over the text that follows
 * it: one short line, in a face other than the body's or numbered, ending no sentence, over
 * running text ("DETAILED DESCRIPTION" over "Polyester Resin" in italics, then its paragraph).
 */
function headsSubheadingOver(next: Block, page: PageLayout, stats: TextStatistics): boolean {
  const text = plainText(next)
  if (next.lines.length !== 1 || countWords(text) > SUBHEADING_MAX_WORDS) return false
  if (next.fontId === stats.bodyFontId && !isSectionNumber(text)) return false
  if (/[.;,:]$/.test(text)) return false
  const after = page.blocks[page.blocks.indexOf(next) + 1]
  return (
    after !== undefined &&
    after.top > next.top &&
    after.fontId === stats.bodyFontId &&
    (after.lines.length > 1 || plainText(after).length > text.length)
  )
}

/** Most words of a subheading under a heading in capitals. */
const SUBHEADING_MAX_WORDS = 10

/**
 * Whether a line in a face of its own that opens with a word or a section's number, and gives
 * no web address, heads a subheading right under it: one short line at its left edge, in a face
 * other than the body's, set smaller, that ends no sentence ("Item 1. Business" in 11 pt over
 * "Overview" in 10 pt, then the text). Centred lines stack so on a title page.
 */
function headsSmallerHeading(block: Block, next: Block, stats: TextStatistics): boolean {
  const text = plainText(block)
  return (
    (/^\p{Lu}\p{L}/u.test(text) || isSectionNumber(text)) &&
    !/https?:\/\/|www\./.test(text) &&
    next.top > block.bottom &&
    Math.abs(next.left - block.left) < 0.5 * block.fontSize &&
    next.lines.length === 1 &&
    next.fontId !== stats.bodyFontId &&
    block.fontSize > SUBHEADING_STEP * next.fontSize &&
    !/[.;,:]$/.test(plainText(next))
  )
}

/** A heading's type is larger than its subheading's by this share at least. */
const SUBHEADING_STEP = 1.05

/** A heading in title case may run to this many words: "Item 7. Management's Discussion ...". */
const TITLE_CASE_MAX_WORDS = 16
/** Words of this many letters or fewer may stay lowercase in a title ("and", "of", "with"). */
const TITLE_CASE_SMALL_WORD = 4

/**
 * Whether every word of a line longer than a title's small words opens with a capital, as a
 * title's do and a sentence's do not ("Summary of Significant Accounting Policies").
 */
function isTitleCase(text: string): boolean {
  let long = 0
  for (const word of text.split(/\s+/)) {
    const letters = word.replace(/[^\p{L}]/gu, '')
    if (letters.length <= TITLE_CASE_SMALL_WORD) continue
    if (!/^\p{Lu}/u.test(letters)) return false
    long++
  }
  return long >= 2
}

/** Lines at most of a signer's title and date under the name, and words at most of each. */
const SIGNER_LINES = 3
const SIGNER_LINE_MAX_WORDS = 6

/**
 * Whether a name closes a letter as its signature, over the signer's title and the date
 * ("Richard Pemberton-Hale" over "Chairman", "5 March 2024"): no text of the letter's type
 * follows on its page, only notes, or the heading of what comes next.
 */
function signsOff(block: Block, text: string, next: Block | undefined, page: PageLayout): boolean {
  if (next === undefined || next.lines.length > SIGNER_LINES) return false
  if (listMarker(next.lines[0]?.text ?? '') !== undefined) return false
  if (next.lines.some((line) => line.text.split(/\s+/).length > SIGNER_LINE_MAX_WORDS)) return false
  if (!readsAsNames(text)) return false
  const after = page.blocks[page.blocks.indexOf(next) + 1]
  return after === undefined || Math.abs(after.fontSize - block.fontSize) > 0.1 * block.fontSize
}

/**
 * Whether a block is the page's largest type with no paragraph over it, only single lines (a
 * kicker, a running head): a headline, which may be a quotation ("“People didn't miss the
 * desk.”"), where a pull quote is set among the paragraphs of the story it quotes.
 */
function headsPage(block: Block, page: PageLayout): boolean {
  return page.blocks.every(
    (other) =>
      other === block ||
      (other.fontSize < block.fontSize && (other.top >= block.top || other.lines.length === 1)),
  )
}

/**
 * Whether a line opens in a face of its own and runs on in the body's: a paragraph's lead-in
 * ("**Clinical Pilates** builds deep"), which covers most of its first line and so gives the
 * line its face, where a heading ends in its own face.
 */
function runsIntoBodyText(block: Block, stats: TextStatistics): boolean {
  return (
    block.fontId !== stats.bodyFontId &&
    block.lines[block.lines.length - 1]?.endFontId === stats.bodyFontId
  )
}

/**
 * Whether a line stands well in from the left edge of the text under it without being centred
 * over it or on the page: a source or an attribution set towards the right ("Reference: Coding
 * Clinic, 2003"), where headings stand flush left or centred, a numbered section centred on its
 * column too ("II. SYSTEM MODEL" over its first subsection's title).
 */
function setInAsSource(block: Block, next: Block, page: PageLayout): boolean {
  // Right-to-left text sets its headings flush right, far in from the left edge.
  if (block.lines[0]?.rtl) return false
  const em = block.fontSize
  const inset = block.left - next.left
  if (inset <= SET_IN_EMS * em) return false
  const centre = (block.left + block.right) / 2
  const centredOn = (left: number, right: number) => Math.abs(centre - (left + right) / 2) <= em
  if (centredOn(next.left, next.right) || centredOn(0, page.width)) return false
  const text = plainText(block)
  if (!isSectionNumber(text) && !ROMAN_CAPITALS.test(text)) return true
  // The measure of the column the next block starts: its widest text from that edge.
  let measure = next.right
  for (const other of page.blocks) {
    if (Math.abs(other.left - next.left) < 1 && other.right > measure) measure = other.right
  }
  return !centredOn(next.left, measure)
}

/**
 * Whether a line stands flush right under the nearest prose above it, well in from its left edge
 * and off its centre: a signature, a place and date under a preface, where a heading stands flush
 * left or centred.
 */
function endsFlushRightUnder(block: Block, blocks: readonly Block[]): boolean {
  const em = block.fontSize
  let above: Block | undefined
  for (const other of blocks) {
    if (other.lines.length < 2 || other.bottom > block.top) continue
    if (other.right < block.left || other.left > block.right) continue
    if (!above || other.bottom > above.bottom) above = other
  }
  return (
    above !== undefined &&
    Math.abs(above.right - block.right) < 0.5 * em &&
    block.left - above.left > SET_IN_EMS * em &&
    Math.abs(above.left + above.right - block.left - block.right) / 2 > em
  )
}

/**
 * Whether `next`, read after `block`, opens the column to its right while `block` ends its own:
 * a heading left at the foot of a column, its text at the top of the next.
 */
function headsNextColumn(block: Block, next: Block, blocks: readonly Block[]): boolean {
  if (next.top >= block.top || next.left < block.left + TEXT_COLUMN_EMS * next.fontSize)
    return false
  return !blocks.some(
    (other) => other.top >= block.bottom && other.left < block.right && other.right > block.left,
  )
}

/**
 * Whether `next` numbers the first subsection of the section `text` numbers: "2. Basic Requests"
 * over "2.1. Paragraphs", "II. System Model" over "A. Channel Model", a section title with no
 * text of its own before its first subsection.
 */
function opensSubsection(text: string, next: string): boolean {
  // A section numbered in Roman numerals lettered its subsections: "II. SYSTEM MODEL" over
  // "A. Channel and Antenna Model" (IEEE).
  if (ROMAN_SECTION.test(text)) return FIRST_LETTERED_SUBSECTION.test(next)
  const number = SECTION_NUMBER.exec(text)?.[1]
  if (number === undefined) return false
  return SECTION_NUMBER.exec(next)?.[1]?.startsWith(`${number}.`) === true
}

/** Letters a heading in capitals holds at least, to be told from an acronym ("NLP"). */
const CAPITALS_HEADING_MIN_LETTERS = 5

/**
 * Whether a heading in capitals stands over one in mixed case, or the other way round: a
 * section's name over the title of its first entry ("EXPERIENCE" over "Senior Data Engineer"),
 * where a title wrapped keeps its case unless its first line leaves a phrase open.
 */
function changesCase(text: string, next: string): boolean {
  if (endsOnOpenWord(text.toLowerCase())) return false
  const capitals = (line: string) =>
    (line.match(/\p{L}/gu)?.length ?? 0) >= CAPITALS_HEADING_MIN_LETTERS && !/\p{Ll}/u.test(line)
  const mixed = (line: string) => /\p{Lu}/u.test(line) && /\p{Ll}/u.test(line)
  return (capitals(text) && mixed(next)) || (mixed(text) && capitals(next))
}

/** The first subsection of a section numbered in Roman numerals: "A. Channel Model". */
const FIRST_LETTERED_SUBSECTION = /^A\.\s+\p{Lu}/u

/**
 * Whether the lines of a block are centred on one axis at different lengths: a title broken for
 * balance, not running text (whose lines fill the column and end ragged on one side only).
 */
function isCentredTitle(block: Block): boolean {
  const em = block.fontSize
  const widths = block.lines.map((line) => line.right - line.left)
  if (Math.max(...widths) - Math.min(...widths) < 4 * em) return false
  const centre = (block.left + block.right) / 2
  return block.lines.every((line) => Math.abs((line.left + line.right) / 2 - centre) < em)
}

/**
 * A heading of a side box or a callout is set in the box's own type, smaller than the page's body
 * text: a short line in a font of its own directly above running text in another font of about
 * its size.
 */
function isBoxHeading(
  block: Block,
  text: string,
  words: number,
  next: Block | undefined,
  stats: TextStatistics,
): boolean {
  if (next === undefined || block.lines.length > 2 || words > 8) return false
  // A run-in term ("Full-Length Rail: A one-") begins a paragraph; it does not head one.
  if (!/^[\p{Lu}\d]/u.test(text) || /[.:;,!?-]$/.test(text) || /:\s/.test(text)) return false
  if (block.fontId === stats.bodyFontId) return false
  // A numbered section's title right over its first subsection's, numbered on from it, heads
  // that subsection ("2 Study area and data" over "2.1 Catchments", set small as Elsevier does).
  const gap = next.top - block.bottom
  const nextText = plainText(next)
  if (opensSubsection(text, nextText) && gap >= -1 && gap < 3 * block.fontSize) return true
  if (next.fontId === block.fontId) return false
  if (block.fontSize < stats.bodySize * 0.7 || block.fontSize < next.fontSize * 0.88) return false
  if (nextText.length < text.length * 1.5 || !/\p{Ll}/u.test(nextText)) return false
  // What it heads is running text: a sentence, or several lines (a table's next cell is neither).
  if (/^\p{Ll}/u.test(nextText) || (next.lines.length < 2 && !SENTENCE_END.test(nextText)))
    return false
  // Directly below, in the same column, or centred over it (LaTeX's "Abstract").
  if (gap < -1 || gap > 1.5 * block.fontSize) return false
  const centreOffset = (block.left + block.right - next.left - next.right) / 2
  return (
    Math.abs(next.left - block.left) < 2 * block.fontSize || Math.abs(centreOffset) < block.fontSize
  )
}

/**
 * A line numbered with a letter ("a.", "B)", "(c)"), then a capitalised title without closing
 * punctuation.
 */
const LETTERED_TITLE = /^(?:\([A-Za-z]\)|[A-Za-z][.)])\s+\p{Lu}.{0,78}[^.;,:]$/u

/**
 * Whether a line numbered with a letter titles a subsection rather than opening a list's item:
 * one line in a face of its own over text in the body's face, or over a list set in under it
 * ("b. ACOS Research" over what it is responsible for; an IEEE paper's italic "A. Data set").
 * The last of a list's lettered items, set in a face of its own, has its list's item above it.
 */
function isLetteredTitle(
  block: Block,
  text: string,
  next: Block | undefined,
  page: PageLayout,
  stats: TextStatistics,
): boolean {
  if (block.lines.length !== 1 || block.fontId === stats.bodyFontId || !LETTERED_TITLE.test(text))
    return false
  if (next === undefined || next.top <= block.top || next.fontId !== stats.bodyFontId) return false
  const em = block.fontSize
  if (listMarker(next.lines[0]?.text ?? '') !== undefined && next.left < block.left + em)
    return false
  const above = page.blocks[page.blocks.indexOf(block) - 1]
  return !(above?.kind === 'list-item' && Math.abs(above.left - block.left) < 0.5 * em)
}

function assignHeadingLevels(
  pages: readonly PageLayout[],
  headingSizes: ReadonlySet<number>,
  stats: TextStatistics,
): void {
  // Larger type means a higher level; sizes about the body size share the next rank, and sizes
  // below it the one after, when headings at body size are there to rank above them.
  const ranked = [...headingSizes]
    .filter((size) => size >= stats.bodySize * HEADING_SIZE_RATIO)
    .sort((p, q) => q - p)
  const belowBody = (size: number) => size < stats.bodySize * 0.95
  const bodyRanked = [...headingSizes].some(
    (size) => !belowBody(size) && size < stats.bodySize * HEADING_SIZE_RATIO,
  )
  const outlineStyles = outlineStyleLevels(pages)
  const belowOutline = outlineLevelsAbove(pages)
  const shallowest = shallowestNumbering(pages)
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.kind !== 'heading' || block.level !== undefined || block.titleBelow) continue
      // A heading the outline leaves out takes the level of the outline's headings in its type.
      const styled = outlineStyles.get(headingStyle(block))
      if (styled !== undefined) {
        block.level = styled
        continue
      }
      const text = plainText(block)
      const depth = numberingDepth(text)
      const size = Math.round(block.fontSize)
      const rank = ranked.indexOf(size)
      const bySize =
        rank !== -1 ? rank + 1 : ranked.length + (bodyRanked && belowBody(size) ? 2 : 1)
      // Numbered headings set alike rank by their numbering: "2." over "2.1." over "2.1.3.".
      const deeper = depth === undefined ? 0 : depth - (shallowest.get(size) ?? depth)
      block.level = Math.min(
        6,
        Math.max(
          belowOutline(block.fontSize),
          depth !== undefined && /^\d+\.\d/.test(text)
            ? Math.max(depth, bySize + deeper)
            : bySize + deeper,
        ),
      )
    }
  }
  nestByNumbering(pages)
  nestLettered(pages)
  for (const page of pages) {
    for (const block of page.blocks) {
      const level = block.titleBelow?.level
      if (level !== undefined && block.level === undefined) block.level = level
    }
  }
}

/**
 * Numbered headings nest by their numbering across type sizes too: where "3 Method" stands at
 * level 2, "3.1 Sampling policy" stands at level 3 at least, though set in a type no larger than
 * the body's that ranks it alongside (a browser's h3 in the text's size, bold italic).
 */
function nestByNumbering(pages: readonly PageLayout[]): void {
  const numbered: Array<{ block: Block; depth: number }> = []
  let shallowest = Number.POSITIVE_INFINITY
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.kind !== 'heading' || block.level === undefined) continue
      const depth = numberingDepth(plainText(block))
      if (depth === undefined) continue
      numbered.push({ block, depth })
      shallowest = Math.min(shallowest, depth)
    }
  }
  let top = Number.POSITIVE_INFINITY
  for (const { block, depth } of numbered) {
    if (depth === shallowest) top = Math.min(top, block.level as number)
  }
  for (const { block, depth } of numbered) {
    block.level = Math.min(6, Math.max(block.level as number, top + depth - shallowest))
  }
}

/**
 * A section's lettered subsections stand a level under it where they were ranked level with it,
 * set no larger: "a. Medical Center Director" under "5. Responsibilities", both in the body's
 * size in a face of their own, or "(a) Infrastructure Solutions" in italics under "2.1 Segmental
 * performance" in bold. Letters ranked above the numbers keep their level ("A. Audiology" over
 * "1. Hearing tests" in a larger type).
 */
function nestLettered(pages: readonly PageLayout[]): void {
  let numbered: Block | undefined
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.kind !== 'heading' || block.level === undefined) continue
      const text = plainText(block)
      if (numberingDepth(text) !== undefined || ROMAN_SECTION.test(text)) numbered = block
      else if (!LETTERED_TITLE.test(text)) numbered = undefined
      else if (numbered?.level === block.level && block.fontSize < numbered.fontSize + 0.5)
        block.level = Math.min(6, block.level + 1)
    }
  }
}

/** The least numbering depth among the numbered headings of each (rounded) type size. */
function shallowestNumbering(pages: readonly PageLayout[]): Map<number, number> {
  const shallowest = new Map<number, number>()
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.kind !== 'heading' || block.level !== undefined) continue
      const depth = numberingDepth(plainText(block))
      if (depth === undefined) continue
      const size = Math.round(block.fontSize)
      shallowest.set(size, Math.min(shallowest.get(size) ?? depth, depth))
    }
  }
  return shallowest
}

/** Font and size of a heading: headings of one rank share them. */
function headingStyle(block: Block): string {
  return `${block.fontId}@${block.fontSize.toFixed(1)}`
}

/**
 * The shallowest level for a heading the outline leaves out, by its type size: one deeper than
 * every outline heading set in larger type (a glossary's bold terms under the outline's section
 * titles). 1 without an outline.
 */
function outlineLevelsAbove(pages: readonly PageLayout[]): (size: number) => number {
  const outlined: Block[] = []
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.kind === 'heading' && block.level !== undefined) outlined.push(block)
    }
  }
  return (size) => {
    let deepest = 0
    for (const heading of outlined) {
      if (heading.fontSize > size * LARGER_TYPE_RATIO) {
        deepest = Math.max(deepest, heading.level as number)
      }
    }
    return deepest + 1
  }
}

/** Levels of the outline's headings by their type, where all headings of that type agree. */
function outlineStyleLevels(pages: readonly PageLayout[]): Map<string, number> {
  const levels = new Map<string, number | null>()
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.kind !== 'heading' || block.level === undefined) continue
      const style = headingStyle(block)
      const known = levels.get(style)
      levels.set(style, known === undefined || known === block.level ? block.level : null)
    }
  }
  const agreed = new Map<string, number>()
  for (const [style, level] of levels) if (level !== null) agreed.set(style, level)
  return agreed
}

/**
 * Nesting of list items from their indentation: each step right by about an em goes one deeper.
 * Indentation counts from the column's edge, so that a list goes on at its depth in the next
 * column.
 */
function assignListDepths(pages: readonly PageLayout[]): void {
  // Right-to-left items step in from the right edge.
  const indent = (block: Block) =>
    block.lines[0]?.rtl
      ? Math.round(-block.right)
      : Math.round(block.left - (block.columnLeft ?? 0))
  for (const page of pages) {
    let run: Block[] = []
    const flush = () => {
      const lefts = [...new Set(run.map(indent))].sort((p, q) => p - q)
      const levels: number[] = []
      for (const left of lefts) {
        const previous = levels.length > 0 ? (lefts[levels.length - 1] as number) : undefined
        levels.push(
          previous !== undefined && left - previous > 6
            ? (levels[levels.length - 1] as number) + 1
            : (levels[levels.length - 1] ?? 0),
        )
      }
      for (const block of run) block.depth = Math.min(3, levels[lefts.indexOf(indent(block))] ?? 0)
      run = []
    }
    for (const block of page.blocks) {
      if (block.kind !== 'list-item') {
        if (run.length > 0) flush()
        continue
      }
      // Items side by side on one row (a figure's panels, "(a)", "(b)", "(c)") nest in none
      // of each other, however far right each starts.
      const last = run[run.length - 1]
      if (last !== undefined && standsBeside(block, last)) flush()
      run.push(block)
    }
    if (run.length > 0) flush()
  }
}

/** The title of a paper's or report's abstract, in the languages it most often comes in. */
const ABSTRACT_TITLE =
  /^(?:abstract|summary|executive summary|résumé|zusammenfassung|resumen|riassunto|samenvatting)$/i

/**
 * Gives the title of the document's abstract, its first heading or the one after its title, the
 * level of the section heading after it where that is higher: set in the body's size as LaTeX
 * sets it, it would rank below every subsection, though it stands beside the sections as the
 * first of them. A chapter's closing summary further on keeps its level.
 */
function levelAbstractTitle(pages: readonly PageLayout[]): void {
  const headings: Block[] = []
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.kind === 'heading' && headings.length < 3) headings.push(block)
    }
    if (headings.length === 3) break
  }
  const index = headings.findIndex((block) => ABSTRACT_TITLE.test(plainText(block).trim()))
  const abstract = headings[index]
  const section = headings[index + 1]
  if (abstract?.level === undefined || section?.level === undefined) return
  abstract.level = Math.min(abstract.level, section.level)
}

/**
 * Moves the outline's headings a level down under a title the outline leaves out, set larger
 * than its top entries and on the page of the first, before it (a report's title over bookmarks
 * of its sections only, "Supply and Demand" over "2.1 Demand"): the title takes the first level
 * alone.
 */
function lowerOutlineUnderTitle(pages: readonly PageLayout[]): void {
  const outlined: Block[] = []
  let title: Block | undefined
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.kind !== 'heading') continue
      if (block.level !== undefined) outlined.push(block)
      else if (
        outlined.length === 0 &&
        !block.titleBelow &&
        (!title || block.fontSize > title.fontSize)
      )
        title = block
    }
  }
  const tops = outlined.filter((block) => block.level === 1)
  // A slide deck's title slide stands on a page of its own, over slides whose titles all rank
  // first.
  if (title === undefined || tops.length === 0 || title.page !== outlined[0]?.page) return
  const largest = Math.max(...tops.map((block) => block.fontSize))
  if (title.fontSize < HEADING_SIZE_RATIO * largest) return
  for (const block of outlined) block.level = Math.min(6, (block.level as number) + 1)
}

/** A title page holds at most this many blocks, none of them running text. */
const TITLE_PAGE_MAX_BLOCKS = 8

/**
 * The largest heading of a document's first page when that page is a title page: the document
 * goes on over other pages, and the first holds a few short blocks (title, subtitle, authors,
 * date) and no running text.
 */
function titlePageTitle(pages: readonly PageLayout[]): Block | undefined {
  const first = pages[0]
  if (pages.length < 2 || first?.number !== 1) return undefined
  const blocks = first.blocks.filter((block) => block.kind !== 'header' && block.kind !== 'footer')
  if (blocks.length > TITLE_PAGE_MAX_BLOCKS || blocks.some((block) => block.lines.length > 3)) {
    return undefined
  }
  let title: Block | undefined
  for (const block of blocks) {
    if (block.kind !== 'heading' || block.level !== undefined) continue
    if (!title || block.fontSize > title.fontSize) title = block
  }
  return title
}

/** Whether a list marker numbers its item. */
export function isOrdered(block: Block): boolean {
  return block.marker !== undefined && isOrderedMarker(block.marker)
}

/** An outline entry with its comparison key; each entry names one heading of the document. */
interface OutlineSlot extends OutlineEntry {
  key: string
  used: boolean
  /** Long enough to match a heading that it was cut short from. */
  truncatable: boolean
  /** Starts with a capital letter: a heading starting in lower case is not this entry. */
  capitalised: boolean
}

/** Outline entries by the page they lead to (undefined: not known), in outline order. */
type OutlineIndex = Map<number | undefined, OutlineSlot[]>

function indexOutline(outline: readonly OutlineEntry[]): OutlineIndex {
  const index: OutlineIndex = new Map()
  for (const entry of outline) {
    const key = titleKey(entry.title)
    if (key === '') continue
    const slots = index.get(entry.page) ?? []
    slots.push({
      ...entry,
      key,
      used: false,
      truncatable: entry.title.trim().length >= MIN_TRUNCATED_TITLE,
      capitalised: /^\P{L}*\p{Lu}/u.test(entry.title),
    })
    index.set(entry.page, slots)
  }
  return index
}

/** Bookmark titles at least this long may be cut short by the authoring tool. */
const MIN_TRUNCATED_TITLE = 30

/**
 * The unused outline entry that `text` is the heading of: the same words (case, dashes and
 * spacing aside), or the text begins with a long entry cut short. The entry leads to this page or
 * the one before (an anchor set just above a heading that opens a page). A line opening in lower
 * case (an index or margin term) is no heading of a capitalised entry.
 */
function takeOutlineEntry(
  text: string,
  page: PageLayout,
  outline: OutlineIndex,
): OutlineSlot | undefined {
  if (outline.size === 0) return undefined
  const lists = [outline.get(page.number), outline.get(page.number - 1), outline.get(undefined)]
  if (lists.every((slots) => slots === undefined)) return undefined
  const key = titleKey(text)
  if (key === '') return undefined
  const lower = /^\P{L}*\p{Ll}/u.test(text)
  let entry: OutlineSlot | undefined
  for (const slots of lists) {
    entry = slots?.find(
      (slot) =>
        !slot.used &&
        (slot.key === key || (slot.truncatable && key.startsWith(slot.key))) &&
        !(lower && slot.capitalised),
    )
    if (entry) break
  }
  if (entry) entry.used = true
  return entry
}

/** Comparison key of a title: letters and digits only, in lower case. */
function titleKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
}
