import type { TextRun } from './types.js'

/** A rule this many font sizes inside a run, or more, crosses it; less is a glyph's overhang. */
const CROSSING_INSET_EM = 0.5
/** How far from a rule, in font sizes, the word space a run is cut at may be estimated to stand. */
const CUT_REACH_EM = 1.5

/**
 * Cuts a run at the column rules that cross it into the pieces between them. pdf.js joins text
 * drawn across a cell boundary into one item when the gap is a space wide ("Small-leaved lime 25
 * m" from two cells of a word processor's table); the cut falls at the word space whose position,
 * estimated from the run's average advance, is nearest the rule. `separates(x)` says whether the
 * rule at `x` parts two cells on the run's row (a cell spanning it is no reason to cut).
 */
export function cutAtRules(
  run: TextRun,
  xs: readonly number[],
  separates: (x: number) => boolean,
): TextRun[] {
  const inset = CROSSING_INSET_EM * run.fontSize
  const rule = xs.find((x) => x > run.left + inset && x < run.right - inset && separates(x))
  if (rule === undefined || run.text.length < 3) return [run]
  const advance = (run.right - run.left) / run.text.length
  let cut = -1
  let distance = CUT_REACH_EM * run.fontSize
  for (let i = run.text.indexOf(' '); i !== -1; i = run.text.indexOf(' ', i + 1)) {
    const away = Math.abs(run.left + (i + 0.5) * advance - rule)
    if (away < distance) {
      cut = i
      distance = away
    }
  }
  if (cut <= 0 || cut >= run.text.trimEnd().length - 1) return [run]
  const before = { ...run, text: run.text.slice(0, cut), right: Math.min(rule, run.right) }
  const after = { ...run, text: run.text.slice(cut + 1), left: Math.max(rule, run.left) }
  return [before, ...cutAtRules(after, xs, separates)]
}
