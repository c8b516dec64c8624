import { isFigure } from './figure.js'
import { seatFractions } from './fractions.js'
import { ENDS_KEY, KEY } from './key-values.js'
import { countLetters } from './letters.js'
import { isBullet, isItemMark, isOrderedMarker, listMarker } from './list-markers.js'
import { LONE_NOTE_MARK } from './note-marks.js'
import { isScriptAgainst, SUPERSCRIPT_MIN_SHRINK } from './scripts.js'
import { composeNegations, composeSpacingAccents, isSpacingAccent } from './text-normalize.js'
import { DATE_LABEL, TIME } from './times.js'
import type { Line, TextRun } from './types.js'

/** A gap wider than this many font sizes may split a row: a column gutter or a table cell boundary. */
const SEGMENT_GAP_EM = 1.1
/** A gap narrower than this many font sizes never splits a row. */
const NARROW_GAP_EM = 0.7
/** Letters of a word beside larger type, rather than a note's mark. */
const WORD_MIN_LETTERS = 3
/** Runs this many times the other's size apart are text of different kinds. */
const SIZE_APART_RATIO = 1.2
/** A gap wider than this many font sizes always splits a row. */
const WIDE_GAP_EM = 4
/**
 * Text runs across a gap when it covers the gap's middle with this many font sizes to spare: a
 * column that starts a hair left of the middle of a wider gap (a footnote indented beside the
 * last line of the column before) leaves the gap open.
 */
const CROSSING_MARGIN_EM = 0.25
/** A numbered reference's label, or a patent's numbered paragraph's: "[5]", "[0009]". */
const REFERENCE_NUMBER = /^\[\d{1,5}\]$/
/** A bare section or item number: `3.`, `2.1`, `IV.`, `(a)`, an annex's `B.1`. */
const NUMBER_LABEL =
  /^(?:\(?(?:(?:[A-Z]\.)?\d{1,3}(?:\.\d{1,3})*|[IVXivx]{1,5}|([A-Za-z])\1{0,2})[.)]?)$/
/** The most runs a row's leading label is read from. */
const LEAD_MAX_RUNS = 3
/** The narrowest column of prose, in font sizes, whose gutter may open at a row. */
const PROSE_COLUMN_EM = 12
/** The fewest letters on each side of such a gap: words, not the figures of a table. */
const PROSE_MIN_LETTERS = 12
/** Rows stacked at a narrow gutter's edge, up and down, that make it a gutter. */
const GUTTER_STACK_ROWS = 4
/** Rows above and below that are consulted about a gap. */
const GAP_WINDOW_ROWS = 8
/** Text at most this many times a superscript's size can carry it (a drop cap is larger). */
const SUPERSCRIPT_MAX_RATIO = 2
/** A note mark is set at most this many times the size of its line's text. */
const NOTE_MARK_MAX_RATIO = 0.7
/** A number of up to three digits that pdf.js spaced apart somewhere: "1 0", "1 22", "1 2 2". */
const SPACED_DIGITS = /^(?=(?:\d ?){2,3}$)\d+(?: \d+)+$/
/** A superscript's baseline stands at least this many of its text's font sizes higher. */
const SUPERSCRIPT_MIN_RISE_EM = 0.15
/** Small text this many ems from every run of a row it is level with is no mark of that row. */
const MARK_APART_EM = 2
/** A bullet is at most this many font sizes wide (an arrow in a diagram is wider). */
const UNMAPPED_MARK_MAX_EM = 0.6
/** A glyph without Unicode stands at least this many font sizes before text to be its bullet. */
const UNMAPPED_MARK_GAP_EM = 0.3
/** A gap wider than this many font sizes between two runs reads as a space. */
const SPACE_GAP_EM = 0.17
/** The stretched spaces of one justified line differ in width by at most this many font sizes. */
const JUSTIFIED_SPACE_SPREAD_EM = 0.1
/** A gap this many font sizes wide that no line near crosses parts two columns. */
const OPEN_GUTTER_EM = 2.5
/** Columns' edges stand within this many font sizes of each other from row to row... */
const GUTTER_EDGE_EM = 0.15
/** ... in at least this many rows near a gap for the gap to be their gutter. */
const GUTTER_MIN_ROWS = 2
/** Two stretched lines' spaces stand at least this many font sizes apart, one of them at least. */
const STRETCHED_APART_EM = 1
/** A paragraph's first line is indented at most this many font sizes. */
const FIRST_LINE_INDENT_EM = 3
/** A list's text stands at most this many font sizes right of its bullet. */
const BULLET_GAP_EM = 2
/** The words of one line stand on baselines this many font sizes apart at most. */
const BASELINE_TOLERANCE_EM = 0.1
/** Text stands off another's baseline when farther from it than this many of its font sizes. */
const BASELINE_OFFSET_EM = 0.3
/** Rows around that end where a line does, at least, for that to be the text's edge. */
const MARGIN_NOTE_EDGE_ROWS = 3
/** A note in the margin stands at least this many font sizes off the text. */
const MARGIN_NOTE_MIN_GAP_EM = 0.5
/**
 * Punctuation that closes a phrase, standing alone before a space or the line's end; not an
 * ellipsis, which takes a space before it where it stands for words left out ("1, ..., n").
 */
const CLOSING_PUNCTUATION = /^(?!\.\.)[.,;:!?)\]]+(?:\s|$)/
const ENDS_WITH_PUNCTUATION = /[.,;:!?]\s*$/
/** A word's hyphen at the end of the text so far, maybe read with a space after it. */
const HYPHEN_END = /\p{L}-\s?$/u
/** Closing punctuation this many font sizes or less after another face's phrase belongs to it. */
const CLOSING_PUNCTUATION_GAP_EM = 0.6
/** Runs this many font sizes apart in a line of prose type are cells of a row, not words. */
const CELL_GAP_EM = 1.5
/** The share of a line's drawn characters in typewriter type that makes it a line of code. */
const MONOSPACE_LINE_SHARE = 0.8
/** A form field's value stands at most this many font sizes right of its label. */
const FIELD_GAP_EM = 12
/** Typewriter runs stand a whole number of characters apart, give or take this share of one. */
const GRID_SLACK = 0.15
/** Runs overlapping by more than this many font sizes are separate words, not kerned letters. */
const OVERLAP_APART_EM = 1

/**
 * Groups runs into lines: runs whose vertical extents overlap enough share a row, rows are read
 * left to right (right to left when most of the text is RTL), and a wide gap splits a row into
 * separate lines so that two columns never merge.
 */
export function groupLines(runs: readonly TextRun[]): Line[] {
  const sorted = dropEnclosedLetters(
    dropDuplicateRuns(seatLimits(runs).sort((p, q) => p.baseline - q.baseline || p.left - q.left)),
  )
  const rows: TextRun[][] = []
  const rowTop: number[] = []
  const rowBottom: number[] = []
  for (const run of sorted) {
    let target = -1
    // A row of note marks level with a small run but far from it: taken only if no row above
    // has text right by the run.
    let farRow = -1
    // Only the last few rows can still hold a run, since runs arrive sorted by baseline.
    for (let r = rows.length - 1; r >= 0 && r >= rows.length - 4; r--) {
      const anchor = (rows[r] as TextRun[])[0] as TextRun
      const shift = Math.abs(run.baseline - anchor.baseline)
      const top = rowTop[r] as number
      const bottom = rowBottom[r] as number
      // Same baseline (within half an em), or a smaller run inside the row: a superscript,
      // subscript or footnote mark. A superscript's baseline is higher, so it may come first
      // and start the row that the larger text then joins.
      const sameBaseline = shift <= 0.45 * baselineScale(run, rows[r] as TextRun[], anchor)
      // Type far smaller than the row's, wholly under its baseline, is a line of its own under
      // it: a masthead's tagline set tight under the title, no script of it.
      const inside =
        run.fontSize < anchor.fontSize &&
        run.top >= top - 0.2 * anchor.fontSize &&
        run.bottom <= bottom + 0.2 * anchor.fontSize &&
        (run.top < anchor.baseline || run.fontSize >= SCRIPT_MIN_SHRINK * anchor.fontSize)
      const around =
        run.fontSize > anchor.fontSize &&
        run.fontSize <= SUPERSCRIPT_MAX_RATIO * anchor.fontSize &&
        top >= run.top - 0.5 * run.fontSize &&
        bottom <= run.bottom + 0.2 * run.fontSize &&
        (rows[r] as TextRun[]).some((mark) => touches(mark, run))
      if ((sameBaseline || inside) && !isOtherColumnMark(run, rows[r] as TextRun[])) {
        // A subscript set lower than its letter's line may be level with the note mark of a line
        // in the next column, a row of its own so far: the row of its letter comes before it.
        if (farRow === -1 && isScriptApart(run, rows[r] as TextRun[])) {
          farRow = r
          continue
        }
        if (farRow !== -1 && !(rows[r] as TextRun[]).some((other) => touches(run, other))) continue
        target = r
        break
      }
      if (around) {
        // The row so far is the superscript: the main text becomes its anchor and extent.
        ;(rows[r] as TextRun[]).unshift(run)
        rowTop[r] = Math.min(top, run.top)
        rowBottom[r] = Math.max(bottom, run.bottom)
        target = -2
        break
      }
    }
    if (target === -1 && farRow !== -1) target = farRow
    if (target === -1) {
      rows.push([run])
      rowTop.push(run.top)
      rowBottom.push(run.bottom)
    } else if (target >= 0) {
      const row = rows[target] as TextRun[]
      const anchor = row[0] as TextRun
      if (
        run.fontSize > SIZE_APART_RATIO * anchor.fontSize &&
        run.fontSize <= SUPERSCRIPT_MAX_RATIO * anchor.fontSize &&
        anchor.baseline < run.baseline - SUPERSCRIPT_MIN_RISE_EM * run.fontSize &&
        row.some((mark) => touches(mark, run))
      ) {
        // A superscript started the row: the text it is raised over anchors it, and measures
        // the subscripts that come after.
        row.unshift(run)
        rowTop[target] = Math.min(rowTop[target] as number, run.top)
        rowBottom[target] = Math.max(rowBottom[target] as number, run.bottom)
      } else {
        row.push(run)
      }
    }
  }
  adoptStrandedMarks(rows)
  adoptOpeningMarks(rows)
  adoptStrandedLeads(rows)
  seatDropCapitals(rows)
  adoptScriptRows(rows)
  seatFractions(rows)
  for (const row of rows) {
    row.sort((p, q) => p.left - q.left)
    attachCombiningMarks(row)
    seatSpacingAccents(row)
  }
  const lines: Line[] = []
  const rightToLeftPage = isRightToLeftPage(sorted)
  rows.forEach((row, index) => {
    let start = 0
    for (let i = 1; i <= row.length; i++) {
      const prev = row[i - 1] as TextRun
      const next = row[i]
      if (next && !splitsRow(rows, index, prev, next, i - 1)) continue
      const line = makeLine(row.slice(start, i), rightToLeftPage)
      if (line.text.length > 0 && !isAnswerLine(line.text)) lines.push(line)
      start = i
    }
  })
  return lines.sort((p, q) => p.top - q.top || p.left - q.left)
}

/** A row's anchor this much larger than a run is display type: a headline, a masthead. */
const DISPLAY_RATIO = 1.5

/**
 * The size by which a run's baseline is compared with a row's: the larger of the two, but for a
 * run much smaller than the row's anchor and away from it, the size of the text beside the run in
 * the row, or the run's own. A headline's line must not take the line of the next column that
 * stands a line lower than the column's first, level with it ("PORT ALDER — The" over
 * "regional transit authority will", beside "Seawall Plan After Nine-Hour" in 30 pt).
 */
function baselineScale(run: TextRun, row: readonly TextRun[], anchor: TextRun): number {
  if (anchor.fontSize <= DISPLAY_RATIO * run.fontSize)
    return Math.max(run.fontSize, anchor.fontSize)
  let scale = run.fontSize
  for (const other of row) {
    const apart = Math.max(other.left - run.right, run.left - other.right)
    if (apart <= run.fontSize && apart > -run.fontSize) scale = Math.max(scale, other.fontSize)
  }
  return scale
}

/**
 * Whether a line is dots or underscores alone, ten at least: a worksheet's line to write an
 * answer on, no text of the page's, which read as text runs into the question above it.
 */
