import { cellPieces, groupRows } from './aligned-grid.js'
import { extentOf } from './extent.js'
import { headerAbove, underOne } from './grid-surroundings.js'
import type { RuledBand, Rulings } from './ruled-grids.js'
import type { Segment } from './rulings.js'
import type { Line, TextRun } from './types.js'

/** A rule narrower than this (points) underlines a word or a heading, not a table's header. */
const MIN_RULE_WIDTH = 100
/** A header row over the rule has at least this many titles, set apart. */
const MIN_TITLES = 3
/** A row of the table starts at most this many font sizes under the row (or rule) above it. */
const ROW_GAP_EMS = 1.5
/** The table has at least this many rows of two cells or more under its header. */
const MIN_ROWS = 2

/**
 * Tables ruled under their header alone (a report's table with a line under its column titles
 * and none around it), as bands for the columns to be read from the text: the rule, the row of
 * three titles or more right over it, and the rows under it whose every piece stands under one
 * title, wrapped lines of a cell included, down to a piece that runs across titles (the page's
 * prose) or a gap wider than a row's. Rules that a grid or a band already takes are left alone.
 */
export function headerRuleBands(rulings: Rulings, runs: readonly TextRun[]): RuledBand[] {
  const bands: RuledBand[] = []
  for (const rule of rulings.horizontal) {
    if (rule.x2 - rule.x1 < MIN_RULE_WIDTH || isTaken(rule, rulings)) continue
    const header = headerAbove(runs, rule.x1 - 2, rule.x2 + 2, rule.y1)
    if (header === undefined || header.titles.length < MIN_TITLES) continue
    const inside = runs.filter((run) => {
      const x = (run.left + run.right) / 2
      return x > rule.x1 - 2 && x < rule.x2 + 2
    })
    const bottom = bottomOfRows(rule.y1, header.titles, inside)
    if (bottom === undefined) continue
    bands.push({
      ys: [extentOf(header.pieces).top - 1, rule.y1, bottom + 1],
      left: rule.x1,
      right: rule.x2,
      framed: false,
      headerRule: rule.y1,
    })
  }
  return bands
}

/** Whether a grid or a band found among the rulings already holds the rule. */
function isTaken(rule: Segment, rulings: Rulings): boolean {
  const across = (left: number, right: number) => rule.x1 < right && rule.x2 > left
  return (
    rulings.grids.some(
      ({ bbox: [left, top, right, bottom] }) =>
        across(left, right) && rule.y1 >= top - 1 && rule.y1 <= bottom + 1,
    ) ||
    rulings.bands.some(
      (band) => across(band.left, band.right) && band.ys.some((y) => Math.abs(y - rule.y1) <= 1),
    )
  )
}

/**
 * The foot of the rows under the rule that keep to the header's columns, each piece under one
 * title; undefined when fewer than two of them hold two cells or more.
 */
function bottomOfRows(
  y: number,
  header: readonly Line[],
  runs: readonly TextRun[],
): number | undefined {
  const rows = groupRows(cellPieces(runs.filter((run) => (run.top + run.bottom) / 2 > y)))
  let edge = y
  let bottom: number | undefined
  let full = 0
  for (const row of rows) {
    const extent = extentOf(row)
    if ((extent.top - edge) / extent.em > ROW_GAP_EMS) break
    if (!row.every((piece) => underOne(piece, header))) break
    if (row.length >= 2) full++
    edge = extent.bottom
    bottom = extent.bottom
  }
  return full >= MIN_ROWS ? bottom : undefined
}
