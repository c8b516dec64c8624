import type { Table, TableCell } from '@pdfx/schema'
import {
  type AlignedGrid,
  alignIntoGrid,
  cellPieces,
  cellText,
  groupRows,
  mergeHeaderAbove,
  mergeInterleavedHeader,
  mergeWrappedRows,
} from './aligned-grid.js'
import {
  BORDERLESS_MIN_ROWS,
  isSparse,
  looksLikeBorderlessTable,
  looksLikeList,
} from './borderless-checks.js'
import { sharesCellStart } from './cell-rows.js'
import { dropEmptyGridLines } from './empty-grid-lines.js'
import { extentOf, gapBetween, gapInEms, medianFontSize } from './extent.js'
import { isFigure } from './figure.js'
import {
  bandWithHeaderAbove,
  bandWithRowsBelow,
  columnOf,
  withHeaderAbove,
  withoutTitleRows,
  withStubBeside,
} from './grid-surroundings.js'
import { headerRuleBands } from './header-rule-bands.js'
import { headerSpans } from './header-spans.js'
import { groupLines, makeLine } from './lines.js'
import { roundBox } from './points.js'
import { cutAtRules } from './rule-crossings.js'
import {
  type GridCell,
  interval,
  type RuledBand,
  type RuledGrid,
  type Rulings,
} from './ruled-grids.js'
import type { Segment } from './rulings.js'
import { splitStackedRows } from './stacked-rows.js'
import type { Block, Line, TextRun } from './types.js'
import { goesOnBelow, goesOnInCell, INTERLEAVED_EMS } from './wrapped-labels.js'

/** Tables found on a page and the text that is not part of any of them. */
export interface PageTables {
  tables: Block[]
  rest: TextRun[]
  /** The lines of `rest`: the page's running text, grouped once for both uses. */
  lines: Line[]
}

/**
 * Finds the tables of a page: ruled grids first (cells from the rulings), then horizontally ruled
 * bands (columns from text alignment), then borderless tables among the remaining text. Text
 * that goes into a table is taken out of the page's running text.
 */
export function detectTables(
  runs: readonly TextRun[],
  rulings: Rulings,
  areas: ReadonlyArray<readonly number[]>,
  page: number,
  borderless: boolean,
): PageTables {
  let rest = [...runs]
  const tables: Block[] = []
  const take = (inside: (run: TextRun) => boolean) => {
    const taken: TextRun[] = []
    const kept: TextRun[] = []
    for (const run of rest) (inside(run) ? taken : kept).push(run)
    return { taken, kept }
  }
  const unruledBands: RuledBand[] = []
  // Rules drawn over the figures of a wider table, and the header ruled off over them, are left
  // to the borderless reading of the whole table.
  const boxes: ReadonlyArray<readonly number[]> = [
    ...rulings.grids.map((grid) => grid.bbox),
    ...rulings.bands.map(bandBox),
  ]
  const fragments = boxes.filter((box) => isFiguresBesideLabels(box, rest))
  const headsAny = (box: readonly number[]) =>
    fragments.some((fragment) => headsFragment(box, fragment, rest))
  for (const drawn of rulings.grids) {
    if (fragments.includes(drawn.bbox) || headsAny(drawn.bbox)) continue
    const grid = withStubBeside(withHeaderAbove(withoutTitleRows(drawn, rest), rest), rest)
    const { taken, kept } = take((run) => centreInside(run, grid.bbox))
    if (drawn.band && holdsUnruledRows(grid, taken)) {
      unruledBands.push(drawn.band)
      continue
    }
    const table = ruledTable(grid, taken, page)
    if (!table || looksLikeChart(table.table as Table, taken, areas)) continue
    tables.push(table)
    rest = kept
  }
  const bands = [...rulings.bands, ...unruledBands, ...headerRuleBands(rulings, rest)].flatMap(
    (drawn) => splitAtGaps(drawn, rest).flatMap((band) => splitAtHeadingRules(band, rest)),
  )
  for (const found of bands) {
    // A band split at its gaps is judged anew, on its own stretch of figures.
    const own = bandBox(found)
    if (isFiguresBesideLabels(own, rest) || headsAny(own)) continue
    const band = bandWithRowsBelow(bandWithHeaderAbove(found, rest), rest)
    const box = bandBox(band)
    const { taken, kept } = take((run) => centreInside(run, box))
    const rules = rulings.horizontal.filter(
      (rule) =>
        rule.y1 > box[1] + 1 &&
        rule.y1 < box[3] - 1 &&
        rule.x1 >= box[0] - 3 &&
        rule.x2 <= box[2] + 3,
    )
    const table = bandTable(band, taken, page, rules) ?? boxedColumnTable(band, taken, page)
    if (!table) continue
    tables.push(table)
    rest = kept
  }
  let lines = groupLines(rest)
  if (borderless) {
    for (const region of borderlessRegions(lines)) {
      const table = alignedTable(
        cellPieces(region.lines.flatMap((line) => line.runs)),
        page,
        looksLikeBorderlessTable,
        undefined,
        [],
        region.headerBottom,
      )
      if (!table) continue
      const used = new Set(region.lines)
      lines = lines.filter((line) => !used.has(line))
      tables.push(table)
    }
    for (const found of headedRows(lines, page)) {
      lines = lines.filter((line) => !found.lines.includes(line))
      tables.push(found.table)
    }
    rest = lines.flatMap((line) => line.runs)
  }
  return { tables, rest, lines }
}