function isAnswerLine(text: string): boolean {
  return RULED_OUT.test(text) && text.replace(/\s/g, '').length >= ANSWER_LINE_MIN_MARKS
}

/** A line drawn with dots, underscores or ellipses and spaces only. */
const RULED_OUT = /^[\s._\u2026]+$/
/** The fewest dots or underscores that draw a line to write on. */
const ANSWER_LINE_MIN_MARKS = 10

/** Whether most of a page's text is written right to left (Arabic, Hebrew). */
function isRightToLeftPage(runs: readonly TextRun[]): boolean {
  const { rtl, all } = countRightToLeft(runs)
  return rtl * 2 > all
}

/** The characters of runs, and those of them in right-to-left runs. */
function countRightToLeft(runs: readonly TextRun[]): { rtl: number; all: number } {
  let rtl = 0
  let all = 0
  for (const run of runs) {
    all += run.text.length
    if (run.rtl) rtl += run.text.length
  }
  return { rtl, all }
}

/** A script is set larger than this share of its glyph's size (a drop capital's line is not), */
const SCRIPT_MIN_SHRINK = 0.45
/** ... and has at most this many characters ("th", "i=1", "4,5"). */
const SCRIPT_MAX_CHARS = 8
/** Limits stand at most this many of their operator's font sizes above or below it... */
const LIMIT_GAP_EM = 0.6
/** ... in type at most this share of its size. */
const LIMIT_MAX_SIZE = 0.9

/**
 * A copy of `runs` in which the limits of a formula's big operators, set in smaller type over
 * and under one in display size (the "n=1" and "∞" of a displayed sum), stand on the operator's
 * baseline and within its width, so that they read on its line right after it ("∑n=1∞"), not
 * as lines of their own.
 */
function seatLimits(runs: readonly TextRun[]): TextRun[] {
  const operators = runs.filter((run) => run.operator)
  if (operators.length === 0) return [...runs]
  return runs.map((run) => {
    if (run.operator) return run
    for (const operator of operators) {
      const em = operator.fontSize
      const centre = (run.left + run.right) / 2
      if (
        run.fontSize < LIMIT_MAX_SIZE * em &&
        centre >= operator.left &&
        centre <= operator.right &&
        ((run.bottom >= operator.top - LIMIT_GAP_EM * em &&
          run.bottom <= operator.top + 0.3 * em) ||
          (run.top <= operator.bottom + LIMIT_GAP_EM * em && run.top >= operator.bottom - 0.3 * em))
      ) {
        // Read right after the operator, against it, the lower limit first, as TeX has them
        // written.
        const left = operator.right - (run.top > operator.top ? 0.02 : 0.01)
        return { ...run, baseline: operator.baseline, left, right: operator.right }
      }
      if (isScriptBeside(run, operator)) return { ...run, baseline: operator.baseline }
    }
    return run
  })
}

/** A script beside an operator starts at most this many of its font sizes past its right edge. */
const SCRIPT_GAP_EM = 0.6

/**
 * Whether a run is a script set beside a big operator in display size, level with some of
 * its glyph (the "0" and "π" of a displayed `\int_0^\pi`, which TeX sets to the side): it
 * reads on the operator's line, right after it, not as a line of its own above or below.
 */
function isScriptBeside(run: TextRun, operator: TextRun): boolean {
  const em = operator.fontSize
  return (
    run.fontSize < LIMIT_MAX_SIZE * em &&
    (run.left + run.right) / 2 > operator.right &&
    run.left <= operator.right + SCRIPT_GAP_EM * em &&
    run.bottom >= operator.top - 0.3 * em &&
    run.top <= operator.bottom + 0.3 * em
  )
}

/** Whether a script's few characters stand far from a row of note marks alone. */
function isScriptApart(run: TextRun, row: readonly TextRun[]): boolean {
  if (run.text.trim().length > SCRIPT_MAX_CHARS) return false
  return row.every(
    (other) =>
      LONE_NOTE_MARK.test(other.text.trim()) &&
      Math.max(run.left - other.right, other.left - run.right) > MARK_APART_EM * run.fontSize,
  )
}

/**
 * Whether small raised or lowered text lies far from every run of a row it is level with: a note
 * mark of the line beside it in the next column, whose baseline sits lower (or higher) by less
 * than the mark's offset. The line it belongs to takes it when it arrives.
 */
function isOtherColumnMark(run: TextRun, row: readonly TextRun[]): boolean {
  const anchor = row[0] as TextRun
  if (run.fontSize > SUPERSCRIPT_MIN_SHRINK * anchor.fontSize) return false
  if (Math.abs(run.baseline - anchor.baseline) < 0.2 * anchor.fontSize) return false
  return row.every(
    (other) =>
      Math.max(run.left - other.right, other.left - run.right) > MARK_APART_EM * anchor.fontSize,
  )
}

/** A drop capital is set at least this many times the size of the text it opens. */
const DROP_CAPITAL_RATIO = 2
/** A capital letter's height, in its font's size. */
const CAPITAL_HEIGHT_EM = 0.7
/** Rows after a drop capital's that may hold the line it opens. */
const DROP_CAPITAL_ROWS = 6

