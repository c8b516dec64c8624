import type { Segment } from './rulings.js'

/** Ends of two pieces of a rule this close (points) meet at a joint. */
const JOINT_SNAP = 2.5
/** Joints this close (points) on different rules stand at one column edge. */
const EDGE_SNAP = 6

/**
 * Where the pieces of each horizontal rule meet, before they are merged into one: a table whose
 * cells each draw their own bottom border (a browser's or a word processor's table ruled between
 * its rows only) draws every row rule in pieces, one per cell, meeting at the column edges. Keyed
 * by the rule's position; each list of joints is sorted left to right.
 */
export function ruleJoints(pieces: readonly Segment[]): Array<{ y: number; xs: number[] }> {
  const sorted = [...pieces].sort((p, q) => p.y1 - q.y1 || p.x1 - q.x1)
  const lines: Array<{ y: number; xs: number[] }> = []
  let start = 0
  while (start < sorted.length) {
    const y = (sorted[start] as Segment).y1
    let end = start
    while (end < sorted.length && (sorted[end] as Segment).y1 - y <= JOINT_SNAP) end++
    const line = sorted.slice(start, end).sort((p, q) => p.x1 - q.x1)
    const xs: number[] = []
    for (let i = 1; i < line.length; i++) {
      const before = line[i - 1] as Segment
      const after = line[i] as Segment
      if (Math.abs(after.x1 - before.x2) <= JOINT_SNAP) xs.push((before.x2 + after.x1) / 2)
    }
    if (xs.length > 0) lines.push({ y, xs })
    start = end
  }
  return lines
}

/**
 * The column edges that every rule of a band is pieced at: joints that all its rules share,
 * inside the band's extent. None when a rule is drawn whole.
 */
export function sharedJoints(
  rules: readonly Segment[],
  joints: ReadonlyArray<{ y: number; xs: number[] }>,
): number[] {
  let shared: number[] | undefined
  for (const rule of rules) {
    const own: number[] = []
    // The lines are sorted by position: the rule's own start at the first within reach.
    for (let i = firstAtOrBelow(joints, rule.y1 - JOINT_SNAP); i < joints.length; i++) {
      const line = joints[i] as { y: number; xs: number[] }
      if (line.y > rule.y1 + JOINT_SNAP) break
      for (const x of line.xs) if (x > rule.x1 + EDGE_SNAP && x < rule.x2 - EDGE_SNAP) own.push(x)
    }
    shared = (shared ?? own).filter((x) => own.some((other) => Math.abs(other - x) <= EDGE_SNAP))
    if (shared.length === 0) return []
  }
  return shared ?? []
}

/** Index of the first line at position `y` or below it on the page (a binary search). */
function firstAtOrBelow(lines: ReadonlyArray<{ y: number }>, y: number): number {
  let low = 0
  let high = lines.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((lines[middle] as { y: number }).y < y) low = middle + 1
    else high = middle
  }
  return low
}
