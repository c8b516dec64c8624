import type { TableCell } from '@pdfx/schema'
import type { AlignedGrid } from './aligned-grid.js'
import { extentOf } from './extent.js'
import { roundBox } from './points.js'
import type { RuledBand } from './ruled-grids.js'
import type { Segment } from './rulings.js'

/** Rules at one height covering this share of a band's width go across it; shorter ones are partial. */
const FULL_RULE = 0.9

/**
 * The header of a table between rules, typeset with partial rules (booktabs' `\cmidrule`): the
 * first rule across the band (or, without one, the band's first inner rule) ends the header. In
 * it, a partial rule underlines the one label above it, which spans the columns the rule covers;
 * a header row holding one label (besides the stub column's) centres it over the columns it
 * spans; a column with one label over all the header rows spans them with it.
 */
export function headerSpans(
  grid: AlignedGrid,
  cells: readonly TableCell[],
  rowTops: readonly number[],
  rowBottoms: readonly number[],
  band: RuledBand,
  rules: readonly Segment[],
): { cells: TableCell[]; headerRows: number } | undefined {
  if (rules.length === 0) return undefined
  const width = band.right - band.left
  const levels: Array<{ y: number; segments: Segment[]; cover: number }> = []
  for (const rule of [...rules].sort((p, q) => p.y1 - q.y1)) {
    const level = levels[levels.length - 1]
    if (level && rule.y1 - level.y <= 2.5) {
      level.segments.push(rule)
      level.cover += rule.x2 - rule.x1
    } else {
      levels.push({ y: rule.y1, segments: [rule], cover: rule.x2 - rule.x1 })
    }
  }
  const across = levels.find((level) => level.cover >= FULL_RULE * width)
  const end = across?.y ?? (band.ys.length >= 3 ? (band.ys[1] as number) : undefined)
  if (end === undefined) return undefined
  const headerRows = rowBottoms.filter((y) => y <= end + 1).length
  if (headerRows < 2 || headerRows >= grid.rows.length) return undefined

  const columns = grid.columns
  const count = columns.length
  const header = cells.filter((cell) => cell.row < headerRows).map((cell) => ({ ...cell }))
  const at = (row: number, column: number) =>
    header.find(
      (cell) => cell.row === row && cell.column <= column && column < cell.column + cell.colSpan,
    )
  /** `label` spans columns first..last of its row; the empty cells there go. */
  const span = (label: TableCell, first: number, last: number) => {
    for (let column = first; column <= last; column++) {
      const other = at(label.row, column)
      if (other && other !== label) header.splice(header.indexOf(other), 1)
    }
    label.column = first
    label.colSpan = last - first + 1
    const left = (columns[first] as { left: number }).left
    const right = (columns[last] as { right: number }).right
    label.bbox = roundBox([left, label.bbox[1], right, label.bbox[3]])
  }
  /** The one label among columns first..last of a row, if the rest are empty single cells. */
  const onlyLabel = (row: number, first: number, last: number): TableCell | undefined => {
    let label: TableCell | undefined
    for (let column = first; column <= last; column++) {
      const cell = at(row, column)
      if (!cell) continue
      if (cell.column < first || cell.column + cell.colSpan - 1 > last) return undefined
      if (cell.text.length === 0) continue
      if (label && label !== cell) return undefined
      label = cell
    }
    return label
  }

  for (const level of levels) {
    if (level.y > end + 1 || level.cover >= FULL_RULE * width) continue
    const row = rowBottoms.filter((y) => y <= level.y + 1).length - 1
    if (row < 0 || row >= headerRows) continue
    for (const segment of level.segments) {
      const covered = columns.flatMap((column, index) => {
        const middle = (column.left + column.right) / 2
        return middle >= segment.x1 - 2 && middle <= segment.x2 + 2 ? [index] : []
      })
      const first = covered[0]
      const last = covered[covered.length - 1]
      if (first === undefined || last === undefined || last === first) continue
      const label = onlyLabel(row, first, last)
      if (label) span(label, first, last)
    }
  }

  for (let row = 0; row < headerRows; row++) {
    const labels = header.filter((cell) => cell.row === row && cell.column > 0 && cell.text)
    const label = labels[0]
    if (labels.length !== 1 || !label || label.colSpan > 1) continue
    const source = grid.cells.find((cell) => cell.row === row && cell.column === label.column)
    if (!source) continue
    const extent = extentOf(source.lines)
    const middle = (extent.left + extent.right) / 2
    let best: [number, number] | undefined
    for (let first = 1; first <= label.column; first++) {
      for (let last = label.column; last < count; last++) {
        if (onlyLabel(row, first, last) !== label) continue
        const left = (columns[first] as { left: number }).left
        const right = (columns[last] as { right: number }).right
        if (Math.abs((left + right) / 2 - middle) > extent.em) continue
        if (!best || last - first > best[1] - best[0]) best = [first, last]
      }
    }
    if (best && best[1] > best[0]) span(label, best[0], best[1])
  }

  for (let column = 0; column < count; column++) {
    const stack = Array.from({ length: headerRows }, (_, row) => at(row, column))
    if (stack.some((cell) => !cell || cell.colSpan > 1)) continue
    const labels = stack.filter((cell) => cell && cell.text.length > 0)
    const label = labels[0]
    if (labels.length !== 1 || !label) continue
    for (const cell of stack) if (cell && cell !== label) header.splice(header.indexOf(cell), 1)
    label.row = 0
    label.rowSpan = headerRows
    label.bbox = roundBox([
      label.bbox[0],
      rowTops[0] as number,
      label.bbox[2],
      rowBottoms[headerRows - 1] as number,
    ])
  }
  const body = cells.filter((cell) => cell.row >= headerRows)
  return {
    cells: [...header, ...body].sort((p, q) => p.row - q.row || p.column - q.column),
    headerRows,
  }
}