/** One capital letter or figure alone, as a drop capital is drawn, maybe after a quote mark. */
const DROP_CAPITAL = /^\s*["'“‘«„]?[\p{Lu}\p{N}]\s*$/u

/** Whether a run is one capital letter (or figure) set at least twice the size of `text`'s. */
function isDropCapital(run: TextRun, text: TextRun): boolean {
  return run.fontSize >= DROP_CAPITAL_RATIO * text.fontSize && DROP_CAPITAL.test(run.text)
}

/**
 * Whether the first line beside a drop capital that may be a word ("A", "I") starts a word
 * space further from it than the line under it does: the capital is a word of its own ("A
 * spring flood"), not a word's first letter ("Awful").
 */
function isWordBesideCapital(cap: TextRun, first: TextRun, below: readonly TextRun[]): boolean {
  if (!WORD_LETTERS.test(cap.text)) return false
  let next: TextRun | undefined
  for (const run of below) {
    if (run.left >= cap.right - 1 && (!next || run.left < next.left)) next = run
  }
  return next !== undefined && first.left - next.left > SPACE_GAP_EM * first.fontSize
}

/** A drop capital standing for a word of its own, which keeps a space after it. */
const WORD_LETTERS = /^\s*["'“‘«„]?[AIO]\s*$/

/**
 * Whether the run after a drop capital goes on its word: it opens in lower case ("D" + "awn"),
 * or in small capitals set smaller than the line's text ("T" + "HE MAN FROM THE AGENCY"), after
 * a letter that is no word of its own.
 */
function goesOnWord(capital: TextRun, run: TextRun, dominant: TextRun): boolean {
  if (/^\p{Ll}/u.test(run.text)) return true
  return (
    /^\p{Lu}/u.test(run.text) &&
    run.fontSize < SMALL_CAPITALS_SHARE.max * dominant.fontSize &&
    !WORD_LETTERS.test(capital.text)
  )
}

/**
 * Moves a drop capital to the line it opens: the first line beside it, a paragraph's first,
 * whose word it begins ("D" + "awn comes late"). Set across two or three lines, the letter sits
 * on the baseline of a lower one and would otherwise start that line. A letter that the first
 * line beside it runs into is left where it is.
 */
function seatDropCapitals(rows: TextRun[][]): void {
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as TextRun[]
    const cap = row.find((run) => DROP_CAPITAL.test(run.text))
    if (cap === undefined) continue
    // The letter's own top, not its font's: a heading just over it stands clear of the letter.
    const capTop = cap.baseline - CAPITAL_HEIGHT_EM * cap.fontSize
    for (let t = Math.max(0, r - DROP_CAPITAL_ROWS); t <= r; t++) {
      // The leftmost text of the row beside the letter, level with some of its height.
      let first: TextRun | undefined
      for (const run of rows[t] as TextRun[]) {
        if (run === cap || run.right <= cap.left || run.bottom <= capTop) continue
        if (!first || run.left < first.left) first = run
      }
      if (first === undefined) continue
      const seated =
        t !== r &&
        isDropCapital(cap, first) &&
        first.left >= cap.right - 1 &&
        first.left - cap.right <= 2 * first.fontSize
      if (seated) {
        row.splice(row.indexOf(cap), 1)
        ;(rows[t] as TextRun[]).push(cap)
        if (isWordBesideCapital(cap, first, rows[t + 1] ?? [])) cap.text = `${cap.text.trim()} `
      }
      break
    }
  }
}

/** Rows on either side of a stranded note mark that may hold the word it is raised against. */
const MARK_ROWS_AROUND = 3

/** A run of combining marks alone: a vowel sign or tanwin drawn as a glyph of its own. */
const COMBINING_MARKS = /^\p{M}+$/u
/** A mark drawn over its letter has next to no advance: at most this share of its size. */
const MARK_MAX_WIDTH_EM = 0.15
/** How near the end of a word a mark stands over its last letter, in the word's font sizes. */
const MARK_END_EM = 0.35
/** How far left of its right-to-left letter a mark centred under it may start, in font sizes. */
const MARK_REACH_EM = 0.5

/**
 * Puts each combining mark that a page draws as a glyph of its own after the letter it stands
 * over, in the text of that letter's run: Arabic printed by a browser draws "اً" as the alef
 * and the tanwin over it, which sorted by position would read before the alef in right-to-left
 * text, and a space apart. The letter is the one-letter run under the mark, or a word whose
 * last letter (at its right end, or its left for right-to-left text) the mark stands over.
 */
function attachCombiningMarks(row: TextRun[]): void {
  for (let i = 0; i < row.length; i++) {
    const mark = row[i] as TextRun
    // pdf.js may end a mark's item with the word space after it: the gap beside the letter
    // makes that space again.
    const marks = mark.text.trimEnd()
    if (!COMBINING_MARKS.test(marks) || mark.right - mark.left > MARK_MAX_WIDTH_EM * mark.fontSize)
      continue
    const base =
      rightToLeftBase(row, mark) ??
      row.find((run) => {
        if (run === mark || COMBINING_MARKS.test(run.text.trimEnd())) return false
        if (mark.left < run.left - 0.5 || mark.right > run.right + 0.5) return false
        if ([...run.text.trim()].length === 1) return true
        const end = run.rtl ? mark.left - run.left : run.right - mark.right
        return end <= MARK_END_EM * run.fontSize
      })
    if (base === undefined) continue
    base.text = base.text.endsWith(' ') ? `${base.text.trimEnd()}${marks} ` : base.text + marks
    row.splice(i, 1)
    i--
  }
}

/**
 * Puts each spacing accent that stands as a run of its own over the first letter of another run
 * before that letter's text, where `composeSpacingAccents` sets it on the letter: TeX draws an
 * accent over a capital or a tall letter raised, and a little right of the letter's left edge
 * ("ˇ" over the "C" of "Capek"), so that sorted by position it would read after the word.
 */
function seatSpacingAccents(row: TextRun[]): void {
  for (let i = 0; i < row.length; i++) {
    const accent = row[i] as TextRun
    // An accent alone, with the space pdf.js may give it: one or two characters.
    if (accent.text.length > 2 || !isSpacingAccent(accent.text.trim())) continue
    const centre = (accent.left + accent.right) / 2
    const base = row.find(
      (run) =>
        run !== accent &&
        run.left <= centre &&
        centre <= run.left + FIRST_LETTER_EM * run.fontSize &&
        LETTER_FIRST.test(run.text),
    )
    if (base === undefined) continue
    base.text = accent.text.trim() + base.text
    row.splice(i, 1)
    i--
  }
}

/** The width of a run's first letter at most, in its font sizes: a capital M's. */
const FIRST_LETTER_EM = 0.85
const LETTER_FIRST = /^\p{L}/u

/**
 * The right-to-left letter a mark belongs to when it stands at the letter's left edge or a little
 * short of it: a browser places a Hebrew point centred under its letter, so under a narrow letter
 * (a yod, a vav) it starts left of the letter, over the one before it; the letter whose left
 * edge is nearest at or right of the mark's is its own. Undefined when none is that near.
 */
function rightToLeftBase(row: readonly TextRun[], mark: TextRun): TextRun | undefined {
  let best: TextRun | undefined
  let distance = Number.POSITIVE_INFINITY
  for (const run of row) {
    if (!run.rtl || run === mark || COMBINING_MARKS.test(run.text.trimEnd())) continue
    const away = run.left - mark.left
    if (away < -1 || away > MARK_REACH_EM * run.fontSize || !/\p{L}/u.test(run.text)) continue
    if (Math.abs(away) < distance) {
      best = run
      distance = Math.abs(away)
    }
  }
  return best
}

/**
 * Moves a note mark that joined a row far from all of its text (the next column's line, by
 * chance level with the mark) to the row of the word it is raised against ("decade.²"), which
 * arrived after it: runs come sorted by baseline, and a mark's is the higher. Raised pieces set
 * near each other move together, each against its own word: the exponents of units ("m³ m⁻³").
 */
function adoptStrandedMarks(rows: TextRun[][]): void {
  rows.forEach((row, index) => {
    if (row.length < 2) return
    let em = 0
    for (const run of row) em = Math.max(em, run.fontSize)
    for (const marks of raisedClusters(row, em)) {
      const apart = row.every(
        (other) =>
          marks.includes(other) ||
          marks.every(
            (mark) =>
              Math.max(mark.left - other.right, other.left - mark.right) > MARK_APART_EM * em,
          ),
      )
      if (!apart) continue
      const to = Math.min(rows.length - 1, index + MARK_ROWS_AROUND)
      for (let r = Math.max(0, index - MARK_ROWS_AROUND); r <= to; r++) {
        const other = rows[r] as TextRun[]
        const raised = (mark: TextRun) =>
          other.some((word) => touches(mark, word) && isRaisedOver(mark, word))
        if (r === index || !raised(marks[0] as TextRun)) continue
        for (const mark of marks) row.splice(row.indexOf(mark), 1)
        other.push(...marks)
        break
      }
    }
  })
}

/** A piece of raised text: a note mark, or an exponent ("3", "-3", "n", "′"). */
const RAISED_PIECE = /^(?:[-−+]?[\p{L}\d]{1,3}|[-−+′'*†‡])$/u

/**
 * Puts a note's opening mark, raised and set a tab before the note's first word so that it
 * stands in a row of its own (a word processor's footnote: "¹" then the note), at the start of
 * the note's row, where it is read as the note's mark.
 */
function adoptOpeningMarks(rows: TextRun[][]): void {
  for (let r = rows.length - 1; r >= 0; r--) {
    const row = rows[r] as TextRun[]
    const mark = row[0] as TextRun
    if (row.length !== 1 || !LONE_NOTE_MARK.test(mark.text.trim())) continue
    const note = [rows[r + 1], rows[r - 1]].find((other) => {
      const first = other?.[0]
      return (
        first !== undefined &&
        other?.every((run) => run.left >= first.left) === true &&
        first.left > mark.right &&
        first.left - mark.right <= MARK_APART_EM * first.fontSize &&
        isRaisedOver(mark, first)
      )
    })
    if (note === undefined) continue
    note.unshift(mark)
    rows.splice(r, 1)
  }
}

/**
 * The small pieces of a row, left to right, in clusters of pieces set near each other (within
 * the distance that parts a mark from text), that may be raised text: a cluster of one is a note
 * mark ("2"), of more the exponents of a line's units ("3", "-", "3").
 */
function raisedClusters(row: readonly TextRun[], em: number): TextRun[][] {
  // Most rows hold no small text: settled without allocating.
  if (!row.some((run) => run.fontSize < SUPERSCRIPT_MIN_SHRINK * em)) return []
  const small = row
    .filter((run) => run.fontSize < SUPERSCRIPT_MIN_SHRINK * em)
    .sort((p, q) => p.left - q.left)
  const clusters: TextRun[][] = []
  for (const run of small) {
    const last = clusters[clusters.length - 1]
    const end = last?.[last.length - 1]
    if (end && run.left - end.right <= MARK_APART_EM * em) last?.push(run)
    else clusters.push([run])
  }
  return clusters.filter((marks) =>
    marks.length === 1
      ? LONE_NOTE_MARK.test((marks[0] as TextRun).text.trim())
      : marks.every((mark) => RAISED_PIECE.test(mark.text.trim())),
  )
}

/**
 * Whether small text stands raised against a word: its baseline well above the word's, within
 * the word's height (a chart's tick labels over a caption stand a line or more above it).
 */
function isRaisedOver(
  mark: TextRun,
  base: { readonly fontSize: number; readonly baseline: number },
): boolean {
  return (
    mark.fontSize < SUPERSCRIPT_MIN_SHRINK * base.fontSize &&
    mark.baseline < base.baseline - 0.2 * base.fontSize &&
    mark.baseline > base.baseline - RAISED_MAX_EM * base.fontSize
  )
}

/** A raised mark's baseline stands at most this many of its word's font sizes above the word's. */
const RAISED_MAX_EM = 1

/** Characters at most of a piece that opens a line: a bullet, "1." or "a)". */
const LEAD_MAX_CHARS = 3

/**
 * Moves a line's lead (a bullet, an item's number) that joined a row far from all of its text to
 * the row of the text it opens, which arrived after it: the lead's baseline sits a little off its
 * text's, by chance level with the next column's line, and the text's is the nearer.
 */
function adoptStrandedLeads(rows: TextRun[][]): void {
  rows.forEach((row, index) => {
    if (row.length < 2) return
    for (const lead of row) {
      if (lead.text.trim().length > LEAD_MAX_CHARS) continue
      const reach = MARK_APART_EM * lead.fontSize
      const apart = row.every(
        (other) =>
          other === lead || Math.max(lead.left - other.right, other.left - lead.right) > reach,
      )
      if (!apart) continue
      const shift = Math.abs(
        lead.baseline - ((row[0] === lead ? row[1] : row[0]) as TextRun).baseline,
      )
      const to = Math.min(rows.length - 1, index + MARK_ROWS_AROUND)
      for (let r = Math.max(0, index - MARK_ROWS_AROUND); r <= to; r++) {
        const other = rows[r] as TextRun[]
        const opened = other.some(
          (word) =>
            word.left >= lead.right - 0.2 * lead.fontSize &&
            word.left - lead.right <= reach &&
            Math.abs(word.baseline - lead.baseline) < shift,
        )
        if (r === index || !opened) continue
        row.splice(row.indexOf(lead), 1)
        other.push(lead)
        return
      }
    }
  })
}

/**
 * Puts a row made of scripts alone into the row beside it whose glyphs they are set against: the
 * upper limit of an inline sum ("n" of ∑_{i=1}^n) stands too high to join its line when the
 * line's text ahead of the sum arrives first, and the sum then joins that text's row.
 */
function adoptScriptRows(rows: TextRun[][]): void {
  for (let r = rows.length - 1; r >= 0; r--) {
    const scripts = rows[r] as TextRun[]
    for (const n of [r + 1, r - 1]) {
      const row = rows[n]
      if (row === undefined || !scripts.every((script) => isScriptIn(script, row))) continue
      row.push(...scripts)
      rows.splice(r, 1)
      break
    }
  }
}

/**
 * Whether a run is a script of a row: a few characters set smaller than the glyph it starts
 * right against, within half that glyph's size of its height.
 */
function isScriptIn(script: TextRun, row: readonly TextRun[]): boolean {
  if (script.text.trim().length > SCRIPT_MAX_CHARS) return false
  return row.some(
    (glyph) =>
      isScriptAgainst(script, glyph) &&
      script.fontSize > SCRIPT_MIN_SHRINK * glyph.fontSize &&
      script.bottom > glyph.top - 0.5 * glyph.fontSize &&
      script.top < glyph.bottom + 0.5 * glyph.fontSize,
  )
}

function touches(mark: TextRun, word: TextRun): boolean {
  const gap = Math.max(mark.left - word.right, word.left - mark.right)
  return gap <= 0.35 * word.fontSize
}

/** A sub-caption's letter: "(b) Lower ledges". */
const SUBCAPTION_LETTER = /^\(([a-h])\)\s/
/** Sub-captions side by side stand at least this many ems apart. */
const SUBCAPTION_GAP_EM = 1.5

/**
 * Whether `next` opens a sub-caption beside the one the row opens with, lettered after it:
 * "(a) Upper ledges, viewed from the" and "(b) Lower ledges, viewed from the" under two
 * pictures side by side, each wrapping in its own width.
 */
function opensNextSubcaption(row: readonly TextRun[], next: TextRun): boolean {
  const letter = SUBCAPTION_LETTER.exec(next.text)?.[1]
  if (letter === undefined) return false
  const first = SUBCAPTION_LETTER.exec((row[0] as TextRun).text)?.[1]
  return first !== undefined && first < letter
}

/** The end of a run of leader dots: ". . . .", "....", "…". */
const LEADER_END = /(?:(?:\. ?){3}|…)\s*$/
/** A page number as a contents entry gives it: "12", "xiv". */
const PAGE_REFERENCE = /^\s*(?:\d{1,4}|[ivxlc]{1,6})\s*$/i
/** Widest gap, in ems, between leader dots and the page number they lead to. */
const LEADER_GAP_EM = 4

/**
 * Whether a run and the runs set close to it on its side of a gap (`step` -1: the runs before
 * it; 1: after) hold letters enough for prose: a word of the line may be a run of its own
 * ("scheduling" of "1. We formalize energy-aware batch scheduling"). `ofItsSize` counts only
 * the run's own type: a note mark is no prose, though the words it is raised after are.
 */
function isProsePiece(
  row: readonly TextRun[],
  run: TextRun,
  step: -1 | 1,
  ofItsSize = false,
): boolean {
  let letters = 0
  let current = run
  for (let i = row.indexOf(run); i >= 0 && i < row.length; i += step) {
    const piece = row[i] as TextRun
    const gap = step < 0 ? current.left - piece.right : piece.left - current.right
    if (piece !== run && gap > SEGMENT_GAP_EM * piece.fontSize) break
    if (ofItsSize && piece.fontSize !== run.fontSize) break
    letters += countLetters(piece.text)
    if (letters >= PROSE_MIN_LETTERS) return true
    current = piece
  }
  return false
}

/** Rows above and below a line that are looked at for contents entries led by dots. */
const CONTENTS_NEIGHBOURS = 3

/**
 * Whether a row near `index` ends in leader dots and a page number whose right edge is in line
 * with `number`'s, as a contents page sets its numbers flush right.
 */
function hasLedNumberInLine(rows: readonly TextRun[][], index: number, number: TextRun): boolean {
  const from = Math.max(0, index - CONTENTS_NEIGHBOURS)
  const to = Math.min(rows.length - 1, index + CONTENTS_NEIGHBOURS)
  for (let r = from; r <= to; r++) {
    const row = rows[r] as TextRun[]
    if (r === index || row.length < 2) continue
    const last = row[row.length - 1] as TextRun
    const before = row[row.length - 2] as TextRun
    if (
      Math.abs(last.right - number.right) <= 0.5 * number.fontSize &&
      PAGE_REFERENCE.test(last.text) &&
      LEADER_END.test(before.text)
    ) {
      return true
    }
  }
  return false
}

/**
 * Whether the gap between two neighbouring runs of a row separates two pieces of text (columns,
 * table cells) rather than two words. A gap of a few ems counts only when nearby rows have a gap
 * at the same place too, i.e. it is part of a gutter: a lone wide gap in prose (a missing glyph,
 * justified spacing) does not split the line.
 */
function splitsRow(
  rows: readonly TextRun[][],
  index: number,
  prev: TextRun,
  next: TextRun,
  at: number,
): boolean {
  const beforePrev = (rows[index] as TextRun[])[at - 1]
  const gap = next.left - prev.right
  // Runs closer than half an em of the smaller type are words of one piece, by every test below
  // (the common case, settled first).
  if (gap < MARGIN_NOTE_MIN_GAP_EM * Math.min(prev.fontSize, next.fontSize)) return false
  const em = Math.max(prev.fontSize, next.fontSize)
  // Typewriter type set apart by whole characters is one line of its source however wide the
  // gap (a listing's aligned comments, a diagram's boxes, a terminal's columns).
  if (onCharacterGrid(prev, next, gap, rows[index] as TextRun[])) return false
  if (isListingLineNumber(rows, index, prev, next)) return false
  // An exam's marks set at the right margin close their question's line: "[4 marks]"; so does a
  // protocol step's time: "[5 min]".
  if (next === (rows[index] as TextRun[]).at(-1) && MARKS.test(next.text.trim())) return false
  // So does the box that ends a proof, set at the margin: "... completes the proof.   □".
  if (next === (rows[index] as TextRun[]).at(-1) && isEndOfProof(next.text)) return false
  // A contents entry's page number reads on from the dots that lead to it, or from its title
  // where the entries around it are led by dots to numbers in line with it (a chapter's entry).
  if (PAGE_REFERENCE.test(next.text)) {
    if (gap <= LEADER_GAP_EM * em && LEADER_END.test(prev.text)) return false
    if (hasLedNumberInLine(rows, index, next)) return false
  }
  // A form field's value reads on from its label, though the fields stand in a column well
  // right of the shorter labels.
  if (next.field && gap <= FIELD_GAP_EM * em) return false
  // So does the value of a key-value list: an invoice's "Due date:   28 December 2026".
  if (gap <= FIELD_GAP_EM * em && isKeyOfValue(rows, index, prev, next)) return false
  // A line of prose measures the gap beside it by its own size, though larger type stands on the
  // other side (the next column's heading, or the last word of the heading before it), and so
  // does a paragraph's last word on the heading's baseline ("Wool" + "racy."); a mark or a bullet
  // beside text goes by the larger.
  const [small, large] = prev.fontSize < next.fontSize ? [prev, next] : [next, prev]
  const besideLarger =
    large.fontSize > SIZE_APART_RATIO * small.fontSize &&
    (isProsePiece(rows[index] as TextRun[], small, small === prev ? -1 : 1) ||
      (countLetters(small.text) >= WORD_MIN_LETTERS &&
        Math.abs(small.baseline - large.baseline) < BASELINE_TOLERANCE_EM * small.fontSize))
  // A step's bare number in its badge, counting the steps down the rows around it, belongs to
  // the step's text, however far the badge sets it off the text's size and baseline. A table's
  // numbered rows go on in cells, no prose.
  if (
    prev === (rows[index] as TextRun[])[0] &&
    countsSteps(rows, index, prev) &&
    isProsePiece(rows[index] as TextRun[], next, 1)
  )
    return false
  if (isMarginNote(rows, index, prev, next, gap, em)) return true
  // Small type far off display type on its baseline is no part of its line: a manual's "Read
  // this first" flush right of its title, a masthead's issue line. An em of the display type
  // parts them where it is a gutter's width of the small type's.
  if (
    large.fontSize > DISPLAY_RATIO * small.fontSize &&
    gap > Math.max(large.fontSize, WIDE_GAP_EM * small.fontSize) &&
    countLetters(large.text) >= WORD_MIN_LETTERS
  )
    return true
  // Prose off the baseline of larger type beside it, and more than a word space from it, is no
  // script of it: a subtitle set beside a display headline's line.
  if (
    besideLarger &&
    !isDropCapital(large, small) &&
    gap > SEGMENT_GAP_EM * small.fontSize &&
    Math.abs(small.baseline - large.baseline) > BASELINE_OFFSET_EM * small.fontSize &&
    isProsePiece(rows[index] as TextRun[], small, small === prev ? -1 : 1, true)
  )
    return true
  if (gap > SUBCAPTION_GAP_EM * em && opensNextSubcaption(rows[index] as TextRun[], next))
    return true
  if (gap <= NARROW_GAP_EM * (besideLarger ? small.fontSize : em)) return false
  const narrow = gap <= SEGMENT_GAP_EM * em
  if (gap > WIDE_GAP_EM * em) {
    if (isStretchedHeadingSpace(rows, index, prev, next)) return false
    // Not asked beside a figure: a table's figures stand apart however wide the gap.
    return (
      gap > JUSTIFIED_MAX_GAP_EM * em ||
      isFigure(prev.text) ||
      isFigure(next.text) ||
      !isJustifiedSpace(rows, index, prev, next)
    )
  }
  // A section number, list number or bullet set apart by a tab belongs to the text after it.
  const row = rows[index] as TextRun[]
  const start = pieceStart(row, at)
  const piece = start === -1 ? undefined : runsText(row, start, at)
  const lead = start === 0 ? piece : undefined
  // So does a glyph without Unicode there, a bitmap font's bullet.
  if (lead !== undefined && (isLabelOrBullet(lead) || lead === '')) return false
  // So does an entry's date or time in a listing, set apart by a tab, before prose ("Feb 22"
  // beside "Volunteer orientation", "Sat 5:00 PM" beside "† Eleanor Kowalczyk"), in any column.
  if (piece !== undefined && DATE_LABEL.test(piece) && isProsePiece(row, next, 1)) return false
  // So does a speaker's name set in the hanging indent of what they said, its lines wrapped
  // under its first word ("DR. PATEL:   Of course. My name is ...").
  if (lead !== undefined && SPEAKER_LABEL.test(lead) && hangsUnder(rows, index, next)) return false
  // So does a bullet or a reference's number ("[5]") that opens a line of another column, far
  // right of the text before it, on its text's baseline or centred on its line (a small bullet
  // beside large type) and no farther from it than a list sets its items.
  if (
    beforePrev !== undefined &&
    prev.left - beforePrev.right > SEGMENT_GAP_EM * em &&
    gap <= BULLET_GAP_EM * em &&
    (Math.abs(prev.baseline - next.baseline) <= BASELINE_TOLERANCE_EM * em ||
      Math.abs(prev.top + prev.bottom - next.top - next.bottom) / 2 <=
        BASELINE_TOLERANCE_EM * em) &&
    (isBullet(prev.text.trim()) || REFERENCE_NUMBER.test(prev.text.trim()))
  )
    return false
  // So does a section number in a heading's type after smaller text: a heading that opens the
  // second column, level with a line of the first ("3   Results").
  if (
    beforePrev !== undefined &&
    next.fontSize === prev.fontSize &&
    prev.fontSize > SIZE_APART_RATIO * beforePrev.fontSize &&
    NUMBER_LABEL.test(prev.text.trim())
  )
    return false
  if (!narrow && isJustifiedSpace(rows, index, prev, next)) return false
  if (!narrow && opensItemBeside(rows[index] as TextRun[], next)) return true
  if (centredUnderParted(rows, index, prev, next)) return true
  const center = (prev.right + next.left) / 2
  const probe = next.left - 0.3 * Math.min(gap, em)
  let supporting = 0
  let crossing = 0
  let aligned = 0
  let crossingProbe = 0
  // Rows next to this one, above and below, that share its gutter, up to the first row that
  // crosses the gap.
  let guttersAbove = 0
  let guttersBelow = 0
  // Rows next to this one that come near the gap without crossing it, likewise.
  let openAbove = 0
  let openBelow = 0
  let crossedBelow = false
  const from = Math.max(0, index - GAP_WINDOW_ROWS)
  const to = Math.min(rows.length - 1, index + GAP_WINDOW_ROWS)
  // The bounds each run of the rows around is measured against, worked out once (the loop
  // below is the hottest of line grouping).
  const crossLeft = center - CROSSING_MARGIN_EM * em
  const crossRight = center + CROSSING_MARGIN_EM * em
  const nearLeft = center - 2 * em
  const nearRight = center + 2 * em
  const edge = next.left
  const end = prev.right
  for (let r = from; r <= to; r++) {
    if (r === index) continue
    const row = rows[r] as TextRun[]
    // A nearby row that has text close to the gap either crosses it (prose) or stops short of it
    // on one or both sides (a gutter).
    let near = false
    let crosses = false
    let startsAtEdge = false
    let crossesProbe = false
    let endsAtEdge = false
    let resumesNearEdge = false
    for (const run of row) {
      const { left, right } = run
      if (left < crossLeft && right > crossRight) crosses = true
      if (right > nearLeft && left < nearRight) near = true
      if (Math.abs(left - edge) < 0.15 * em) startsAtEdge = true
      if (Math.abs(right - end) < 0.5 * em) endsAtEdge = true
      if (left >= edge && left - edge < 1.5 * em) resumesNearEdge = true
      if (left < probe && right > probe) crossesProbe = true
    }
    if (crosses) {
      crossing++
      // Rows above are met farthest first: a crossing row resets the count of those after it.
      if (r < index) {
        guttersAbove = 0
        openAbove = 0
      } else crossedBelow = true
    } else if (near) {
      supporting++
      if (r < index) openAbove++
      else if (!crossedBelow) openBelow++
      // A gutter between justified columns: text stops where this row's does and resumes where
      // this row's resumes (give or take an item's marker).
      if (endsAtEdge && resumesNearEdge) {
        if (r < index) guttersAbove++
        else if (!crossedBelow) guttersBelow++
      }
    }
    if (startsAtEdge) aligned++
    if (crossesProbe) crossingProbe++
  }
  if (narrow) {
    // Table cells are padded more tightly than columns: a narrow gap splits only at a cell edge
    // that no other row's text runs across. A mark of one or two characters before it is a
    // bullet of some kind, set apart by a tab.
    if (prev === rows[index]?.[0] && prev.text.trim().length <= 2) return false
    if (aligned >= 3 && crossingProbe * 4 <= aligned) return true
    // LaTeX's gutter is an em.
    return columnStartsAtNext(rows, index, prev, next, probe, em)
  }
  // A column edge: several rows start text exactly where the next piece starts, and the text
  // before it stops short (the gap's middle can fall inside a column when a line is short);
  // or the rows right above or below start there one after another, each after a gap that
  // splits it whatever else (a small table of two columns between paragraphs, whose longest
  // label leaves the narrowest gap).
  if (aligned >= 3 && crossingProbe * 2 <= aligned) return true
  if (widelySplitNext(rows, index, next, em) >= SPLIT_RUN_ROWS) return true
  // A gutter that opens or closes at this row, below or above a full-width caption or title, or
  // where the next column's paragraph ends short beside a line of this one.
  if (Math.max(guttersAbove, guttersBelow) >= 3) {
    const row = rows[index] as TextRun[]
    if (hasProseOnBothSides(row, prev, next) || endsParagraphBeside(row, prev, next)) return true
  }
  if (
    columnStartsAtNext(rows, index, prev, next, probe, em) ||
    columnStartsInGap(rows, index, prev, next, em)
  )
    return true
  if (supporting >= 2 && supporting >= crossing) return true
  // Cards of prose side by side, their lines level: the rows right above and below leave the
  // gap open too, however much text crosses it further off (the paragraphs above the cards).
  if (
    openAbove + openBelow >= 2 &&
    gap >= OPEN_GUTTER_EM * em &&
    isProsePiece(rows[index] as TextRun[], prev, -1) &&
    isProsePiece(rows[index] as TextRun[], next, 1)
  )
    return true
  // The foot of two columns of a few lines each (a paper's last references): nothing near
  // crosses a gap wider than a stretched space between two lines of prose, and text beside it
  // stops short of it too.
  return (
    supporting >= 1 &&
    crossing === 0 &&
    gap >= OPEN_GUTTER_EM * em &&
    hasProseOnBothSides(rows[index] as TextRun[], prev, next)
  )
}

/**
 * Whether `next` starts a note in the margin: text in another type size, set past the edge where
 * the rows around end (a justified column's), with nothing of theirs running past it. LaTeX
 * sets a `\marginpar` an em beside the text, a gap that pdf.js's trailing spaces narrow further.
 */
function isMarginNote(
  rows: readonly TextRun[][],
  index: number,
  prev: TextRun,
  next: TextRun,
  gap: number,
  em: number,
): boolean {
  if (Math.abs(prev.fontSize - next.fontSize) <= 0.05 * em || gap < MARGIN_NOTE_MIN_GAP_EM * em) {
    return false
  }
  // A bullet in its own smaller type ends no line of text: it opens its item's.
  if (isBullet(prev.text.trim())) return false
  let atEdge = 0
  const from = Math.max(0, index - GAP_WINDOW_ROWS)
  const to = Math.min(rows.length - 1, index + GAP_WINDOW_ROWS)
  for (let r = from; r <= to; r++) {
    if (r === index) continue
    for (const run of rows[r] as TextRun[]) {
      if (Math.abs(run.right - prev.right) < 0.5 * em && run.fontSize === prev.fontSize) atEdge++
      else if (run.left < next.left && run.right > prev.right + 0.5 * em) return false
    }
  }
  return atEdge >= MARGIN_NOTE_EDGE_ROWS
}

/**
 * Whether another column starts where `next` does: rows stacked at its edge, up and down, with
 * nothing across the strip just left of it (`probe`), make a gutter, whatever crosses the gap
 * further off (a centred title, a paragraph's full-width lines above and below a box floated
 * beside it). Both sides must be prose, not a table's cells, or text of two sizes: a box's last
 * line, short, is set in the box's own type.
 */
function columnStartsAtNext(
  rows: readonly TextRun[][],
  index: number,
  prev: TextRun,
  next: TextRun,
  probe: number,
  em: number,
): boolean {
  if (edgeStack(rows, index, next.left, probe, em) < GUTTER_STACK_ROWS) return false
  const otherType = Math.abs(prev.fontSize - next.fontSize) > 0.05 * em
  const row = rows[index] as TextRun[]
  return otherType || hasProseOnBothSides(row, prev, next) || endsParagraphBeside(row, prev, next)
}

/**
 * Whether the pieces of a row after `next` are the last words of a paragraph in the next column
 * ("solutions."), ending its sentence, beside a line of prose that fills its own column: a
 * justified line's last word, stretched apart, never ends at another column's edge.
 */
function endsParagraphBeside(row: readonly TextRun[], prev: TextRun, next: TextRun): boolean {
  const start = (row[0] as TextRun).left
  const last = row[row.length - 1] as TextRun
  if (prev.right - start < PROSE_COLUMN_EM * prev.fontSize || !/[.!?:]$/.test(last.text.trim())) {
    return false
  }
  let before = 0
  for (const run of row) {
    if (run.right > next.left) break
    before += countLetters(run.text)
  }
  return before >= PROSE_MIN_LETTERS
}

/**
 * Whether another column starts inside the gap, short of `next`, with rows stacked at its edge
 * as at a gutter: the gap runs from the end of a column's line (a heading) over the gutter into
 * the next column, where this row's text is indented (a nested item, a heading's hanging
 * title); the text across the middle of the gap is then the next column's own.
 */
function columnStartsInGap(
  rows: readonly TextRun[][],
  index: number,
  prev: TextRun,
  next: TextRun,
  em: number,
): boolean {
  const from = Math.max(0, index - GAP_WINDOW_ROWS)
  const to = Math.min(rows.length - 1, index + GAP_WINDOW_ROWS)
  const tried: number[] = []
  for (let r = from; r <= to; r++) {
    if (r === index) continue
    for (const run of rows[r] as TextRun[]) {
      const edge = run.left
      // A gutter is measured by the size of the column's own text, smaller than a heading's.
      if (edge <= prev.right + NARROW_GAP_EM * run.fontSize || edge >= next.left - 0.15 * em) {
        continue
      }
      if (tried.some((seen) => Math.abs(seen - edge) < 0.15 * em)) continue
      tried.push(edge)
      const probe = edge - 0.3 * Math.min(edge - prev.right, em)
      if (edgeStack(rows, index, edge, probe, em) >= GUTTER_STACK_ROWS) return true
    }
  }
  return false
}

/** A centred piece of a stack stands within this many font sizes of the axis of the piece above. */
const CENTRED_AXIS_EM = 0.5

/**
 * Whether the row next above or below parts at a gap that takes in this one, into pieces
 * centred on the same axes as the runs on either side of it: the authors of a paper side by
 * side, each name over an affiliation, the affiliations set closer together than the names.
 */
function centredUnderParted(
  rows: readonly TextRun[][],
  index: number,
  prev: TextRun,
  next: TextRun,
): boolean {
  const centre = (run: TextRun) => (run.left + run.right) / 2
  for (const r of [index - 1, index + 1]) {
    const row = rows[r]
    if (row === undefined) continue
    for (let i = 1; i < row.length; i++) {
      const a = row[i - 1] as TextRun
      const b = row[i] as TextRun
      const em = Math.max(a.fontSize, b.fontSize)
      if (b.left - a.right <= WIDE_GAP_EM * em || a.right > prev.right || b.left < next.left) {
        continue
      }
      if (Math.abs(a.baseline - prev.baseline) > 2 * em) continue
      if (
        Math.abs(centre(a) - centre(prev)) < CENTRED_AXIS_EM * em &&
        Math.abs(centre(b) - centre(next)) < CENTRED_AXIS_EM * em
      ) {
        return true
      }
    }
  }
  return false
}

/**
 * Whether the gap after `prev` is one of the stretched spaces of a justified line set word by
 * word (as LibreOffice and browsers set it): the spaces between its words are all as wide as each
 * other, and a line of words near it, drawn in one piece or stretched too, reaches from the same
 * left edge to the same right edge. In a narrow column such spaces can be as wide as a gutter; a
 * table's cells stand apart. `rows` are a page's runs by baseline, each sorted left to right.
 */
export function isJustifiedSpace(
  rows: readonly TextRun[][],
  index: number,
  prev: TextRun,
  next: TextRun,
): boolean {
  const row = rows[index] as TextRun[]
  const em = Math.max(prev.fontSize, next.fontSize)
  if (isGutterOfRows(rows, index, prev, next, em)) return false
  // The line's words stand apart by spaces as wide as this one, or by none (a word in two
  // fonts); a wider or narrower gap, or one the rows around leave too, is a gutter to the next
  // column's line on the same baseline.
  const space = next.left - prev.right
  const alike = (before: TextRun, after: TextRun) => {
    const gap = after.left - before.right
    return (
      onOneLine(before, after, em) &&
      (gap < SPACE_GAP_EM * em ||
        (Math.abs(gap - space) <= JUSTIFIED_SPACE_SPREAD_EM * em &&
          !isGutterOfRows(rows, index, before, after, em)))
    )
  }
  let start = row.indexOf(prev)
  let end = start + 1
  while (start > 0 && alike(row[start - 1] as TextRun, row[start] as TextRun)) start--
  while (end < row.length - 1 && alike(row[end] as TextRun, row[end + 1] as TextRun)) end++
  // An item's bullet or number stands apart by its own gap, before the line's first word.
  if (start < row.indexOf(prev) && isLabelOrBullet((row[start] as TextRun).text.trim())) start++
  const spaces = evenSpaces(row, start, end, em)
  if (spaces === undefined) return false
  const left = (row[start] as TextRun).left
  const right = (row[end] as TextRun).right
  if (
    wordsDrawnNear(
      rows,
      index,
      GAP_WINDOW_ROWS / 2,
      (run) => Math.abs(run.left - left) < 0.2 * em && Math.abs(run.right - right) < 0.2 * em,
    )
  )
    return true
  // A paragraph's first line, indented, measures against the lines under it from its own edge.
  // A line of words may measure against the column's text further off: a letterhead's contact
  // line, stretched where it ends in a manual line break, over a title and the text under it.
  if (!areWords(row, start, end)) return false
  return (
    wordsDrawnNear(
      rows,
      index,
      GAP_WINDOW_ROWS,
      (run) =>
        run.left < left + 0.2 * em &&
        run.left > left - FIRST_LINE_INDENT_EM * em &&
        Math.abs(run.right - right) < 0.2 * em,
    ) || stretchedLineNear(rows, index, left, right, spaces, em)
  )
}

/**
 * Whether rows near `index` leave the same gap as `prev` and `next` do, text ending where `prev`
 * ends and text starting where `next` starts: a gutter between columns, however alike its width
 * is to the stretched spaces of the lines beside it. A justified line's spaces fall elsewhere on
 * every line, and where two lines' spaces fall in one place by chance, lines between them run
 * across it: the rows are looked at outwards from `index`, up to the first that crosses the gap.
 */
function isGutterOfRows(
  rows: readonly TextRun[][],
  index: number,
  prev: TextRun,
  next: TextRun,
  em: number,
): boolean {
  const middle = (prev.right + next.left) / 2
  const crossLeft = middle - CROSSING_MARGIN_EM * em
  const crossRight = middle + CROSSING_MARGIN_EM * em
  const tolerance = GUTTER_EDGE_EM * em
  let alike = 0
  for (const step of [-1, 1]) {
    for (let r = index + step; Math.abs(r - index) <= GAP_WINDOW_ROWS; r += step) {
      const row = rows[r]
      if (row === undefined) break
      let ends = false
      let starts = false
      let crosses = false
      // A row's runs are sorted left to right: none past the gap's far edge tells anything.
      for (const run of row) {
        if (run.left > next.left + tolerance) break
        if (run.left < crossLeft && run.right > crossRight) {
          crosses = true
          break
        }
        if (Math.abs(run.right - prev.right) < tolerance) ends = true
        if (Math.abs(run.left - next.left) < tolerance) starts = true
      }
      if (crosses) break
      if (ends && starts) alike++
    }
  }
  return alike >= GUTTER_MIN_ROWS
}

/**
 * Widest stretched space of a justified line, in ems: a narrow column of long words (German's
 * compounds) stretches a line of three words that far.
 */
const JUSTIFIED_MAX_GAP_EM = 8

/**
 * Whether two neighbouring runs of a row may be words of one stretched line: no farther apart
 * than a line is stretched, on one baseline unless one is a note mark or an index in smaller type.
 * A column beside it sets its lines on baselines of its own.
 */
function onOneLine(before: TextRun, after: TextRun, em: number): boolean {
  if (after.left - before.right > JUSTIFIED_MAX_GAP_EM * em) return false
  const [small, large] = before.fontSize < after.fontSize ? [before, after] : [after, before]
  return (
    Math.abs(after.baseline - before.baseline) <= BASELINE_TOLERANCE_EM * em ||
    small.fontSize < SUPERSCRIPT_MIN_SHRINK * large.fontSize
  )
}

/**
 * The middles of the word spaces between `row[start]` and `row[end]` when there are at least two
 * and all are as wide as each other, as a justified line's stretched spaces are.
 */
function evenSpaces(
  row: readonly TextRun[],
  start: number,
  end: number,
  em: number,
): number[] | undefined {
  let narrowest = Number.POSITIVE_INFINITY
  let widest = 0
  const middles: number[] = []
  for (let i = start + 1; i <= end; i++) {
    const before = row[i - 1] as TextRun
    const gap = (row[i] as TextRun).left - before.right
    if (gap < SPACE_GAP_EM * em) continue
    narrowest = Math.min(narrowest, gap)
    widest = Math.max(widest, gap)
    middles.push(before.right + gap / 2)
  }
  return middles.length >= 2 && widest - narrowest <= JUSTIFIED_SPACE_SPREAD_EM * em
    ? middles
    : undefined
}

/**
 * Whether `row[start]` to `row[end]` are words, all but one at most with a letter: a line of
 * prose, not a table's figures or the dots of a leader, whose gaps can come out as even.
 */
function areWords(row: readonly TextRun[], start: number, end: number): boolean {
  let without = 0
  for (let i = start; i <= end; i++) if (countLetters((row[i] as TextRun).text) === 0) without++
  return without <= 1
}

/**
 * Whether a row near `index` holds another line stretched word by word between the same edges,
 * with its spaces elsewhere: a browser prints every word of a justified line as an item of its
 * own, so the column may have no line drawn in one piece to measure against. A table's rows,
 * however evenly their cells are spaced, leave their gaps at the same places.
 */
function stretchedLineNear(
  rows: readonly TextRun[][],
  index: number,
  left: number,
  right: number,
  spaces: readonly number[],
  em: number,
): boolean {
  const last = Math.min(rows.length - 1, index + GAP_WINDOW_ROWS / 2)
  for (let r = Math.max(0, index - GAP_WINDOW_ROWS / 2); r <= last; r++) {
    const row = rows[r] as TextRun[]
    if (r === index) continue
    // Its first word may follow a bullet, or stand at the edge an indented first line leaves.
    const start = row.findIndex((run) => run.right > left)
    const first = row[start]
    if (
      first === undefined ||
      first.left > left + 0.2 * em ||
      first.left < left - FIRST_LINE_INDENT_EM * em
    )
      continue
    let end = start
    while (
      end + 1 < row.length &&
      onOneLine(row[end] as TextRun, row[end + 1] as TextRun, em) &&
      (row[end] as TextRun).right < right - 0.2 * em
    )
      end++
    if (Math.abs((row[end] as TextRun).right - right) >= 0.2 * em) continue
    const theirs = evenSpaces(row, start, end, em)
    if (theirs === undefined || !areWords(row, start, end)) continue
    // A table's gaps shift with the width of its cells, a justified line's by whole words.
    const near = STRETCHED_APART_EM * em
    if (!spaces.every((middle) => theirs.some((other) => Math.abs(other - middle) < near)))
      return true
  }
  return false
}

/** Three words or more, spaces between them: a piece of a line drawn whole. */
const THREE_WORDS = /\S\s+\S+\s+\S/

/**
 * Whether a row up to `reach` rows from `index` holds a line of words drawn in one piece that
 * `fits`: a justified line of the column, to measure a stretched line against.
 */
function wordsDrawnNear(
  rows: readonly TextRun[][],
  index: number,
  reach: number,
  fits: (run: TextRun) => boolean,
): boolean {
  const last = Math.min(rows.length - 1, index + reach)
  for (let r = Math.max(0, index - reach); r <= last; r++) {
    for (const run of rows[r] as TextRun[]) {
      // The position first: it rules out nearly every run, and costs less than the pattern.
      if (fits(run) && THREE_WORDS.test(run.text)) return true
    }
  }
  return false
}

/**
 * Whether the gap after `prev` is the one space of a heading justified across a narrow column
 * ("2 New", far apart from "Ferry"): the heading's line, in one font, starts and ends flush with
 * a nearby line of the column's smaller text drawn in one piece. LaTeX stretches a section title's
 * first line so when its next word will not fit.
 */
function isStretchedHeadingSpace(
  rows: readonly TextRun[][],
  index: number,
  prev: TextRun,
  next: TextRun,
): boolean {
  if (prev.fontId !== next.fontId || prev.fontSize !== next.fontSize) return false
  // A heading's words run on over the stretched space; a sentence that ends before the gap is a
  // paragraph's last line beside the next column's.
  if (/[.!?;:]$/.test(prev.text.trim())) return false
  const row = rows[index] as TextRun[]
  const em = prev.fontSize
  const sameType = (a: TextRun, b: TextRun) =>
    a.fontSize === em && b.fontSize === em && b.left - a.right <= WIDE_GAP_EM * em
  let start = row.indexOf(prev)
  let end = start + 1
  while (start > 0 && sameType(row[start - 1] as TextRun, row[start] as TextRun)) start--
  while (end < row.length - 1 && sameType(row[end] as TextRun, row[end + 1] as TextRun)) end++
  const left = (row[start] as TextRun).left
  const right = (row[end] as TextRun).right
  return wordsDrawnNear(rows, index, GAP_WINDOW_ROWS, (run) => {
    const flush = 0.2 * run.fontSize
    return (
      run.fontSize * SIZE_APART_RATIO <= em &&
      Math.abs(run.left - left) < flush &&
      Math.abs(run.right - right) < flush
    )
  })
}

/**
 * How many rows next to `index`, up and down, start text at `edge`, counting outwards up to the
 * first row in each direction whose text runs across `probe`, just left of the edge.
 */
function edgeStack(
  rows: readonly TextRun[][],
  index: number,
  edge: number,
  probe: number,
  em: number,
): number {
  return (
    edgeRowsOnward(rows, index, -1, edge, probe, em) +
    edgeRowsOnward(rows, index, 1, edge, probe, em)
  )
}

/** `edgeStack` one way: `step` -1 counts the rows above, 1 those below. */
function edgeRowsOnward(
  rows: readonly TextRun[][],
  index: number,
  step: -1 | 1,
  edge: number,
  probe: number,
  em: number,
): number {
  let count = 0
  for (let r = index + step; r >= 0 && r < rows.length; r += step) {
    let atEdge = false
    for (const run of rows[r] as TextRun[]) {
      if (run.left < probe && run.right > probe) return count
      if (Math.abs(run.left - edge) < 0.15 * em) atEdge = true
    }
    if (atEdge) count++
  }
  return count
}

/**
 * Whether `prev` numbers a line of a listing, as LaTeX's listings and documentation sites print
 * them in a margin column: a number opening the row before typewriter text, in a column of
 * numbers that count up one a row, however far the code's indentation sets the text off.
 */
function isListingLineNumber(
  rows: readonly TextRun[][],
  index: number,
  prev: TextRun,
  next: TextRun,
): boolean {
  const row = rows[index] as TextRun[]
  if (prev !== row[0] || !next.monospace || !LINE_NUMBER.test(prev.text)) return false
  const number = Number.parseInt(prev.text, 10)
  return [-1, 1].some((step) => {
    const first = rows[index + step]?.[0]
    return (
      first !== undefined &&
      Math.abs(first.left - prev.left) < 0.5 * prev.fontSize &&
      LINE_NUMBER.test(first.text) &&
      Number.parseInt(first.text, 10) === number + step
    )
  })
}

/**
 * The marks a question is worth, or the time a step takes, in brackets: "[4 marks]", "(2 marks)",
 * "[1]", "[3 pts]", "[5 min]", "(2-3 h)"; a bare figure in parentheses numbers an equation.
 */
const MARKS =
  /^(?:\[\d{1,2}\]|[[(]\d{1,3}(?:[-–]\d{1,3})? ?(?:marks?|pts?|points?|s|sec|min|mins|minutes?|h|hrs?|hours?|days?)[\])])$/i

/** The box that ends a proof (Halmos's tombstone), alone. */
const END_OF_PROOF = /^\s*[□∎◻]\s*$/u

/** Whether a run or a line is the box that ends a proof alone. */
export function isEndOfProof(text: string): boolean {
  return END_OF_PROOF.test(text)
}

/** A listing's line number, as a run of its own. */
const LINE_NUMBER = /^\s*\d{1,5}\s*$/

/**
 * A line's runs after the number that opens it, where typewriter type follows: a listing's line
 * numbers may be set in another type, smaller, and the line's type is its code's.
 */
function afterLineNumber(runs: readonly TextRun[]): readonly TextRun[] {
  if (runs.length < 2 || !(runs[1] as TextRun).monospace) return runs
  return LINE_NUMBER.test((runs[0] as TextRun).text) ? runs.slice(1) : runs
}

/** Rows above and below where another key and value are looked for. */
const KEY_WINDOW_ROWS = 2
/** Keys and values of one list start within this many font sizes of each other's edges. */
const KEY_ALIGN_EM = 0.3

/** Rows right above or below, one after another, split where a gap's next piece starts. */
const SPLIT_RUN_ROWS = 3

/**
 * How many rows right above this one, or right below it, one after another, have text that
 * starts where `next` does after a gap wider than any that keeps a row whole: the more of the
 * two runs.
 */
function widelySplitNext(
  rows: readonly TextRun[][],
  index: number,
  next: TextRun,
  em: number,
): number {
  const splitThere = (row: readonly TextRun[] | undefined) => {
    if (row === undefined) return false
    const at = row.findIndex((run) => Math.abs(run.left - next.left) < 0.15 * em)
    const before = row[at - 1]
    return before !== undefined && next.left - before.right > WIDE_GAP_EM * em
  }
  let above = 0
  while (splitThere(rows[index - above - 1])) above++
  let below = 0
  while (splitThere(rows[index + below + 1])) below++
  return Math.max(above, below)
}

/**
 * Whether `prev` ends the key of a key-value list and `next` starts its value: a row near by has
 * a key of its own that starts where this one does, and a value where this one's does. A line
 * of prose that happens to end with a colon beside the next column has no such neighbour.
 */
function isKeyOfValue(
  rows: readonly TextRun[][],
  index: number,
  prev: TextRun,
  next: TextRun,
): boolean {
  // Two keys side by side are two fields of a form, each with its value to come.
  if (!ENDS_KEY.test(prev.text) || ENDS_KEY.test(next.text)) return false
  const row = rows[index] as TextRun[]
  // The key's first run: runs before `prev` within a word's gap belong to it.
  let start = row.indexOf(prev)
  while (start > 0) {
    const before = row[start - 1] as TextRun
    if ((row[start] as TextRun).left - before.right > NARROW_GAP_EM * before.fontSize) break
    start--
  }
  const first = row[start] as TextRun
  const key = row
    .slice(start, row.indexOf(prev) + 1)
    .map((run) => run.text)
    .join('')
    .trim()
  if (!KEY.test(key)) return false
  const slack = KEY_ALIGN_EM * next.fontSize
  for (let r = index - KEY_WINDOW_ROWS; r <= index + KEY_WINDOW_ROWS; r++) {
    const other = rows[r]
    if (other === undefined || r === index) continue
    const keyed = other.some(
      (run) =>
        ENDS_KEY.test(run.text) && run.left >= first.left - slack && run.right <= next.left + slack,
    )
    const valued = other.some((run) => Math.abs(run.left - next.left) <= slack)
    const startsKey = other.some((run) => Math.abs(run.left - first.left) <= slack)
    if (keyed && valued && startsKey) return true
  }
  return false
}

/**
 * Where the piece of a row that the run at `at` ends starts: at the row's start or after a gap
 * that parts pieces (a column's), when the piece is at most a few runs set close together (an
 * item letter and its period may come in two fonts); -1 otherwise.
 */
function pieceStart(row: readonly TextRun[], at: number): number {
  let start = at
  for (let taken = 1; start > 0; taken++) {
    const run = row[start] as TextRun
    const apart = run.left - (row[start - 1] as TextRun).right
    if (apart > SEGMENT_GAP_EM * run.fontSize) break
    if (apart > NARROW_GAP_EM * run.fontSize || taken >= LEAD_MAX_RUNS) return -1
    start--
  }
  return start
}

/** The text of a row's runs from `start` to `end`, both included, trimmed. */
function runsText(row: readonly TextRun[], start: number, end: number): string {
  let text = ''
  for (let i = start; i <= end; i++) text += (row[i] as TextRun).text
  return text.trim()
}

/** A step's number alone in its badge: "1", "12". */
const STEP_NUMBER = /^\d{1,2}$/

/**
 * Whether a bare number opening a row counts steps: the row of the step before or after it, near,
 * opens with the number before or after it at the same edge (a quick-start guide's "1", "2", "3"
 * in circles beside their steps), as a table's numbered rows do too.
 */
function countsSteps(rows: readonly TextRun[][], index: number, number: TextRun): boolean {
  const text = number.text.trim()
  if (!STEP_NUMBER.test(text)) return false
  const value = Number(text)
  const from = Math.max(0, index - GAP_WINDOW_ROWS)
  const to = Math.min(rows.length - 1, index + GAP_WINDOW_ROWS)
  for (let r = from; r <= to; r++) {
    const first = rows[r]?.[0]
    if (r === index || first === undefined) continue
    if (Math.abs(first.left - number.left) > 0.5 * number.fontSize) continue
    const other = first.text.trim()
    if (STEP_NUMBER.test(other) && Number(other) === value + (r > index ? 1 : -1)) return true
  }
  return false
}

/** A speaker's label: a name of a few capitalised words before a colon, maybe after a time. */
const SPEAKER_LABEL = new RegExp(`^(?:${TIME}\\s+)?(?:\\p{Lu}[\\p{L}.'’-]*\\s?){1,4}:$`, 'u')

/** Whether the row under `index` starts where `next` does: a hanging indent's wrapped line. */
function hangsUnder(rows: readonly TextRun[][], index: number, next: TextRun): boolean {
  const first = rows[index + 1]?.[0]
  return first !== undefined && Math.abs(first.left - next.left) < 0.3 * next.fontSize
}

/**
 * Whether `next` opens a list item beside the one its row opens, past more than a word space:
 * exercises numbered in two columns ("1. Show that ... from U" and "3. Suppose n = m ..."), whose
 * few rows stack up no column edge. The item beside is numbered after the first in the same
 * style, or bulleted alike.
 */
function opensItemBeside(row: readonly TextRun[], next: TextRun): boolean {
  const opening = listMarker((row[0] as TextRun).text.trimStart())
  if (opening === undefined) return false
  // A marker drawn as a run of its own reads with the text after it.
  const following = isItemMark(next.text.trim()) ? row[row.indexOf(next) + 1] : undefined
  const marker = listMarker(following ? `${next.text.trim()} ${following.text}` : next.text)
  if (marker === undefined) return false
  if (!isOrderedMarker(opening)) return marker === opening
  return (
    isOrderedMarker(marker) &&
    markerStyle(marker) === markerStyle(opening) &&
    markerOrdinal(marker) > markerOrdinal(opening)
  )
}

/** An item number's style: its brackets and kind of numeral ("(a)" for "(c)", "1." for "12."). */
function markerStyle(marker: string): string {
  return marker.replace(/\d+/, '1').replace(/[a-z]+/, 'a')
}

/** An item number's value, in its style: 12 for "12.", 3 for "(c)". */
function markerOrdinal(marker: string): number {
  const figures = /\d+/.exec(marker)
  if (figures) return Number(figures[0])
  const letter = /[a-z]/.exec(marker)
  return letter ? letter[0].charCodeAt(0) - 0x60 : 0
}

/**
 * Whether a row holds a line of prose on each side of a gap: words, at least a few wide, rather
 * than the figures of a table.
 */
function hasProseOnBothSides(row: readonly TextRun[], prev: TextRun, next: TextRun): boolean {
  const em = Math.max(prev.fontSize, next.fontSize)
  const start = (row[0] as TextRun).left
  const end = (row[row.length - 1] as TextRun).right
  // The widths first: they settle most gaps without counting a letter.
  if (prev.right - start < PROSE_COLUMN_EM * em || end - next.left < PROSE_COLUMN_EM * em) {
    return false
  }
  let before = 0
  let after = 0
  for (const run of row) {
    const letters = countLetters(run.text)
    if (run.right <= next.left) before += letters
    else after += letters
  }
  return before >= PROSE_MIN_LETTERS && after >= PROSE_MIN_LETTERS
}

/**
 * Whether a line opens with one glyph that has no Unicode, set apart from the text after it: the
 * bullet of a list in a bitmap font (LaTeX's itemize in T1 type without vector fonts), read as a
 * bullet so that the item is one.
 */
function opensWithUnmappedMark(runs: readonly TextRun[]): boolean {
  const [mark, next] = runs
  if (mark === undefined || next === undefined || mark.text.trim() !== '') return false
  const width = mark.right - mark.left
  const gap = next.left - mark.right
  return (
    width > 0 &&
    width <= UNMAPPED_MARK_MAX_EM * mark.fontSize &&
    gap >= UNMAPPED_MARK_GAP_EM * mark.fontSize &&
    /^\p{L}/u.test(next.text.trimStart())
  )
}

/**
 * Letters that word processors draw as bullets from symbol fonts, and the bullets they show: Word's
 * second-level "o" in Courier New, and Wingdings' "§" (a square), "Ø" (an arrowhead) and "ü" (a
 * check mark) where the font maps its glyphs to the letters of their codes.
 */
const LETTER_BULLETS: Readonly<Record<string, string>> = { o: '◦', '§': '▪', Ø: '➢', ü: '✓' }

/**
 * The bullet a line opens with when it is such a letter, alone in a font of its own and set
 * before the text by a tab: "o   Hard hats" is an item, "o livro" a sentence.
 */
function letterBullet(runs: readonly TextRun[]): string | undefined {
  const [mark, next] = runs
  if (mark === undefined || next === undefined || mark.fontId === next.fontId) return undefined
  const bullet = LETTER_BULLETS[mark.text.trim()]
  if (bullet === undefined || next.left - mark.right < UNMAPPED_MARK_GAP_EM * next.fontSize) {
    return undefined
  }
  return /^\p{L}/u.test(next.text.trimStart()) ? bullet : undefined
}

/**
 * Spaces a line's text loses: two in a row, or any but the plain space. Most lines have none, and
 * testing is cheaper than rewriting the text.
 */
const LOOSE_SPACE = /\s\s|[^\S ]/

/** The face of the last run of a line's runs, in reading order, that holds letters. */
function lastWordsFontId(ordered: readonly TextRun[]): string | undefined {
  for (let i = ordered.length - 1; i >= 0; i--) {
    const run = ordered[i] as TextRun
    if (/\p{L}/u.test(run.text)) return run.fontId
  }
  return undefined
}

/** Figures and signs as superscript characters. */
const SUPERSCRIPTS: Readonly<Record<string, string>> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '-': '⁻',
  '−': '⁻',
  '+': '⁺',
}

/**
 * Whether a run is figures raised over the line: read straight after a figure, they would run
 * into its number ("1.00³", "10²³" as "1.003", "1023"), so they are written as superscripts.
 */
function isRaisedFigures(run: TextRun, dominant: TextRun): boolean {
  return run !== dominant && isRaisedOver(run, dominant) && /^[-−+]?\d{1,3}$/.test(run.text.trim())
}

function superscript(figures: string): string {
  let out = ''
  for (const char of figures) out += SUPERSCRIPTS[char] ?? char
  return out
}

/** Builds a line from runs sorted left to right, inserting spaces where the gaps say so. */
export function makeLine(runs: TextRun[], rightToLeftPage = false): Line {
  // A listing's line number may be set in another type: the line's type is its code's.
  const body = afterLineNumber(runs)
  const monospace = isMonospaceLine(body)
  // Typewriter text keeps its spaces, as many as its gaps hold characters.
  const advance = monospace ? characterAdvance(runs) : undefined
  const { rtl, all } = countRightToLeft(runs)
  // On a page of right-to-left text, a line with any of it reads right to left, however many
  // Latin words and figures it holds ("... مجلة Nature Climate Change."), as its paragraph does.
  const rightToLeft = rightToLeftPage ? rtl > 0 : rtl * 2 > all
  const ordered = rightToLeft ? rightToLeftOrder(runs) : runs
  const dominant = dominantRun(body, monospace)
  let text = ''
  let prev: TextRun | undefined
  let openingMark: string | undefined
  let citedMarks: string[] | undefined
  let cellStarts: number[] | undefined
  // The space a superscript was drawn over, dropped from the run before it: it stays dropped.
  let spaceTaken = false
  for (let i = 0; i < ordered.length; i++) {
    const run = ordered[i] as TextRun
    // A space right of a run comes after it in a left-to-right line and before it in a
    // right-to-left one, whichever way the run itself reads ("12%" in Arabic).
    const piece = ordered !== runs && run.text.endsWith(' ') ? ` ${run.text.trimEnd()}` : run.text
    if (run !== dominant && isRaisedNoteMark(run, dominant)) {
      if (i === 0) openingMark = run.text.trim()
      else if (citedMarks) citedMarks.push(run.text.trim())
      else citedMarks = [run.text.trim()]
    }
    if (prev) {
      const gap = ordered === runs ? run.left - prev.right : prev.left - run.right
      const em = Math.min(prev.fontSize, run.fontSize)
      // A run of words that starts well back over the one before it is other text sharing the
      // row; a note mark set there belongs to its word.
      const apart =
        (gap > SPACE_GAP_EM * em &&
          !(isDropCapital(prev, run) && goesOnWord(prev, run, dominant))) ||
        (gap < -OVERLAP_APART_EM * em && run.text.trim().length > 2) ||
        // A note's opening mark, set against its first word, still stands apart from it.
        (i === 1 &&
          prev !== dominant &&
          isRaisedNoteMark(prev, dominant) &&
          /^\p{L}/u.test(run.text))
      if (advance === undefined && gap > CELL_GAP_EM * em) {
        cellStarts ??= []
        cellStarts.push(run.left)
      }
      if (advance !== undefined && prev.monospace && run.monospace && gap > 0) {
        const spaces = Math.round(gap / advance) - trailingSpaces(text) - leadingSpaces(piece)
        if (spaces > 0) text += ' '.repeat(spaces)
      } else if (apart && !spaceTaken && !text.endsWith(' ') && !piece.startsWith(' ')) text += ' '
      // Punctuation after a phrase set in a face of its own follows it directly, whatever gap
      // the phrase's box leaves (inline code's padding, read by pdf.js as a word space): no
      // sentence sets a space before its comma or full stop. A phrase that ends in a mark of
      // its own is closed already ("Project No:" then ": 2021-…" as a form prints them). So
      // does such a phrase after the hyphen of a word it goes on ("non-" + "Error").
      if (
        ordered === runs &&
        prev.fontId !== run.fontId &&
        gap < CLOSING_PUNCTUATION_GAP_EM * em &&
        ((CLOSING_PUNCTUATION.test(piece) && !ENDS_WITH_PUNCTUATION.test(text)) ||
          (HYPHEN_END.test(text) && LETTER_FIRST.test(piece)))
      )
        text = text.trimEnd()
    }
    spaceTaken = ordered === runs && isSuperscriptOverSpace(run, ordered[i + 1])
    if (isRaisedFigures(run, dominant) && /\d$/.test(text)) text += superscript(run.text.trim())
    else if (isSpacedNoteMark(run, dominant)) text += run.text.replace(/ /g, '')
    else if (spaceTaken) text += run.text.slice(0, -1)
    else text += piece
    prev = run
  }
  if (opensWithUnmappedMark(ordered)) text = `\u2022 ${text}`
  else {
    const bullet = letterBullet(ordered)
    if (bullet !== undefined) text = `${bullet}${text.trimStart().slice(1)}`
  }
  let top = Number.POSITIVE_INFINITY
  let bottom = Number.NEGATIVE_INFINITY
  for (const run of runs) {
    // Superscripts, subscripts and drop capitals do not define the line's extent.
    if (
      run.fontSize < dominant.fontSize * SUPERSCRIPT_MIN_SHRINK ||
      run.fontSize > dominant.fontSize * 1.3
    )
      continue
    top = Math.min(top, run.top)
    bottom = Math.max(bottom, run.bottom)
  }
  const line: Line = {
    runs,
    text: composeNegations(
      composeSpacingAccents(
        advance === undefined && LOOSE_SPACE.test(text)
          ? text.replace(/\s+/g, ' ').trim()
          : text.trim(),
      ),
    ),
    // A drop capital hangs left of the lines it opens; the line's text starts after it.
    left: (runs[1] !== undefined && isDropCapital(runs[0] as TextRun, runs[1])
      ? runs[1]
      : (runs[0] as TextRun)
    ).left,
    right: (runs[runs.length - 1] as TextRun).right,
    top,
    bottom,
    baseline: dominant.baseline,
    fontSize: smallCapitalsSize(runs, dominant) ?? dominant.fontSize,
    fontId: dominant.fontId,
    bold: dominant.bold,
    italic: dominant.italic,
    monospace,
  }
  // Set only where they apply, as assignments: spreading optional parts was a hot spot.
  if (openingMark !== undefined && ordered.length > 1) line.openingMark = openingMark
  if (citedMarks !== undefined) line.citedMarks = citedMarks
  if (ordered !== runs) line.rtl = true
  if (cellStarts !== undefined) line.cellStarts = cellStarts.sort((a, b) => a - b)
  const endFontId = lastWordsFontId(ordered)
  if (endFontId !== undefined && endFontId !== dominant.fontId) line.endFontId = endFontId
  return line
}

/** Letters and figures of left-to-right writing. */
const LEFT_TO_RIGHT = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\d]/u
/** A run of punctuation, symbols and spaces alone: it takes the direction of the text around. */
const NEUTRAL = /^[\s\p{P}\p{S}]+$/u
/** Punctuation that ends a clause, drawn left of a left-to-right word that ends a right-to-left one. */
const LEADING_STOP = /^([.,;:!?]+)(.+)$/su
const MIRRORED: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
}

