import type { TextRun } from './types.js'

/**
 * Line numbers in a page's margin or gutter, as a manuscript under review or a preprint prints
 * them (LaTeX's lineno, a journal's submission template, a pleading's margin, a patent's gutter):
 * they number the page's lines, they are none of its text, and read in they open every line
 * ("13 Hypertension is ...") or stand as paragraphs of their own between the lines.
 */

/** A run that is a number and nothing else. */
const NUMBER = /^\s*\d{1,4}\s*$/
/** Fewest numbers in a column for it to number a page's lines. */
const MIN_NUMBERS = 8
/** Points by which the numbers of one column may stand out of line, at the edge they align on. */
const ALIGN_SLACK = 1.5
/** Largest step from one number to the next: every fifth or tenth line numbered. */
const MAX_STEP = 10
/** Share of steps down the column that keep to one step, and to one pitch where they must. */
const STEADY_SHARE = 0.9
/** Numbers this much smaller than the text are set small. */
const SMALL_SIZE_RATIO = 0.85
/**
 * Fewest numbers in a column set in the text's size for them to number a page's lines (a
 * pleading's 28): a table's rows, numbered at one pitch, are fewer.
 */
const MIN_STEADY_NUMBERS = 20
/** Share of a pitch by which numbers set at one pitch may stand off it. */
const PITCH_SLACK = 0.05

/** The runs of a page without the numbers of its lines, in a margin or in the gutter. */
export function withoutLineNumbers(runs: TextRun[]): TextRun[] {
  const numbers = runs.filter((run) => NUMBER.test(run.text))
  if (numbers.length < MIN_FIFTHS) return runs
  const dropped = new Set<TextRun>()
  for (const column of [
    alignedColumn(numbers, (run) => run.right),
    alignedColumn(numbers, (run) => run.left),
    alignedColumn(numbers, (run) => (run.left + run.right) / 2),
  ]) {
    const numbering =
      column.size >= MIN_NUMBERS
        ? numbersLines(column, runs)
        : column.size >= MIN_FIFTHS && countsFifths(column) && standsOutside(column, runs)
    if (numbering && standsApart(column, runs)) for (const run of column) dropped.add(run)
  }
  return dropped.size === 0 ? runs : runs.filter((run) => !dropped.has(run))
}

/**
 * Fewest numbers of a column that counts every fifth or tenth line, outside the text: a word
 * processor's line numbering, restarted on each page, may number a short page's lines thrice.
 */
const MIN_FIFTHS = 3

/** Whether a column's numbers go 5, 10, 15 or 10, 20, 30 down the page, from the first step. */
function countsFifths(column: ReadonlySet<TextRun>): boolean {
  const values = [...column]
    .sort((p, q) => p.baseline - q.baseline)
    .map((run) => Number(run.text.trim()))
  const step = values[0] as number
  return (step === 5 || step === 10) && values.every((value, i) => value === step * (i + 1))
}

/** Whether a column stands left or right of all the page's other text, in its margin. */
function standsOutside(column: ReadonlySet<TextRun>, runs: readonly TextRun[]): boolean {
  const members = [...column]
  const left = Math.min(...members.map((run) => run.left))
  const right = Math.max(...members.map((run) => run.right))
  const others = runs.filter((run) => !column.has(run) && run.text.trim() !== '')
  return others.every((run) => run.left >= right) || others.every((run) => run.right <= left)
}

/** The most numbers that align on one edge, as a column of line numbers does. */
function alignedColumn(numbers: readonly TextRun[], edge: (run: TextRun) => number): Set<TextRun> {
  const sorted = [...numbers].sort((p, q) => edge(p) - edge(q))
  let best: TextRun[] = []
  let start = 0
  for (let end = 0; end < sorted.length; end++) {
    while (edge(sorted[end] as TextRun) - edge(sorted[start] as TextRun) > ALIGN_SLACK) start++
    if (end - start + 1 > best.length) best = sorted.slice(start, end + 1)
  }
  return new Set(best)
}

/**
 * Whether the numbers count the page's lines: down the page each is the one before and a constant
 * step (every line numbered, or every fifth), and they are set small beside the text (LaTeX's
 * lineno) or, a page's worth of them, at one pitch whatever the text does (a pleading's
 * numbered margin). A contents page's numbers step on unevenly; a table's numbered rows are set
 * in the cells' type, each at its row's height, and fewer.
 */
function numbersLines(column: ReadonlySet<TextRun>, runs: readonly TextRun[]): boolean {
  const numbers = [...column].sort((p, q) => p.baseline - q.baseline)
  const values = numbers.map((run) => Number(run.text.trim()))
  const step = (values[1] as number) - (values[0] as number)
  if (step < 1 || step > MAX_STEP) return false
  let even = 0
  const pitches: number[] = []
  for (let i = 1; i < numbers.length; i++) {
    if ((values[i] as number) - (values[i - 1] as number) !== step) continue
    even++
    pitches.push((numbers[i] as TextRun).baseline - (numbers[i - 1] as TextRun).baseline)
  }
  if (even < STEADY_SHARE * (numbers.length - 1)) return false
  return setSmall(numbers, runs) || (numbers.length >= MIN_STEADY_NUMBERS && isSteady(pitches))
}

/** Whether numbers are set smaller than most of the page's text, counted in characters. */
function setSmall(numbers: readonly TextRun[], runs: readonly TextRun[]): boolean {
  const size = Math.max(...numbers.map((run) => run.fontSize))
  let chars = 0
  let larger = 0
  for (const run of runs) {
    chars += run.text.length
    if (run.fontSize * SMALL_SIZE_RATIO > size) larger += run.text.length
  }
  return larger * 2 > chars
}

/** Whether nearly all the distances between numbers are one, give or take a little. */
function isSteady(pitches: readonly number[]): boolean {
  const sorted = [...pitches].sort((p, q) => p - q)
  const median = sorted[Math.floor(sorted.length / 2)] as number
  const steady = pitches.filter((pitch) => Math.abs(pitch - median) <= PITCH_SLACK * median)
  return steady.length >= STEADY_SHARE * pitches.length
}

/**
 * Whether the numbers stand in a strip of their own, in a margin or a gutter: no other text
 * crosses it beside them. A table's column of row numbers stands so too, but counts its rows.
 */
function standsApart(column: ReadonlySet<TextRun>, runs: readonly TextRun[]): boolean {
  let left = Number.POSITIVE_INFINITY
  let right = Number.NEGATIVE_INFINITY
  let top = Number.POSITIVE_INFINITY
  let bottom = Number.NEGATIVE_INFINITY
  for (const run of column) {
    left = Math.min(left, run.left)
    right = Math.max(right, run.right)
    top = Math.min(top, run.top)
    bottom = Math.max(bottom, run.bottom)
  }
  return !runs.some(
    (run) =>
      !column.has(run) &&
      run.left < right &&
      run.right > left &&
      run.top < bottom &&
      run.bottom > top,
  )
}