/** The box a band's rules enclose: left, top, right, bottom. */
function bandBox(band: RuledBand): [number, number, number, number] {
  return [band.left, band.ys[0] as number, band.right, band.ys[band.ys.length - 1] as number]
}

/** A table's header stands at most this many font sizes over the first of its ruled figures. */
const HEADER_GAP_EMS = 3
/** ...in this many lines at most. */
const HEADER_MAX_LINES = 4

/**
 * Whether a ruled region is the header over a region of figures ruled apart from their labels:
 * a few lines across its columns, right over the first figures of those columns (the rules
 * around the figures may start some rows down, at a subtotal).
 */
function headsFragment(
  box: readonly number[],
  fragment: readonly number[],
  runs: readonly TextRun[],
): boolean {
  const [left = 0, top = 0, right = 0, bottom = 0] = box
  const [figuresLeft = 0, figuresTop = 0, figuresRight = 0] = fragment
  if (left > figuresLeft + 1 || right < figuresRight - 1 || figuresTop < bottom - 1) return false
  const inside = runs.filter((run) => centreInside(run, box))
  if (inside.length === 0) return false
  const em = medianFontSize(inside)
  if (bottom - top > HEADER_MAX_LINES * 1.5 * em) return false
  let firstFigure = figuresTop
  for (const run of runs) {
    const x = (run.left + run.right) / 2
    if (x > figuresLeft && x < figuresRight && run.top >= bottom - 1 && run.top < firstFigure) {
      firstFigure = run.top
    }
  }
  return firstFigure - bottom <= HEADER_GAP_EMS * em
}

/**
 * A figure as a statement prints it, a unit or a pence sign after it allowed ("52.6p"), or the
 * dash of a nil.
 */
const FIGURE_CELL = /^(?:[^\p{L}]*\d[^\p{L}]*\p{L}?|[-\u2013\u2014])$/u
/** Rows of figures that labels beside a ruled region name, at least, to make it part of a table. */
const LABELLED_ROWS_MIN = 3
/**
 * The table goes on past the rules with a labelled row of figures this many ems away, at most: a
 * blank line and a group's title may stand between.
 */
const GOES_ON_EMS = 4

/**
 * Whether the rules around a region mark out only the figures of a wider table: its text is all
 * figures, labels stand left of it, level with most of its rows, outside the rules, and the
 * table's labelled rows of figures go on past the rules, above or below (a financial statement's
 * subtotal rules and shaded current-year column, drawn over stretches of the figure columns).
 * The whole table, labels and all, is then left to the borderless reading, rather than cut into
 * a table of figures for every ruled stretch. A grid ruled round all of a table's figures keeps
 * the labels beside it as its stub.
 */
function isFiguresBesideLabels(box: readonly number[], runs: readonly TextRun[]): boolean {
  const [left = 0, top = 0, right = 0, bottom = 0] = box
  const inside = runs.filter((run) => run.text.trim() !== '' && centreInside(run, box))
  if (inside.length === 0 || !inside.every((run) => FIGURE_CELL.test(run.text.trim()))) return false
  const em = medianFontSize(inside)
  const rows = labelledFigureRows(
    runs,
    left,
    right,
    top - GOES_ON_EMS * em,
    bottom + GOES_ON_EMS * em,
  )
  const within = rows.filter((row) => row.baseline > top && row.baseline < bottom)
  const lines = groupLines(inside).length
  return (
    within.length >= LABELLED_ROWS_MIN && within.length * 2 >= lines && within.length < rows.length
  )
}

/**
 * The lines of figures between `left` and `right` whose middles lie between `from` and `to`,
 * each with a label left of it on its baseline.
 */
function labelledFigureRows(
  runs: readonly TextRun[],
  left: number,
  right: number,
  from: number,
  to: number,
): Line[] {
  const figures: TextRun[] = []
  const beside: TextRun[] = []
  for (const run of runs) {
    const y = (run.top + run.bottom) / 2
    if (y <= from || y >= to || run.text.trim() === '') continue
    const x = (run.left + run.right) / 2
    if (x > left && x < right) {
      if (FIGURE_CELL.test(run.text.trim())) figures.push(run)
    } else if (run.right <= left + 1) {
      beside.push(run)
    }
  }
  const labels = groupLines(beside).filter((line) => /\p{L}/u.test(line.text))
  return groupLines(figures).filter((row) =>
    labels.some((label) => Math.abs(label.baseline - row.baseline) < 0.3 * row.fontSize),
  )
}

/** A wrapped line stands at most this many font sizes above the next line of its cell. */
const WRAPPED_GAP_EM = 0.6

/** Empty space this many font sizes tall between two lines of a band parts two tables. */
const BAND_GAP_EM = 2.5

/**
 * Two tables ruled alike, one above the other, join into one band: their rules line up, and the
 * notes under the first and the caption of the second sit between its rules. Between two rules
 * inside the band, an empty stretch as tall as a few lines (wider than any row gap of a table)
 * separates them: the band is cut into the rules above it and the rules below, and the text
 * between them stays out of both.
 */
