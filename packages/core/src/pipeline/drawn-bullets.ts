import type { TextRun } from './types.js'

/**
 * Sides of a drawn bullet, in ems of the text it marks: a browser's disc is about 0.3, a diagram's
 * node or a legend's key is larger beside its label's small type.
 */
const BULLET_MIN_EMS = 0.15
const BULLET_MAX_EMS = 0.5
/** Gap between a drawn bullet and its text, in ems: a legend sets its keys tighter. */
const MIN_GAP_EMS = 0.4
const MAX_GAP_EMS = 2
/** Closest that text before a mark on its line may end for the mark to still open the line. */
const INLINE_GAP_EMS = 1
/** Most marks on a page that are looked at. */
const MAX_MARKS = 2000

/**
 * Bullets that a page draws as shapes instead of glyphs (browsers paint a list's discs and
 * squares), as `•` runs in front of the text they mark, so that lists read as lists. A mark is a
 * bullet when the first run to its right starts within a few ems, on a line whose text band
 * holds the mark's middle, and the mark is small beside that text; nothing else may stand
 * between them.
 */
export function drawnBulletRuns(
  marks: ReadonlyArray<readonly [number, number, number, number]>,
  runs: readonly TextRun[],
): TextRun[] {
  const bullets: TextRun[] = []
  // A page of thousands of dots is a chart or a pattern, not a list.
  if (marks.length > MAX_MARKS) return bullets
  for (const [left, top, right, bottom] of marks) {
    const middle = (top + bottom) / 2
    let marked: TextRun | undefined
    let blocked = false
    for (const run of runs) {
      if (middle < run.top || middle > run.baseline) continue
      if (run.right > left && run.left < right) {
        blocked = true // a glyph drawn over the mark: a dot of the text itself
        break
      }
      if (run.left >= right && (marked === undefined || run.left < marked.left)) marked = run
      // Text just before it on the line: the mark sits inside a line, not in front of one (a
      // column gutter is wider).
      if (run.right <= left && left - run.right < INLINE_GAP_EMS * run.fontSize) blocked = true
    }
    if (blocked || marked === undefined) continue
    const em = marked.fontSize
    const size = Math.max(right - left, bottom - top)
    if (size < BULLET_MIN_EMS * em || size > BULLET_MAX_EMS * em) continue
    const gap = marked.left - right
    if (gap < MIN_GAP_EMS * em || gap > MAX_GAP_EMS * em) continue
    bullets.push({
      ...marked,
      text: '•',
      left,
      right,
    })
  }
  return bullets
}