/**
 * A right-to-left line's runs (sorted left to right as drawn) in reading order: right to left,
 * except that left-to-right words drawn in pieces that touch read as one word ("Con", "fl",
 * "uence" of "Confluence", split at a ligature). A bracket drawn alone reads as the mirror of the
 * glyph drawn, as right-to-left text mirrors it, unless it stands between left-to-right words;
 * a full stop drawn left of a left-to-right word ends the sentence after it ("PostgreSQL.").
 */
function rightToLeftOrder(runs: readonly TextRun[]): TextRun[] {
  const units: TextRun[] = []
  for (const run of runs) {
    const last = units[units.length - 1]
    if (
      last !== undefined &&
      isLeftToRightWord(last) &&
      isLeftToRightWord(run) &&
      Math.abs(run.left - last.right) < TOUCHING_EM * run.fontSize
    ) {
      units[units.length - 1] = { ...last, text: last.text + run.text, right: run.right }
    } else units.push(run)
  }
  return units
    .map((run, i) => {
      if (isLeftToRightWord(run)) {
        const stop = LEADING_STOP.exec(run.text)
        if (!stop) return run
        const word = stop[2] as string
        const trimmed = word.trimEnd()
        return { ...run, text: `${trimmed}${stop[1]}${word.slice(trimmed.length)}` }
      }
      if (run.rtl || !NEUTRAL.test(run.text) || !/[()[\]{}<>«»]/.test(run.text)) return run
      const before = units[i - 1]
      const after = units[i + 1]
      if (before && after && isLeftToRightWord(before) && isLeftToRightWord(after)) return run
      return {
        ...run,
        text: run.text.replace(/[()[\]{}<>«»]/g, (bracket) => MIRRORED[bracket] ?? bracket),
      }
    })
    .reverse()
}