function splitAtGaps(band: RuledBand, runs: readonly TextRun[]): RuledBand[] {
  const ys = band.ys
  for (let i = 0; i + 1 < ys.length; i++) {
    const from = ys[i] as number
    const to = ys[i + 1] as number
    const inside = runs.filter((run) => {
      const x = (run.left + run.right) / 2
      const y = (run.top + run.bottom) / 2
      return x >= band.left && x <= band.right && y > from && y < to
    })
    const rows = groupRows(cellPieces(inside))
    const split = rows.some((row, k) => {
      const above = rows[k - 1]
      if (!above) return false
      return gapInEms(above, row) > BAND_GAP_EM
    })
    if (!split) continue
    // A lone rule left on either side draws no table.
    const above: RuledBand[] = i >= 1 ? [{ ...band, ys: ys.slice(0, i + 1) }] : []
    const below = ys.length - i - 1 >= 2 ? splitAtGaps({ ...band, ys: ys.slice(i + 1) }, runs) : []
    return [...above, ...below]
  }
  return [band]
}

/**
 * Whether a grid row holds two rows of text or more that each run across columns: rows its
 * rules leave undrawn (a table ruled over its header, under it and at its foot only), which the
 * grid would read as one row of long cells.
 */
function holdsUnruledRows(grid: RuledGrid, runs: readonly TextRun[]): boolean {
  const rows = grid.ys.length - 1
  // The baselines of each grid row, with the columns the text on each reaches.
  const lines = Array.from(
    { length: rows },
    () => [] as Array<{ baseline: number; columns: Set<number> }>,
  )
  for (const run of runs) {
    const row = interval(grid.ys, (run.top + run.bottom) / 2)
    const column = interval(grid.xs, (run.left + run.right) / 2)
    if (row < 0 || column < 0) continue
    const rowLines = lines[row] as Array<{ baseline: number; columns: Set<number> }>
    let line = rowLines.find(
      (other) => Math.abs(other.baseline - run.baseline) < 0.3 * run.fontSize,
    )
    if (!line) {
      line = { baseline: run.baseline, columns: new Set() }
      rowLines.push(line)
    }
    line.columns.add(column)
  }
  return lines.some((rowLines) => rowLines.filter((line) => line.columns.size >= 2).length >= 2)
}

/** A line this many times the size of a band's other text, over a rule, is a heading. */
const HEADING_SIZE_RATIO = 1.15
/** A heading's underline stands at most this many of its font sizes under it. */
const UNDERLINE_GAP_EM = 1

/**
 * Rules that underline headings are no table's rules: where the text just above a rule inside a
 * band is one line set larger than the band's other text (a section heading with its underline,
 * as a stylesheet draws one), the band is cut there, and the heading stays out of both parts.
 */
function splitAtHeadingRules(band: RuledBand, runs: readonly TextRun[]): RuledBand[] {
  const ys = band.ys
  const inside = runs.filter((run) => {
    const x = (run.left + run.right) / 2
    const y = (run.top + run.bottom) / 2
    return (
      x >= band.left &&
      x <= band.right &&
      y > (ys[0] as number) &&
      y < (ys[ys.length - 1] as number)
    )
  })
  const body = medianFontSize(inside)
  for (let i = 1; i < ys.length; i++) {
    const rule = ys[i] as number
    const above = inside.filter(
      (run) => run.bottom <= rule + 1 && run.bottom > (ys[i - 1] as number),
    )
    const last = Math.max(...above.map((run) => run.baseline))
    const row = above.filter((run) => Math.abs(run.baseline - last) < 0.3 * run.fontSize)
    const heading =
      row.length === 1 &&
      (row[0] as TextRun).fontSize >= HEADING_SIZE_RATIO * body &&
      rule - (row[0] as TextRun).bottom <= UNDERLINE_GAP_EM * (row[0] as TextRun).fontSize
    if (!heading) continue
    // A lone rule left on either side draws no table.
    const before: RuledBand[] = i >= 2 ? [{ ...band, ys: ys.slice(0, i) }] : []
    const after = ys.length - i >= 2 ? splitAtHeadingRules({ ...band, ys: ys.slice(i) }, runs) : []
    return [...before, ...after]
  }
  return [band]
}

function centreInside(run: TextRun, box: readonly number[]): boolean {
  const x = (run.left + run.right) / 2
  const y = (run.top + run.bottom) / 2
  return (
    x >= (box[0] as number) &&
    x <= (box[2] as number) &&
    y >= (box[1] as number) &&
    y <= (box[3] as number)
  )
}

/**
 * Bar charts draw gridlines and filled bars with no text inside them; tables fill areas only to
 * shade cells that hold text.
 */
function looksLikeChart(
  grid: Table,
  runs: readonly TextRun[],
  areas: ReadonlyArray<readonly number[]>,
): boolean {
  const filled = grid.cells.filter((cell) => cell.text.length > 0).length
  if (filled > 0.5 * grid.cells.length) return false
  let inside = 0
  let empty = 0
  for (const area of areas) {
    const x = ((area[0] as number) + (area[2] as number)) / 2
    const y = ((area[1] as number) + (area[3] as number)) / 2
    if (x < grid.bbox[0] || x > grid.bbox[2] || y < grid.bbox[1] || y > grid.bbox[3]) continue
    inside++
    if (!runs.some((run) => centreInside(run, area))) empty++
  }
  return empty >= 3 && empty >= 0.5 * inside
}

