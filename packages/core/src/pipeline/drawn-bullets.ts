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
 * bullet when the first run to its right starts within a few ems (to its left and ends there,
 * for right-to-left text), on a line whose text band holds the mark's middle, and the mark is
 * small beside that text; nothing else may stand between them.
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
    // The nearest runs on either side of the mark, and whether text stands within an em of it
    // on either side: before its text (left of it, or right of it for right-to-left text), such
    // text puts the mark inside a line, not in front of one (a column gutter is wider).
    let rightOf: TextRun | undefined
    let leftOf: TextRun | undefined
    let closeOnLeft = false
    let closeOnRight = false
    let overlapped = false
    for (const run of runs) {
      if (middle < run.top || middle > run.baseline) continue
      if (run.right > left && run.left < right) {
        overlapped = true // a glyph drawn over the mark: a dot of the text itself
        break
      }
      if (run.left >= right) {
        if (rightOf === undefined || run.left < rightOf.left) rightOf = run
        if (run.left - right < INLINE_GAP_EMS * run.fontSize) closeOnRight = true
      } else {
        if (leftOf === undefined || run.right > leftOf.right) leftOf = run
        if (left - run.right < INLINE_GAP_EMS * run.fontSize) closeOnLeft = true
      }
    }
    if (overlapped) continue
    const size = Math.max(right - left, bottom - top)
    const marked =
      rightOf && !closeOnLeft && fits(size, rightOf.left - right, rightOf.fontSize)
        ? rightOf
        : leftOf?.rtl && !closeOnRight && fits(size, left - leftOf.right, leftOf.fontSize)
          ? leftOf
          : undefined
    if (marked === undefined) continue
    bullets.push({ ...marked, text: '•', left, right })
  }
  return bullets
}

/** Whether a mark of `size` set `gap` from its text is a bullet's size and distance for it. */
function fits(size: number, gap: number, em: number): boolean {
  return (
    size >= BULLET_MIN_EMS * em &&
    size <= BULLET_MAX_EMS * em &&
    gap >= MIN_GAP_EMS * em &&
    gap <= MAX_GAP_EMS * em
  )
}