/** Pieces of a word closer than this many font sizes touch. */
const TOUCHING_EM = 0.05

function isLeftToRightWord(run: TextRun): boolean {
  return !run.rtl && LEFT_TO_RIGHT.test(run.text)
}

/**
 * A raised note number whose digits came apart ("1 0"): set that small, the spacing adjustments
 * between its digits can pass for a word space, but a note mark is one number.
 */
function isSpacedNoteMark(run: TextRun, dominant: TextRun): boolean {
  return run.fontSize < NOTE_MARK_MAX_RATIO * dominant.fontSize && SPACED_DIGITS.test(run.text)
}

/**
 * Whether a run is a note number or symbol raised in smaller type over text of `base`'s size and
 * baseline: the mark a line opens with, as a footnote does ("¹Like this."), or the one a sentence
 * ends with ("salt content.¹").
 */
export function isRaisedNoteMark(
  run: TextRun,
  base: { readonly fontSize: number; readonly baseline: number },
): boolean {
  return isRaisedOver(run, base) && LONE_NOTE_MARK.test(run.text.trim())
}

/**
 * Whether `run` ends with the space of a word gap that `next`, raised small text touching the run,
 * is drawn over: "17" + "th" set over the space before "Century". The space belongs after the
 * superscript, where the gap to the next word puts one anyway. A gap narrower than a word space of
 * the run's own type is none: justification's slack before a note mark at a line's end ("that.²"),
 * which pdf.js reads as a space.
 */