/** Fills the cells of a ruled grid with the text whose centre lies inside each. */
function ruledTable(drawn: RuledGrid, runs: readonly TextRun[], page: number): Block | undefined {
  const grid = splitStackedRows(dropEmptyGridLines(drawn, runs), runs)
  const rows = grid.ys.length - 1
  const columns = grid.xs.length - 1
  // Which cell covers each grid position, so a run finds its cell by two binary searches.
  const owner = new Int32Array(rows * columns)
  grid.cells.forEach((cell, index) => {
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++) {
      for (let c = cell.column; c < cell.column + cell.colSpan; c++) owner[r * columns + c] = index
    }
  })
  const texts = grid.cells.map(() => [] as TextRun[])
  for (const whole of runs) {
    const row = interval(grid.ys, (whole.top + whole.bottom) / 2)
    if (row < 0) continue
    // A rule parts two cells where the cells left and right of it differ on the run's row.
    const separates = (x: number) => {
      const c = grid.xs.indexOf(x)
      return owner[row * columns + c - 1] !== owner[row * columns + c]
    }
    for (const run of cutAtRules(whole, grid.xs.slice(1, -1), separates)) {
      const column = interval(grid.xs, (run.left + run.right) / 2)
      if (column >= 0) (texts[owner[row * columns + column] as number] as TextRun[]).push(run)
    }
  }
  const lines: Line[] = []
  const cells: TableCell[] = grid.cells.flatMap((cell, index) =>
    splitSpan(cell, texts[index] as TextRun[], grid.xs).map((part) => {
      const cellLines = groupLines(part.runs)
      lines.push(...cellLines)
      return {
        row: part.cell.row,
        column: part.cell.column,
        rowSpan: part.cell.rowSpan,
        colSpan: part.cell.colSpan,
        text: cellText(cellLines),
        bbox: roundBox(part.cell.bbox),
      }
    }),
  )
  const filled = cells.filter((cell) => cell.text.length > 0)
  if (rows < 2 || filled.length < 3 || filled.length < 0.25 * cells.length) return undefined
  // A grid whose cells are drawn one by one is a table even when mostly empty (a form, a
  // worksheet). Loosely connected rulings need text to confirm them: two boxes side by side or a
  // chart's gridlines with a few labels are not tables, nor is a diagram of boxes joined by
  // lines, where most rows are one piece of text across the grid.
  const completeness = grid.cells.length / (rows * columns)
  if (completeness < 0.6) {
    if (filled.length < 0.3 * cells.length) return undefined
    const textRows = new Set(
      filled.filter((cell) => cell.colSpan < columns).map((cell) => cell.row),
    )
    if (textRows.size < 0.5 * rows) return undefined
  }
  return tableBlock(
    {
      page,
      bbox: roundBox(grid.bbox),
      rows,
      columns,
      headerRows: headerRowsOf(cells, rows),
      cells,
    },
    lines,
    // Every cell drawn on its own is the strongest evidence there is; merged areas weaken it.
    0.7 + 0.3 * Math.min(1, completeness),
  )
}

/**
 * A cell that spans columns only because a rule is missing (a header row drawn without its
 * column rules) holds separate pieces of text, each inside one of the columns below: it is split
 * back into one cell per column. Text that crosses a column line keeps the span.
 */
function splitSpan(
  cell: GridCell,
  runs: readonly TextRun[],
  xs: readonly number[],
): Array<{ cell: GridCell; runs: TextRun[] }> {
  if (cell.colSpan < 2 || runs.length < 2) return [{ cell, runs: [...runs] }]
  const parts = Array.from({ length: cell.colSpan }, () => [] as TextRun[])
  for (const run of runs) {
    const column = columnOf(run, xs, cell.column, cell.colSpan)
    if (column === -1) return [{ cell, runs: [...runs] }]
    ;(parts[column - cell.column] as TextRun[]).push(run)
  }
  if (parts.filter((part) => part.length > 0).length < 2) return [{ cell, runs: [...runs] }]
  return parts.map((part, k) => {
    const column = cell.column + k
    return {
      cell: {
        ...cell,
        column,
        colSpan: 1,
        bbox: [xs[column] as number, cell.bbox[1], xs[column + 1] as number, cell.bbox[3]],
      },
      runs: part,
    }
  })
}

/**
 * A table between horizontal rules: rows and columns come from the text's alignment; partial
 * rules inside the band (`rules`) shape its header.
 */
function bandTable(
  band: RuledBand,
  runs: readonly TextRun[],
  page: number,
  rules: readonly Segment[],
): Block | undefined {
  const lines = cellPieces(runs)
  return alignedTable(
    lines,
    page,
    (grid) =>
      bandRowsAgree(grid) && !isSparse(grid) && !isProseBetweenRules(grid) && !looksLikeList(grid),
    band,
    rules,
  )
}

/** Share of a ruled band's text that cells across all its columns may hold, in a table. */
const BAND_MAX_SPANNING_SHARE = 0.5

/**
 * Whether most of the text between a band's rules runs across all its columns: paragraphs under
 * underlined headings (a résumé's sections, where a job's dates beside its title make rows of two
 * cells), not a table, whose spanning rows are a group's label or a note.
 */
function isProseBetweenRules(grid: AlignedGrid): boolean {
  let all = 0
  let spanning = 0
  for (const cell of grid.cells) {
    const chars = cellText(cell.lines).length
    all += chars
    if (cell.colSpan === grid.columns.length) spanning += chars
  }
  return spanning > BAND_MAX_SPANNING_SHARE * all
}

