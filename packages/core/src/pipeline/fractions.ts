import { extentOf } from './extent.js'
import { isScriptAgainst, SUPERSCRIPT_MIN_SHRINK } from './scripts.js'
import type { TextRun } from './types.js'

/** How far a fraction's parts stand off the formula's baseline, in ems of its type. */
interface Shift {
  min: number
  max: number
}

/**
 * A displayed fraction's numerator stands on a baseline this many ems above the formula's, and
 * its denominator as far below: TeX's num1 and denom1 are 0.68 and 0.69 em. Lines of text stand
 * an em apart at the least, so no line of prose does this.
 */
const DISPLAYED: Shift = { min: 0.45, max: 0.9 }
/**
 * A fraction in running text, its parts in script size, stands less far off (num2 and denom2
 * are 0.39 and 0.34 em): its numerator is read in the line, its denominator hangs below it.
 */
const INLINE: Shift = { min: 0.2, max: 0.6 }
/**
 * A fraction stands at most this many ems from the formula's text beside it (the "=" before it,
 * the parenthesis around it): TeX leaves a thick space at the most.
 */
const FRACTION_GAP_EM = 1
/** A numerator or denominator has at most this many characters: a term, not a line of prose. */
const FRACTION_PART_MAX_CHARS = 30
/** Runs of a part this many ems apart are separate words. */
const WORD_GAP_EM = 0.15
/** Runs of a numerator or denominator closer than this many ems are one term of it. */
const TERM_GAP_EM = 0.3
/** Parts that overlap the formula's own text by more than this many ems are no fraction's. */
const FRACTION_OVERLAP_EM = 0.1

/**
 * Reads each fraction of a formula on the formula's row, as "numerator/denominator" where its
 * bar is drawn. A displayed one's numerator stands in the row just above, its denominator in the
 * row just below; an inline one's parts are scripts of the row, or the denominator a row of its
 * own. Every run of both parts pairs with the other across the bar, each pair in a gap of the
 * formula's row. `rows` are sorted by baseline; the rows of parts taken in are dropped. A part
 * of several terms is put in parentheses ("(a + b)/2"), as linear notation does.
 */
export function seatFractions(rows: TextRun[][]): TextRun[][] {
  for (let r = 0; r < rows.length; r++) {
    const formula = rows[r] as TextRun[]
    const under = rows[r + 1] ?? []
    const over = rows[r - 1]
    const displayed = over && fractionsOf(over, formula, under, DISPLAYED)
    if (displayed) {
      rows.splice(r - 1, 3, [...formula, ...displayed])
      r--
      continue
    }
    // In running text, the numerator is already in the line, a script above its baseline; the
    // denominator is too, or stands in a row of its own just below.
    const main = mainRun(formula)
    if (main === undefined) continue
    const offset = (run: TextRun, sign: 1 | -1) =>
      run.fontSize < SUPERSCRIPT_MIN_SHRINK * main.fontSize &&
      isShift(sign * (run.baseline - main.baseline), main.fontSize, INLINE)
    const raised = formula.filter((run) => offset(run, -1))
    if (raised.length === 0) continue
    const lowered = formula.filter((run) => offset(run, 1))
    const below = under.length > 0 && under.every((run) => offset(run, 1))
    const rest = formula.filter((run) => !raised.includes(run) && !lowered.includes(run))
    const inline = fractionsOf(raised, rest, below ? [...lowered, ...under] : lowered, INLINE)
    if (inline) rows.splice(r, below ? 2 : 1, [...rest, ...inline])
  }
  return rows
}

/** The fractions of a formula's row as runs on its baseline, or undefined when these are not. */
function fractionsOf(
  over: readonly TextRun[],
  formula: readonly TextRun[],
  under: readonly TextRun[],
  shift: Shift,
): TextRun[] | undefined {
  const main = mainRun(formula)
  const numerator = mainRun(over)
  const denominator = mainRun(under)
  if (main === undefined || numerator === undefined || denominator === undefined) return undefined
  const em = main.fontSize
  if (
    !isShift(main.baseline - numerator.baseline, em, shift) ||
    !isShift(denominator.baseline - main.baseline, em, shift) ||
    (shift === DISPLAYED && !isFormula(formula))
  ) {
    return undefined
  }
  const fractions: TextRun[] = []
  const numerators = termsOf(over, em)
  for (const group of overlapping([...numerators, ...termsOf(under, em)])) {
    const top = group.filter((term) => numerators.includes(term)).flat()
    const bottom = group.filter((term) => !numerators.includes(term)).flat()
    // Scripts of the formula's own text, raised or lowered as far as a fraction's parts: one of
    // them starts right against the glyph they belong to, where a fraction leaves a space.
    if ([top, bottom].some((part) => startsAgainst(part, formula))) {
      fractions.push(...top, ...bottom)
      continue
    }
    if (top.length === 0 || bottom.length === 0) return undefined
    const fraction = fractionRun(top, bottom, main.baseline)
    if (fraction === undefined || overlapsAny(fraction, formula, em)) return undefined
    fractions.push(fraction)
  }
  return standInFormula(fractions, formula, em) ? fractions : undefined
}

/**
 * A relation or operator: a displayed fraction stands in a formula that has one ("σ(x) =",
 * "+"), while a table's header row, whose wrapped cells stand over and under its baseline as
 * a fraction's parts do, has none.
 */