function isSuperscriptOverSpace(run: TextRun, next: TextRun | undefined): boolean {
  return (
    next !== undefined &&
    run.text.endsWith(' ') &&
    next.fontSize < SUPERSCRIPT_MIN_SHRINK * run.fontSize &&
    next.baseline < run.baseline &&
    Math.abs(next.left - run.right) < SPACE_GAP_EM * run.fontSize
  )
}

/** A section's number as a run of its own, in Roman or Arabic figures: "IV.", "2.1 ". */
const SECTION_NUMBER_RUN = /^(?:[IVXLC]{1,5}|\d{1,2}(?:\.\d{1,2})*)\.?\s*$/
/** Small capitals stand at this share of their capitals' size (browsers 0.7, Word 0.8). */
const SMALL_CAPITALS_SHARE = { min: 0.6, max: 0.85 }

/**
 * The size of a line set in small capitals that a browser or word processor made by shrinking
 * capitals ("I" at 13 pt, then "NTRODUCTION" at 9 pt): its words' initials, in the line's font at
 * a larger size, each set against the small capitals that follow them. The line reads at its
 * initials' size, as its heading was styled; undefined for any other line.
 */
function smallCapitalsSize(runs: readonly TextRun[], dominant: TextRun): number | undefined {
  // Nearly every line has no run set larger than its own: it is settled without reading text.
  let larger = false
  for (const run of runs) if (run.fontSize > dominant.fontSize) larger = true
  if (!larger) return undefined
  let size: number | undefined
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i] as TextRun
    if (/\p{Ll}/u.test(run.text)) return undefined
    if (run.fontSize === dominant.fontSize || run.text.trim() === '') continue
    const next = runs[i + 1]
    const share = dominant.fontSize / run.fontSize
    // The section's number opens the line at the initials' size, a space apart ("I" + "I" +
    // "NTRODUCTION", "2.1" + "R" + "ESULTS").
    if (
      i === 0 &&
      SECTION_NUMBER_RUN.test(run.text) &&
      share <= SMALL_CAPITALS_SHARE.max &&
      share >= SMALL_CAPITALS_SHARE.min
    ) {
      size = run.fontSize
      continue
    }
    if (
      run.fontId !== dominant.fontId ||
      !/^\s?\p{Lu}$/u.test(run.text) ||
      share > SMALL_CAPITALS_SHARE.max ||
      share < SMALL_CAPITALS_SHARE.min ||
      next === undefined ||
      next.fontSize !== dominant.fontSize ||
      !/^\p{Lu}/u.test(next.text) ||
      next.left - run.right > 0.1 * run.fontSize
    )
      return undefined
    size = Math.max(size ?? 0, run.fontSize)
  }
  return size
}