/** Rows a column of boxes needs, at least, to be read as a one-column table. */
const BOXED_COLUMN_MIN_ROWS = 3
/** Longest text of one box in such a column: longer ones are framed paragraphs. */
const BOXED_COLUMN_MAX_CHARS = 120

/**
 * A framed column of boxes, each holding one short item (a checklist, the entries of a
 * framework): a table of one column, one row per box. Every box must hold text, not figures
 * alone, and nothing may sit across two boxes.
 */
function boxedColumnTable(
  band: RuledBand,
  runs: readonly TextRun[],
  page: number,
): Block | undefined {
  const rows = band.ys.length - 1
  if (!band.framed || rows < BOXED_COLUMN_MIN_ROWS) return undefined
  const lines = groupLines(runs)
  const byRow: Line[][] = Array.from({ length: rows }, () => [])
  for (const line of lines) {
    const middle = (line.top + line.bottom) / 2
    const row = band.ys.findIndex(
      (y, i) => i < rows && middle > y && middle < (band.ys[i + 1] as number),
    )
    if (row < 0 || line.top < (band.ys[row] as number) - 1) return undefined
    if (line.bottom > (band.ys[row + 1] as number) + 1) return undefined
    ;(byRow[row] as Line[]).push(line)
  }
  const cells: TableCell[] = []
  for (const [row, rowLines] of byRow.entries()) {
    const text = cellText(rowLines)
    if (text === '' || text.length > BOXED_COLUMN_MAX_CHARS) return undefined
    cells.push({
      row,
      column: 0,
      rowSpan: 1,
      colSpan: 1,
      text,
      bbox: roundBox([band.left, band.ys[row] as number, band.right, band.ys[row + 1] as number]),
    })
  }
  // Figures alone in boxes are a column of a wider table (a statement's shaded current year),
  // whose labels stand outside the boxes, not items of a list.
  if (cells.every((cell) => FIGURE_CELL.test(cell.text))) return undefined
  const bbox = roundBox([band.left, band.ys[0] as number, band.right, band.ys[rows] as number])
  // Items of one kind, none above the others: no header row.
  return tableBlock({ page, bbox, rows, columns: 1, headerRows: 0, cells }, lines, 1)
}

/**
 * Between rules, two rows of two or more cells make a table; so does a header of several cells
 * over short one-cell rows (a list of items whose other columns are left blank to fill in).
 */
function bandRowsAgree(grid: AlignedGrid): boolean {
  // Cells, not pieces of text: two pieces in one column are one cell's words.
  const cellsPerRow = new Array<number>(grid.rows.length).fill(0)
  for (const cell of grid.cells) cellsPerRow[cell.row] = (cellsPerRow[cell.row] as number) + 1
  const multi = cellsPerRow.filter((count) => count >= 2).length
  if (multi >= 2) return true
  // The items of a fill-in list all stand in the first column, under the header.
  const items = grid.cells.filter((cell) => cell.row > 0)
  return (
    multi === 1 &&
    (cellsPerRow[0] as number) >= 2 &&
    grid.rows.length >= 3 &&
    items.every((cell) => cell.column === 0) &&
    items.every((cell) => cellText(cell.lines).length <= 40)
  )
}

function alignedTable(
  lines: readonly Line[],
  page: number,
  accept: (grid: AlignedGrid) => boolean,
  band?: RuledBand,
  rules: readonly Segment[] = [],
  headerRule = band?.headerRule,
): Block | undefined {
  const found = alignIntoGrid(lines, headerRule)
  if (!found || !accept(found)) return undefined
  const merged = mergeWrappedRows(found, band?.ys)
  const interleaved = mergeInterleavedHeader(merged)
  const grid = headerRule === undefined ? interleaved : mergeHeaderAbove(interleaved, headerRule)
  const rowExtents = grid.rows.map(extentOf)
  const rowTops = rowExtents.map((extent) => extent.top)
  const rowBottoms = rowExtents.map((extent) => extent.bottom)
  const byPosition = new Map<number, (typeof grid.cells)[number]>()
  for (const cell of grid.cells) byPosition.set(cell.row * grid.columns.length + cell.column, cell)
  let cells: TableCell[] = []
  grid.rows.forEach((_, row) => {
    for (let column = 0; column < grid.columns.length; ) {
      const cell = byPosition.get(row * grid.columns.length + column)
      const colSpan = cell?.colSpan ?? 1
      const right = (grid.columns[column + colSpan - 1] as { right: number }).right
      cells.push({
        row,
        column,
        rowSpan: 1,
        colSpan,
        text: cell ? cellText(cell.lines) : '',
        bbox: roundBox([
          (grid.columns[column] as { left: number }).left,
          rowTops[row] as number,
          right,
          rowBottoms[row] as number,
        ]),
      })
      column += colSpan
    }
  })
  const left = band?.left ?? (grid.columns[0] as { left: number }).left
  const right = band?.right ?? (grid.columns[grid.columns.length - 1] as { right: number }).right
  const top = Math.min(band?.ys[0] ?? Number.POSITIVE_INFINITY, rowTops[0] as number)
  const bottom = Math.max(
    band?.ys[band.ys.length - 1] ?? 0,
    rowBottoms[rowBottoms.length - 1] as number,
  )
  const rows = grid.rows.length
  let headerRows = headerRowsOf(cells, rows)
  // A rule under the first rows of a band marks them as the header.
  if (band && band.ys.length >= 3) {
    const rule = band.ys[1] as number
    const above = rowBottoms.filter((bottomOfRow) => bottomOfRow <= rule + 1).length
    if (above > 0 && above < rows) headerRows = above
  }
  const header = band && headerSpans(grid, cells, rowTops, rowBottoms, band, rules)
  if (header) {
    cells = header.cells
    headerRows = header.headerRows
  }
  cells = centreGroupLabels(grid, cells, headerRows)
  return tableBlock(
    {
      page,
      bbox: roundBox([left, top, right, bottom]),
      rows,
      columns: grid.columns.length,
      headerRows,
      cells,
    },
    lines,
    alignmentEvidence(grid, band !== undefined),
  )
}