const MATH_SIGN = /[=+−×·÷<>≤≥≈∼∝∑∏∫√∂]/

function isFormula(row: readonly TextRun[]): boolean {
  return row.some((run) => MATH_SIGN.test(run.text))
}

/**
 * A word of prose: four letters or more, other than the names of functions. A numerator or
 * denominator is made of symbols, numbers and functions ("1 + e-x", "∂L", "sin x").
 */
const PROSE_WORD = /\p{L}{4,}/gu
const FUNCTION_NAMES = new Set([
  'sinh',
  'cosh',
  'tanh',
  'coth',
  'arcsin',
  'arccos',
  'arctan',
  'sign',
  'rank',
  'diag',
  'trace',
])

function hasProseWord(text: string): boolean {
  for (const [word] of text.matchAll(PROSE_WORD)) {
    if (!FUNCTION_NAMES.has(word.toLowerCase())) return true
  }
  return false
}

/** The run of a row in its largest type, the first of them: on the row's own baseline. */
function mainRun(row: readonly TextRun[]): TextRun | undefined {
  let main: TextRun | undefined
  for (const run of row) if (main === undefined || run.fontSize > main.fontSize) main = run
  return main
}

function isShift(offset: number, em: number, shift: Shift): boolean {
  return offset >= shift.min * em && offset <= shift.max * em
}

/** Whether a part's first run is a script of a glyph of the formula's text. */
function startsAgainst(part: readonly TextRun[], formula: readonly TextRun[]): boolean {
  let first: TextRun | undefined
  for (const run of part) if (first === undefined || run.left < first.left) first = run
  const script = first
  return script !== undefined && formula.some((glyph) => isScriptAgainst(script, glyph))
}

/** Whether a run overlaps any of some runs by more than a sliver. */
function overlapsAny(run: TextRun, others: readonly TextRun[], em: number): boolean {
  return others.some(
    (other) =>
      Math.min(other.right, run.right) - Math.max(other.left, run.left) > FRACTION_OVERLAP_EM * em,
  )
}

/**
 * Whether fractions stand within a formula's row: each against its text, or against a fraction
 * that is, one after another ("d/dt ∂L/∂q - ...").
 */
function standInFormula(fractions: readonly TextRun[], formula: readonly TextRun[], em: number) {
  const placed = [...formula]
  const left = new Set(fractions)
  for (let found = true; found && left.size > 0; ) {
    found = false
    for (const fraction of left) {
      if (!placed.some((run) => gapBetween(run, fraction) <= FRACTION_GAP_EM * em)) continue
      placed.push(fraction)
      left.delete(fraction)
      found = true
    }
  }
  return left.size === 0
}

function gapBetween(a: TextRun, b: TextRun): number {
  return Math.max(a.left - b.right, b.left - a.right)
}

/**
 * The runs of a row in terms: runs closer than a thick space (the "b", "+" and "cd" of
 * "b + cd") make one, since a fraction's part is as wide as all of them.
 */
function termsOf(row: readonly TextRun[], em: number): TextRun[][] {
  const terms: TextRun[][] = []
  for (const run of [...row].sort((p, q) => p.left - q.left)) {
    const term = terms.at(-1)
    const last = term?.at(-1)
    if (term !== undefined && last !== undefined && run.left - last.right < TERM_GAP_EM * em) {
      term.push(run)
    } else {
      terms.push([run])
    }
  }
  return terms
}

/** Terms in groups that overlap horizontally, one after another, left to right. */
function overlapping(terms: readonly TextRun[][]): TextRun[][][] {
  const placed = terms.map((term) => ({ term, ...extentOf(term) }))
  const groups: TextRun[][][] = []
  let end = Number.NEGATIVE_INFINITY
  for (const { term, left, right } of placed.sort((p, q) => p.left - q.left)) {
    const group = groups.at(-1)
    if (group !== undefined && left < end) {
      group.push(term)
      end = Math.max(end, right)
    } else {
      groups.push([term])
      end = right
    }
  }
  return groups
}

/** One fraction, its parts read left to right, as a run on the formula's baseline. */
function fractionRun(top: TextRun[], bottom: TextRun[], baseline: number): TextRun | undefined {
  const numerator = partText(top)
  const denominator = partText(bottom)
  if (numerator === undefined || denominator === undefined) return undefined
  const { left, top: upper, right, bottom: lower } = extentOf([...top, ...bottom])
  return {
    ...(top[0] as TextRun),
    text: `${numerator}/${denominator}`,
    left,
    right,
    top: upper,
    bottom: lower,
    baseline,
  }
}

/**
 * A numerator or denominator as text, in parentheses when it is more than one term; undefined
 * when it is too long to be one, or holds a word of prose.
 */
function partText(runs: TextRun[]): string | undefined {
  let text = ''
  let last: TextRun | undefined
  for (const run of runs.sort((p, q) => p.left - q.left)) {
    // pdf.js ends a word with its space; runs set apart without one are words all the same.
    const apart = last !== undefined && run.left - last.right > WORD_GAP_EM * run.fontSize
    text += apart && !text.endsWith(' ') ? ` ${run.text}` : run.text
    last = run
  }
  text = text.trim()
  if (text.length > FRACTION_PART_MAX_CHARS || hasProseWord(text)) return undefined
  return /[\s+\-−=<>]/.test(text) ? `(${text})` : text
}