/**
 * The run whose font draws the most characters of the line. Spaces are not drawn: a note mark
 * "3 9" must not outweigh the "Id." it numbers. A line of prose takes its type from its prose,
 * however much inline code it quotes: browsers set code smaller than the text around it, and a
 * list item or a paragraph must not pass for small print.
 */
function dominantRun(runs: readonly TextRun[], monospaceLine: boolean): TextRun {
  if (runs.length === 1) return runs[0] as TextRun
  const first = runs[0] as TextRun
  // Most lines are set in one type: then the type's weight grows with every run that draws a
  // character, and its last such run is the one taken, as the weighing below would take it.
  if (runs.every((run) => run.fontId === first.fontId && run.fontSize === first.fontSize)) {
    if (first.monospace && !monospaceLine) return first
    let last = first
    for (const run of runs) if (drawnChars(run.text) > 0) last = run
    return last
  }
  const weight = new Map<string, number>()
  let best = runs[0] as TextRun
  let bestWeight = 0
  for (const run of runs) {
    if (run.monospace && !monospaceLine) continue
    const key = `${run.fontId}|${run.fontSize.toFixed(1)}`
    const w = (weight.get(key) ?? 0) + drawnChars(run.text)
    weight.set(key, w)
    if (w > bestWeight) {
      bestWeight = w
      best = run
    }
  }
  return best
}