/**
 * A body row holding one label only, centred over the columns of figures (the stub's left
 * empty), names the group of rows below it ("Percentage change", "In thousands"): it spans all
 * those columns, not the one or two its words happen to cross.
 */
function centreGroupLabels(grid: AlignedGrid, cells: TableCell[], headerRows: number): TableCell[] {
  const count = grid.columns.length
  if (count < 3) return cells
  const left = (grid.columns[1] as { left: number }).left
  const right = (grid.columns[count - 1] as { right: number }).right
  let result = cells
  for (let row = headerRows; row < grid.rows.length; row++) {
    const filled = result.filter((cell) => cell.row === row && cell.text.length > 0)
    const label = filled[0]
    if (filled.length !== 1 || !label || label.column < 1 || isFigure(label.text)) continue
    if (label.column === 1 && label.colSpan === count - 1) continue
    const lines = grid.rows[row] as Line[]
    const { left: from, right: to, em } = extentOf(lines)
    if (Math.abs((from + to) / 2 - (left + right) / 2) > em) continue
    if (from < left - em || to > right + em) continue
    const spanned: TableCell = {
      ...label,
      column: 1,
      colSpan: count - 1,
      bbox: roundBox([left, label.bbox[1], right, label.bbox[3]]),
    }
    result = result
      .filter((cell) => cell.row !== row || cell.column === 0)
      .concat(spanned)
      .sort((p, q) => p.row - q.row || p.column - q.column)
  }
  return result
}

/**
 * Text alignment is weaker evidence than rulings: rows that fill most columns and rules
 * above and below make it stronger.
 */
function alignmentEvidence(grid: AlignedGrid, ruled: boolean): number {
  const fill = grid.cells.length / (grid.rows.length * grid.columns.length)
  return Math.min(1, (ruled ? 0.6 : 0.45) + 0.35 * fill)
}

/** Columns, at least, of a table too short to be found from its alignment alone. */
const HEADED_MIN_COLUMNS = 3
/** Longest text of one cell of such a table. */
const HEADED_MAX_CHARS = 30
/** How far (points) a header's words may stand from the edge of the column they head. */
const HEADED_ALIGN = 2

/**
 * A table of one or two rows under a header (too few rows for alignment to tell it from text):
 * every header word group starts (or ends) exactly where a column of the rows below does, one
 * group per column, three columns at least; the rows below are short cells in the same
 * columns, each row with a figure; the header is words, and nothing like the rows follows
 * them. A typesetter who places each header label at its column's edge by hand is drawing a
 * table, even when the labels nearly touch.
 */