/**
 * Whether two runs of one typewriter type stand a whole number of its characters (measured on
 * `row`) apart, as text set on a typewriter's grid does, in any of its faces at one size (a
 * highlighted listing's comment in italic after its code); columns of a page that happen to end
 * and start in typewriter type stand apart by a gutter of any width.
 */
function onCharacterGrid(
  prev: TextRun,
  next: TextRun,
  gap: number,
  row: readonly TextRun[],
): boolean {
  if (!prev.monospace || !next.monospace) return false
  if (Math.abs(prev.fontSize - next.fontSize) > 0.05 * prev.fontSize) return false
  const advance = characterAdvance(row, prev.fontId)
  if (advance === undefined) return false
  const characters = gap / advance
  return characters >= 0.5 && Math.abs(characters - Math.round(characters)) < GRID_SLACK
}

/**
 * The width of one character of a line's typewriter type (in font `fontId` alone, if given), from
 * its longest run that does not end in a space of its own (whose width may or may not be drawn);
 * undefined without one.
 */
function characterAdvance(runs: readonly TextRun[], fontId?: string): number | undefined {
  let longest: TextRun | undefined
  let longestLength = 0
  for (const run of runs) {
    // A space pdf.js saw after the run is no character of its width; one of its own may be.
    const length = run.spaceAfter ? run.text.length - 1 : run.text.length
    if (!run.monospace || length < 2 || run.text.charCodeAt(length - 1) === 0x20) continue
    if (fontId !== undefined && run.fontId !== fontId) continue
    if (length > longestLength) {
      longest = run
      longestLength = length
    }
  }
  return longest && (longest.right - longest.left) / longestLength
}

function trailingSpaces(text: string): number {
  return text.length - text.trimEnd().length
}

function leadingSpaces(text: string): number {
  return text.length - text.trimStart().length
}

/**
 * Whether a line is set in typewriter type: nearly all its drawn characters, as in a line of
 * code. Prose naming a few identifiers in typewriter type ("Returns: ASN1_SUCCESS if ...") is
 * prose, even where those identifiers outweigh its other words.
 */
function isMonospaceLine(runs: readonly TextRun[]): boolean {
  let mixed = false
  let some = false
  for (const run of runs) {
    if (run.monospace) some = true
    else mixed = true
  }
  if (!some || !mixed) return some
  let monospace = 0
  let all = 0
  let words = 0
  for (const run of runs) {
    const chars = drawnChars(run.text)
    all += chars
    if (run.monospace) monospace += chars
    else words += proseWords(run.text)
  }
  // Words in the text's own type make a line prose, however long the path it quotes.
  if (words >= PROSE_LINE_WORDS) return false
  return monospace > 0 && monospace >= MONOSPACE_LINE_SHARE * all
}

/** Words of prose beside inline code that make its line prose: "~/.local/app.log on Linux." */
const PROSE_LINE_WORDS = 2

/** The words of a text with two letters or more. */
function proseWords(text: string): number {
  let count = 0
  for (const word of text.split(' ')) if (countLetters(word) >= 2) count++
  return count
}

function drawnChars(text: string): number {
  let count = 0
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) !== 32) count++
  return count
}

/**
 * Some PDFs fake bold by drawing the same text twice, slightly offset; the copy would double
 * every word. Runs are sorted by baseline, so a copy sits within the next few entries.
 */
function dropDuplicateRuns(runs: TextRun[]): TextRun[] {
  const kept: TextRun[] = []
  for (const run of runs) {
    let duplicate = false
    for (let k = kept.length - 1; k >= 0 && k >= kept.length - 6; k--) {
      const other = kept[k] as TextRun
      if (
        other.text === run.text &&
        Math.abs(other.left - run.left) < 0.2 * run.fontSize &&
        Math.abs(other.baseline - run.baseline) < 0.2 * run.fontSize
      ) {
        duplicate = true
        break
      }
    }
    if (!duplicate) kept.push(run)
  }
  return kept
}

/** The letter that TeX draws inside a circle to make each symbol, which pdf.js reads whole already. */
const ENCLOSED_LETTER: Readonly<Record<string, RegExp>> = { '©': /^[cC]$/, '®': /^[rR]$/ }

/**
 * Drops the letter drawn inside a circle to make a © or ® ("Copyright © c 2001" in TeX output):
 * pdf.js reads the circle as the whole symbol, so the letter would be read twice.
 */
function dropEnclosedLetters(runs: TextRun[]): TextRun[] {
  let symbols: TextRun[] | undefined
  for (const run of runs) {
    if (run.text.length <= 2 && ENCLOSED_LETTER[run.text.trim()] !== undefined) {
      symbols ??= []
      symbols.push(run)
    }
  }
  if (symbols === undefined) return runs
  return runs.filter(
    (run) =>
      !symbols.some((symbol) => {
        const centre = (run.left + run.right) / 2
        return (
          ENCLOSED_LETTER[symbol.text.trim()]?.test(run.text.trim()) === true &&
          centre > symbol.left &&
          centre < symbol.right &&
          Math.abs(run.baseline - symbol.baseline) < 0.3 * symbol.fontSize
        )
      }),
  )
}

/** A step's or a question's word and number as its label: "Step 1.", "Question 4:", "Q2". */
const WORD_NUMBER_LABEL =
  /^(?:Step|Stage|Phase|Task|Question|Exercise|Problem|Example|Rule|Q)\s?\d{1,3}[.:)]?$/i

/**
 * A row's leading label ("3", "2.1", "iv", "(b)", "Step 1.", a reference's "[12]") or bullet, set
 * apart from the text after it (list-markers' isItemMark knows only the marks that CommonMark
 * lists).
 */
function isLabelOrBullet(text: string): boolean {
  return (
    NUMBER_LABEL.test(text) ||
    REFERENCE_NUMBER.test(text) ||
    WORD_NUMBER_LABEL.test(text) ||
    isBullet(text)
  )
}