function headedRows(lines: readonly Line[], page: number): Array<{ table: Block; lines: Line[] }> {
  const rows = groupRows(lines)
  // Each row's cell pieces, worked out once: a row is looked at as a header, a first row, a
  // body row and the row after a table.
  const piecesOf: Line[][] = []
  const pieces = (k: number) =>
    (piecesOf[k] ??= cellPieces((rows[k] as Line[]).flatMap((line) => line.runs)))
  const found: Array<{ table: Block; lines: Line[] }> = []
  for (let i = 0; i + 1 < rows.length; i++) {
    const header = rows[i] as Line[]
    const first = pieces(i + 1)
    const count = first.length
    if (count < HEADED_MIN_COLUMNS) continue
    const body: Line[][] = []
    for (let j = i + 1; j < rows.length && body.length < BORDERLESS_MIN_ROWS; j++) {
      const row = pieces(j)
      if (row.length !== count) break
      const aligned = row.every((piece, c) => {
        const column = first[c] as Line
        return (
          Math.abs(piece.left - column.left) <= HEADED_ALIGN ||
          Math.abs(piece.right - column.right) <= HEADED_ALIGN
        )
      })
      const above = body.length === 0 ? header : (rows[j - 1] as Line[])
      if (!aligned || gapBetween(above, row) > (row[0] as Line).fontSize) break
      body.push(row)
    }
    // Three rows of cells or more are the borderless search's to judge.
    const headerCells = pieces(i).length >= 2 ? 1 : 0
    if (body.length === 0 || body.length + headerCells >= BORDERLESS_MIN_ROWS) continue
    const next = i + 1 + body.length
    if (next < rows.length && pieces(next).length === count) continue
    const labels = headerGroups(header, first)
    if (!labels || [labels, ...body].some(isTitleBesideText)) continue
    const cellsOk = body.every(
      (row) =>
        row.some((piece) => /^[-+−(]?[$€£¥]?\d/.test(piece.text)) &&
        row.every((piece) => piece.text.length <= HEADED_MAX_CHARS),
    )
    if (!cellsOk) continue
    const grid = [labels, ...body]
    const right = (c: number) => Math.max(...grid.map((row) => (row[c] as Line).right))
    const cells: TableCell[] = grid.flatMap((row, r) => {
      const { top, bottom } = extentOf(row)
      return row.map((piece, c) => ({
        row: r,
        column: c,
        rowSpan: 1,
        colSpan: 1,
        text: piece.text.trim(),
        bbox: roundBox([(first[c] as Line).left, top, right(c), bottom]),
      }))
    })
    const used = [...header, ...body.flatMap((_, k) => rows[i + 1 + k] as Line[])]
    const across = extentOf(used)
    const bbox = roundBox([
      across.left,
      extentOf(header).top,
      across.right,
      extentOf(body[body.length - 1] as Line[]).bottom,
    ])
    const table = { page, bbox, rows: grid.length, columns: count, headerRows: 1, cells }
    found.push({ table: tableBlock(table, grid.flat(), 0.6), lines: used })
    i += body.length
  }
  return found
}

/**
 * The header's runs cut into one label per column of `columns`: each label's first run starts
 * at its column's left edge, or each label's last run ends at its column's right edge. Words
 * only, and none crossing into the next column.
 */
function headerGroups(header: readonly Line[], columns: readonly Line[]): Line[] | undefined {
  const runs = header.flatMap((line) => line.runs).sort((p, q) => p.left - q.left)
  if (runs.some((run) => isFigure(run.text))) return undefined
  const groups = columns.map(() => [] as TextRun[])
  for (const run of runs) {
    let column = columns.length - 1
    while (column > 0 && run.left < (columns[column] as Line).left - HEADED_ALIGN) column--
    ;(groups[column] as TextRun[]).push(run)
  }
  if (groups.some((group) => group.length === 0)) return undefined
  const lines = groups.map((group) => makeLine(group))
  const leftAligned = lines.every(
    (line, c) => Math.abs(line.left - (columns[c] as Line).left) <= HEADED_ALIGN,
  )
  const rightAligned = lines.every(
    (line, c) => Math.abs(line.right - (columns[c] as Line).right) <= HEADED_ALIGN,
  )
  if (!leftAligned && !rightAligned) return undefined
  // A label reaching into the next column is a line of text, not a header.
  const crosses = lines.some((line, c) => {
    const next = columns[c + 1]
    return next !== undefined && line.right > next.left + HEADED_ALIGN
  })
  if (crosses || lines.some((line) => line.text.length > HEADED_MAX_CHARS)) return undefined
  return lines
}

/** A region of text that lines up like a table. */
interface BorderlessRegion {
  lines: Line[]
  /** Where the header row ends, when a title's first line stands above it (see titleAbove). */
  headerBottom?: number
}

/**
 * Regions of the page's text that line up like a table: consecutive rows of two or more
 * separate pieces of text, close together, with at most one single-piece row between them (not
 * one set larger: a heading).
 */
function borderlessRegions(lines: readonly Line[]): BorderlessRegion[] {
  const rows = groupRows(lines)
  const cellRows = new Set(rows.filter((_, k) => isCellRow(rows, k)))
  const regions: BorderlessRegion[] = []
  let current: Line[][] = []
  let singles = 0
  let lead: Line[] | undefined
  const flush = () => {
    while (current.length > 0 && !endsTable(current, cellRows)) current.pop()
    if (current.filter((row) => cellRows.has(row)).length >= BORDERLESS_MIN_ROWS) {
      regions.push(
        lead
          ? {
              lines: [...lead, ...current.flat()],
              headerBottom: extentOf(current[0] as Line[]).bottom,
            }
          : { lines: current.flat() },
      )
    }
    current = []
    singles = 0
    lead = undefined
  }
  for (const [k, row] of rows.entries()) {
    const previous = current[current.length - 1]
    const em = (row[0] as Line).fontSize
    const gap = previous ? (row[0] as Line).top - extentOf(previous).bottom : 0
    if (previous && gap > 2.5 * em) flush()
    if (cellRows.has(row)) {
      if (current.length === 0) {
        const candidate = rows[k - 1]
        lead =
          candidate && titleAbove(candidate, row, rows[k + 1], rows[k - 2]) ? candidate : undefined
      }
      current.push(row)
      singles = 0
    } else if (
      current.length > 0 &&
      (singles === 0 || wrapsOn(row, previous as Line[]) || wrapsInto(row, rows[k + 1])) &&
      !isHeadingBetweenTables(row, previous as Line[], rows[k + 1])
    ) {
      current.push(row)
      singles++
    } else {
      flush()
    }
  }
  flush()
  return regions
}

/**
 * Whether a region's last row may end its table: a row of cells, or the last line of the last
 * row's cell wrapped under it, going on mid-phrase ("Highest fifth of households, including" over
 * "those with income from self-employment"), where a note under a table opens a sentence.
 */
function endsTable(region: readonly Line[][], cellRows: ReadonlySet<Line[]>): boolean {
  for (let k = region.length - 1; k > 0; k--) {
    const row = region[k] as Line[]
    if (cellRows.has(row)) return true
    const above = region[k - 1] as Line[]
    const line = row[0] as Line
    if (!wrapsOn(row, above) || !above.some((cell) => goesOnBelow(cell, line))) return false
  }
  return region[0] !== undefined && cellRows.has(region[0])
}

/**
 * Whether a row of one piece is the first line of a label that wraps into the row below, whose
 * figures stand level with its next line ("Lowest fifth of households, including" over "those
 * receiving income-related 5,412 1,284"): a cell's lines centred on its row start above it.
 */
function wrapsInto(row: readonly Line[], below: readonly Line[] | undefined): boolean {
  const line = row[0] as Line
  return (
    row.length === 1 &&
    below !== undefined &&
    below.length >= 2 &&
    below.some((piece) => goesOnInCell(line, piece))
  )
}

/**
 * Whether a row of one piece is the next line of a cell of the row above, wrapped: it starts
 * where a piece of that row starts, right under it ("Riverside Community / Clinic and Outreach /
 * Centre", or a label's lines over the figures set level with its last).
 */
function wrapsOn(row: readonly Line[], above: readonly Line[]): boolean {
  const piece = row[0] as Line
  const em = piece.fontSize
  return (
    row.length === 1 &&
    above.some(
      (other) =>
        Math.abs(other.left - piece.left) < 0.5 * em &&
        piece.top - other.bottom <= WRAPPED_GAP_EM * em,
    )
  )
}

/**
 * Whether a row of the page holds two cells or more: pieces of text apart, or a line whose words
 * stand a column's gap apart where a cell of the row above or below starts too (the label and
 * figures of a table's row, read as one line where the rows around them leave no gutter).
 */
function isCellRow(rows: readonly Line[][], k: number): boolean {
  const row = rows[k] as Line[]
  if (row.length >= 2) return true
  const line = row[0] as Line
  return [rows[k - 1], rows[k + 1]].some((other) =>
    other?.some((piece) => sharesCellStart(line, piece)),
  )
}

/** A piece this many times the size of another on its row is a title, not a cell beside it. */
const TITLE_BESIDE_RATIO = 1.6

/**
 * Whether a row's pieces are of very different sizes: a title level with text beside it (an
 * invoice's "INVOICE" beside its date), which no row of cells is.
 */
function isTitleBesideText(row: readonly Line[]): boolean {
  let smallest = Number.POSITIVE_INFINITY
  let largest = 0
  for (const piece of row) {
    smallest = Math.min(smallest, piece.fontSize)
    largest = Math.max(largest, piece.fontSize)
  }
  return largest >= TITLE_BESIDE_RATIO * smallest
}

/**
 * Whether a lone line between two rows of the same columns is a heading between two tables
 * (a datasheet's "Mechanical" between its "Electrical" and "Mechanical" key-value tables): it is
 * set larger than the rows, and the row after it starts its pieces where the row before it does.
 */
function isHeadingBetweenTables(
  row: readonly Line[],
  before: readonly Line[],
  after: readonly Line[] | undefined,
): boolean {
  const line = row[0] as Line
  if (row.length !== 1 || after === undefined || after.length !== before.length) return false
  if (line.fontSize < HEADING_SIZE_RATIO * medianFontSize(before)) return false
  return after.every((piece, i) => Math.abs(piece.left - (before[i] as Line).left) < line.fontSize)
}

/**
 * Whether a lone line stands on a table's first row as the first line of one title wrapped
 * upward from the foot of its cell ("Visits per" over "week"): it hugs the row as a wrapped
 * line does, stands over that title and no other, and is words that end no sentence. Nothing
 * hugs it from above: the last line of a caption wrapped over the table is no title. Where the
 * titles stand centred on the header, their lines interleave, and the title under the line may
 * go on in the row after the first (`next`).
 */
function titleAbove(
  lead: readonly Line[],
  head: readonly Line[],
  next: readonly Line[] | undefined,
  above: readonly Line[] | undefined,
): boolean {
  const line = lead[0] as Line
  if (lead.length !== 1 || isFigure(line.text) || /[.:;]$/.test(line.text)) return false
  if (gapInEms(lead, head) > WRAPPED_GAP_EM) return false
  if (above && gapInEms(above, lead) <= WRAPPED_GAP_EM) return false
  const interleaved =
    next !== undefined &&
    (next[0] as Line).baseline - (head[0] as Line).baseline < INTERLEAVED_EMS * line.fontSize
      ? next
      : []
  const under = [...head, ...interleaved].filter(
    (cell) => cell.left < line.right && cell.right > line.left,
  )
  return under.length === 1
}

/**
 * Leading rows that are column headers: text without figures above rows that have them, all
 * rows reached by a header cell's row span included.
 */
function headerRowsOf(cells: readonly TableCell[], rows: number): number {
  if (rows < 2) return 0
  const first = cells.filter((cell) => cell.row === 0 && cell.text.length > 0)
  if (first.length === 0) return 0
  if (first.some((cell) => isFigure(cell.text))) return 0
  const span = Math.max(...first.map((cell) => cell.rowSpan))
  return Math.min(rows - 1, span)
}

/** The block that stands for a table in the page's reading order; its lines are the cells' text. */
function tableBlock(table: Table, lines: readonly Line[], evidence: number): Block {
  const [left, top, right, bottom] = table.bbox
  return {
    lines: [...lines],
    page: table.page,
    left,
    top,
    right,
    bottom,
    fontSize: medianFontSize(lines),
    fontId: lines[0]?.fontId ?? '',
    bold: false,
    italic: false,
    monospace: false,
    kind: 'table',
    table,
    tableEvidence: evidence,
  }
}
