import { extentOf, gapInEms, medianFontSize } from './extent.js'
import { isFigure } from './figure.js'
import { joinsUnspaced } from './join-lines.js'
import { isJustifiedSpace, makeLine } from './lines.js'
import type { Line, TextRun } from './types.js'
import {
  CELL_LINE_PITCH_EMS,
  goesOnBelow,
  goesOnInCell,
  INTERLEAVED_EMS,
} from './wrapped-labels.js'

/** A gap between columns is at least this many font sizes wide. */
const GUTTER_EM = 0.5
/** Inside a table, a gap this many font sizes wide separates two cells... */
const CELL_GAP_EM = 0.8
/** ...where a word space is about this many. */
const WORD_SPACE_EM = 0.25

/**
 * Cuts a table's text into cell pieces: runs on one baseline, split wherever the gap between
 * neighbours is wider than a word space. Inside a table this is safe: a wide gap in a cell's
 * text would be a typesetting accident, and the column detection below joins pieces again when
 * no gutter runs between them.
 */
export function cellPieces(runs: readonly TextRun[]): Line[] {
  const sorted = [...runs].sort((p, q) => p.baseline - q.baseline || p.left - q.left)
  const rows: TextRun[][] = []
  for (const run of sorted) {
    const row = rows[rows.length - 1]
    const anchor = row?.[0]
    if (row && anchor && Math.abs(run.baseline - anchor.baseline) <= 0.45 * anchor.fontSize) {
      row.push(run)
    } else {
      rows.push([run])
    }
  }
  const pieces: Line[] = []
  for (const row of rows) row.sort((p, q) => p.left - q.left)
  for (const [index, row] of rows.entries()) {
    let start = 0
    for (let i = 1; i <= row.length; i++) {
      const previous = row[i - 1] as TextRun
      const next = row[i]
      if (
        next &&
        (inkGap(previous, next) <= CELL_GAP_EM * Math.min(previous.fontSize, next.fontSize) ||
          // A justified line printed word by word is one piece, however far its words stand.
          isJustifiedSpace(rows, index, previous, next))
      ) {
        continue
      }
      const piece = makeLine(row.slice(start, i))
      // A cell ends where its ink does: a column title set flush left may start just past it.
      piece.right -= trailingSpace(previous)
      if (piece.text.length > 0) pieces.push(piece)
      start = i
    }
  }
  return pieces
}

/**
 * The gap between two runs' drawn text. A run's trailing space widens its box but draws nothing:
 * a spreadsheet's right-aligned figures ("12400 " then "12650") stand a cell gap apart, though
 * their boxes nearly touch.
 */
function inkGap(previous: TextRun, next: TextRun): number {
  return next.left - (previous.right - trailingSpace(previous))
}

/** The width of the spaces a run ends with: a word space each, at most its average character. */
function trailingSpace(run: TextRun): number {
  const trailing = run.text.length - run.text.trimEnd().length
  if (trailing === 0) return 0
  const average = (run.right - run.left) / run.text.length
  return trailing * Math.min(average, WORD_SPACE_EM * run.fontSize)
}

/** One cell of a grid found from text alignment. */
export interface AlignedCell {
  row: number
  column: number
  colSpan: number
  lines: Line[]
}

/** Rows (by baseline) and columns (by vertical strips no text crosses) of a set of lines. */
export interface AlignedGrid {
  rows: Line[][]
  /** Column extents, left to right. */
  columns: Array<{ left: number; right: number }>
  /** Non-empty cells, row-major. */
  cells: AlignedCell[]
}

/** Groups lines into rows: lines whose baselines lie within half a font size share a row. */
export function groupRows(lines: readonly Line[]): Line[][] {
  const sorted = [...lines].sort((p, q) => p.baseline - q.baseline || p.left - q.left)
  const rows: Line[][] = []
  for (const line of sorted) {
    const row = rows[rows.length - 1]
    const anchor = row?.[0]
    if (row && anchor && Math.abs(line.baseline - anchor.baseline) <= 0.5 * anchor.fontSize) {
      row.push(line)
    } else {
      rows.push([line])
    }
  }
  for (const row of rows) row.sort((p, q) => p.left - q.left)
  return rows
}

/**
 * Finds the columns of a table from its text: vertical strips that no row's text crosses (a
 * row may cross one when it spans columns, like a title or a group label, if most rows do not).
 * Rows ending above `headerRule` are titles set over a band's rules: they are no body rows for
 * that allowance to count.
 */
export function alignIntoGrid(
  lines: readonly Line[],
  headerRule = Number.NEGATIVE_INFINITY,
): AlignedGrid | undefined {
  if (lines.length === 0) return undefined
  const rows = groupRows(lines)
  const { left: minLeft, right: maxRight } = extentOf(lines)
  const em = medianFontSize(lines)
  const width = Math.ceil(maxRight - minLeft) + 1
  const coverage = new Uint16Array(width)
  // Rows with a single piece of text (titles, group labels, wrapped notes) may cross gutters.
  let multiRows = 0
  for (const row of rows) {
    if (row.length < 2) continue
    if (extentOf(row).bottom > headerRule + 1) multiRows++
    for (const line of row) {
      const from = Math.max(0, Math.floor(line.left - minLeft))
      const to = Math.min(width - 1, Math.ceil(line.right - minLeft))
      for (let x = from; x <= to; x++) coverage[x] = (coverage[x] as number) + 1
    }
  }
  if (multiRows === 0) return undefined
  // A header spanning several columns crosses their gutters: one row may, on a table of several.
  const tolerance = multiRows >= 4 ? Math.max(1, Math.floor(multiRows / 10)) : 0
  const columns: Array<{ left: number; right: number }> = []
  let start = -1
  let gapStart = -1
  for (let x = 0; x <= width; x++) {
    const filled = x < width && (coverage[x] as number) > tolerance
    if (filled && start === -1) {
      const previous = columns[columns.length - 1]
      // A narrow gap is a space between words of one column, not a gutter.
      if (previous && x - gapStart < GUTTER_EM * em) {
        columns.pop()
        start = previous.left - minLeft
      } else {
        start = x
      }
    }
    if (!filled && start !== -1) {
      columns.push({ left: minLeft + start, right: minLeft + x })
      start = -1
      gapStart = x
    }
  }
  if (columns.length < 2) return undefined

  const cells: AlignedCell[] = []
  rows.forEach((row, rowIndex) => {
    let last: AlignedCell | undefined
    for (const line of row.flatMap((piece) => splitAtGutters(piece, columns))) {
      let first = -1
      let end = -1
      columns.forEach((column, index) => {
        if (line.right > column.left && line.left < column.right) {
          if (first === -1) first = index
          end = index
        }
      })
      if (first === -1) first = end = nearestColumn(columns, line)
      if (last && last.column + last.colSpan - 1 >= first) {
        // Two pieces in one column: one cell's words split by a wide gap.
        last.lines.push(line)
        last.colSpan = Math.max(last.colSpan, end - last.column + 1)
        continue
      }
      last = { row: rowIndex, column: first, colSpan: end - first + 1, lines: [line] }
      cells.push(last)
    }
  })
  dropSpannedColumns(columns, cells)
  return { rows, columns, cells }
}

/** A space between two titles set close, over columns set flush right, in font sizes. */
const TITLES_APART_EM = 0.5

/**
 * Cuts a piece of text where it crosses a gutter between two of its runs, wider apart than words
 * are: the titles of two columns set flush right over their figures stand closer than a cell's
 * gap, and read as one piece ("(thousands)" and "spend (£)").
 */
function splitAtGutters(
  piece: Line,
  columns: ReadonlyArray<{ left: number; right: number }>,
): Line[] {
  const runs = piece.runs
  let start = 0
  const pieces: Line[] = []
  for (let i = 1; i < runs.length; i++) {
    const before = runs[i - 1] as TextRun
    const after = runs[i] as TextRun
    if (after.left - before.right < TITLES_APART_EM * piece.fontSize) continue
    const gutter = columns.some(
      (column, k) =>
        k + 1 < columns.length &&
        before.right <= column.right + 1 &&
        after.left >= column.right &&
        after.left < (columns[k + 1] as { left: number }).left + piece.fontSize,
    )
    if (!gutter) continue
    pieces.push(makeLine(runs.slice(start, i)))
    start = i
  }
  if (start === 0) return [piece]
  pieces.push(makeLine(runs.slice(start)))
  return pieces
}

/**
 * Joins a row to the one above when it only continues that row's cells: each of its cells
 * sits under a cell of the row above, one line below it. In the header (the rows above the
 * first figure) that is a wrapped column title; in the body the continuation must also read
 * as one (it starts in lower case), since a label alone under a row is often a row of its own.
 * Rows with a rule between them (`rules`, the y of each) stay apart.
 */
export function mergeWrappedRows(grid: AlignedGrid, rules: readonly number[] = []): AlignedGrid {
  const byRow = grid.rows.map(() => [] as AlignedCell[])
  for (const cell of grid.cells) (byRow[cell.row] as AlignedCell[]).push(cell)
  const firstFigureRow = byRow.findIndex((cells) =>
    cells.some((cell) => cell.lines.some((line) => isFigure(line.text))),
  )
  const rows: Line[][] = []
  const merged: AlignedCell[][] = []
  const { down: hangs, up: centredTails } = wrappedRowLinks(grid.rows, byRow, firstFigureRow)
  // Lines of labels set flush to the foot of their rows, waiting for their row's figures.
  let hanging: { lines: Line[]; cells: AlignedCell[] } = { lines: [], cells: [] }
  grid.rows.forEach((lines, index) => {
    if (hangs[index]) {
      hanging.lines.push(...lines)
      hanging.cells.push(...(byRow[index] as AlignedCell[]))
      return
    }
    const lead = hanging
    hanging = { lines: [], cells: [] }
    const row = [...lead.lines, ...lines]
    const cells = joinCells(lead.cells, byRow[index] as AlignedCell[])
    const above = merged[merged.length - 1]
    const header = index < firstFigureRow
    const rowAbove = rows[rows.length - 1]
    if (
      above &&
      rowAbove &&
      !ruledBetween(rowAbove, row, rules) &&
      (centredTails.has(index) || continuesRow(cells, above, row, rowAbove, header, grid.columns))
    ) {
      merged[merged.length - 1] = joinCells(above, cells)
      rowAbove.push(...row)
      return
    }
    rows.push([...row])
    merged.push(cells)
  })
  if (rows.length === grid.rows.length) return grid
  const cells = merged.flatMap((list, row) => list.map((cell) => ({ ...cell, row })))
  return { rows, columns: grid.columns, cells }
}

/**
 * The cells of a row with the lines of another row's cells joined in, those of `first` before
 * those of `then`, column by column. The cells are new ones: the grid passed in stays as it was.
 */
function joinCells(first: readonly AlignedCell[], then: readonly AlignedCell[]): AlignedCell[] {
  const byColumn = new Map<number, AlignedCell>()
  for (const cell of [...first, ...then]) {
    const joined = byColumn.get(cell.column)
    byColumn.set(
      cell.column,
      joined ? { ...joined, lines: [...joined.lines, ...cell.lines] } : cell,
    )
  }
  return [...byColumn.values()].sort((p, q) => p.column - q.column)
}

/**
 * Whether the figures of row `index` stand centred between two lines of their row's other
 * cells, as a word processor sets a row whose cells wrap: the rows above and below hold text
 * only, in columns the figures leave empty, each line below the next of a cell above.
 */
function centresOn(
  rows: readonly Line[][],
  byRow: readonly AlignedCell[][],
  index: number,
): boolean {
  const above = byRow[index - 1] as AlignedCell[]
  const middle = byRow[index] as AlignedCell[]
  const below = byRow[index + 1] as AlignedCell[]
  const figures = (cells: readonly AlignedCell[]) =>
    cells.some((cell) => cell.lines.some((line) => isFigure(line.text)))
  if (!figures(middle) || figures(above) || figures(below) || below.length === 0) return false
  if (above.some((cell) => cell.colSpan !== 1 || middle.some((m) => m.column === cell.column)))
    return false
  const top = Math.max(...(rows[index - 1] as Line[]).map((line) => line.baseline))
  const bottom = Math.min(...(rows[index + 1] as Line[]).map((line) => line.baseline))
  const level = (rows[index] as Line[])[0] as Line
  if (level.baseline <= top || level.baseline >= bottom) return false
  return below.every((cell) => {
    const over = above.find((other) => other.column === cell.column)
    const last = over?.lines[over.lines.length - 1]
    const next = cell.lines[0] as Line
    return last !== undefined && cell.colSpan === 1 && goesOnInCell(last, next)
  })
}

/**
 * Whether a row holds the first lines of titles wrapped upward: fewer cells than the row below,
 * each over a cell of it, in one column.
 */
function titlesOver(cells: readonly AlignedCell[], below: readonly AlignedCell[]): boolean {
  return (
    cells.length < below.length &&
    cells.every(
      (cell) =>
        cell.colSpan === 1 &&
        below.some((other) => other.column === cell.column && other.colSpan === 1),
    )
  )
}

/**
 * Which rows join the row under them and which the row over them, as rows of wrapped cells do
 * that are set flush to their row's foot or centred on it: `down` for a label's or a header
 * title's first lines, `up` for the last lines of cells centred on a row's figures.
 */
function wrappedRowLinks(
  rows: readonly Line[][],
  byRow: readonly AlignedCell[][],
  firstFigureRow: number,
): { down: boolean[]; up: Set<number> } {
  const down = hangingRows(rows, byRow)
  const up = new Set<number>()
  for (let index = 0; index + 1 < rows.length; index++) {
    // A header's titles wrapped upward, set flush to its foot, join the titles under them.
    if (
      index + 1 < firstFigureRow &&
      titlesOver(byRow[index] as AlignedCell[], byRow[index + 1] as AlignedCell[]) &&
      gapInEms(rows[index] as Line[], rows[index + 1] as Line[]) <= 0.6
    )
      down[index] = true
    // Figures centred between two lines of their row's wrapped cells.
    if (index > 0 && centresOn(rows, byRow, index)) {
      down[index - 1] = true
      up.add(index + 1)
    }
  }
  return { down, up }
}

/**
 * For each row, whether it is the first lines of a label whose row's figures stand level with its
 * last line, as statistical tables set them: a row of one cell, whose text goes on down its
 * column (goesOnBelow) at one pitch, closer than the row above, to a row of figures ("Lowest
 * fifth of households," over "including those receiving" over "income-related benefits  5,412").
 */
function hangingRows(rows: readonly Line[][], byRow: readonly AlignedCell[][]): boolean[] {
  const hangs = rows.map(() => false)
  const hasFigures = (index: number) =>
    (byRow[index] as AlignedCell[]).some((cell) => cell.lines.some((line) => isFigure(line.text)))
  for (let start = 0; start < rows.length; start++) {
    const first = byRow[start] as AlignedCell[]
    const [cell] = first
    if (first.length !== 1 || cell?.colSpan !== 1 || hasFigures(start)) continue
    const em = (cell.lines[0] as Line).fontSize
    let line = cell.lines[cell.lines.length - 1] as Line
    let pitch: number | undefined
    for (let index = start + 1; index < rows.length; index++) {
      const cells = byRow[index] as AlignedCell[]
      const below = cells.find((other) => other.column === cell.column)
      const next = below?.lines[0]
      if (below?.colSpan !== 1 || next === undefined || !goesOnBelow(line, next)) break
      const gap = next.baseline - line.baseline
      if (pitch !== undefined && Math.abs(gap - pitch) > 0.15 * em) break
      pitch = gap
      if (hasFigures(index)) {
        const before = rows[start - 1]
        const top = (cell.lines[0] as Line).baseline
        const gapAbove = before ? top - Math.max(...before.map((l) => l.baseline)) : Infinity
        // Where rows stand as close as a cell's lines, only a line that cannot go on from the
        // one above it in its column starts a row's label.
        const over = byRow[start - 1]?.find((other) => other.column === cell.column)
        const overLine = over?.lines[over.lines.length - 1]
        const opens = overLine !== undefined && !goesOnBelow(overLine, cell.lines[0] as Line)
        if (pitch < gapAbove - 0.15 * em || opens) hangs.fill(true, start, index)
        break
      }
      if (cells.length !== 1) break
      line = next
    }
  }
  return hangs
}

/**
 * Joins the rows above `rule` into one: the titles of a header set above a band's rules, each
 * broken over as many lines as it needs and set level with the others at the top or at the
 * foot. A title spanning columns is a group's, over a row of titles of its own, and keeps the
 * rows apart.
 */
export function mergeHeaderAbove(grid: AlignedGrid, rule: number): AlignedGrid {
  let count = 0
  while (count < grid.rows.length && extentOf(grid.rows[count] as Line[]).bottom <= rule + 1)
    count++
  if (count < 2 || count === grid.rows.length) return grid
  const header = grid.cells.filter((cell) => cell.row < count)
  if (header.some((cell) => cell.colSpan > 1)) return grid
  const byColumn = new Map<number, AlignedCell>()
  for (const cell of header) {
    const joined = byColumn.get(cell.column)
    if (joined) joined.lines = [...joined.lines, ...cell.lines]
    else byColumn.set(cell.column, { ...cell, row: 0 })
  }
  const rest = grid.cells
    .filter((cell) => cell.row >= count)
    .map((cell) => ({ ...cell, row: cell.row - count + 1 }))
  return {
    rows: [grid.rows.slice(0, count).flat(), ...grid.rows.slice(count)],
    columns: grid.columns,
    cells: [...[...byColumn.values()].sort((p, q) => p.column - q.column), ...rest],
  }
}

/**
 * Joins the rows of a header over no rule into one, where its titles stand centred on the
 * header's middle, each broken over as many lines as it needs ("Mean / annual / spend (£)"
 * beside "Households / (thousands)"): their lines interleave, rows closer than a line apart, and
 * each column's lines stand at a line's pitch. A title spanning columns keeps the rows apart.
 */
export function mergeInterleavedHeader(grid: AlignedGrid): AlignedGrid {
  const count = grid.rows.findIndex((row) => row.some((line) => isFigure(line.text)))
  if (count < 2) return grid
  const baselines = grid.rows.slice(0, count).map((row) => (row[0] as Line).baseline)
  const em = ((grid.rows[0] as Line[])[0] as Line).fontSize
  if (!baselines.some((y, k) => k > 0 && y - (baselines[k - 1] as number) < INTERLEAVED_EMS * em))
    return grid
  const header = grid.cells.filter((cell) => cell.row < count)
  if (header.some((cell) => cell.colSpan > 1)) return grid
  const byColumn = new Map<number, Line[]>()
  for (const cell of header)
    byColumn.set(cell.column, [...(byColumn.get(cell.column) ?? []), ...cell.lines])
  for (const lines of byColumn.values()) {
    for (let k = 1; k < lines.length; k++) {
      const step = (lines[k] as Line).baseline - (lines[k - 1] as Line).baseline
      if (step > CELL_LINE_PITCH_EMS * (lines[k] as Line).fontSize) return grid
    }
  }
  return mergeHeaderAbove(
    grid,
    Math.max(...grid.rows.slice(0, count).map((row) => extentOf(row).bottom)),
  )
}

function ruledBetween(above: readonly Line[], below: readonly Line[], rules: readonly number[]) {
  if (rules.length === 0) return false
  let from = Number.NEGATIVE_INFINITY
  for (const line of above) if (line.baseline > from) from = line.baseline
  const to = extentOf(below).top
  return rules.some((y) => y > from && y < to + 1)
}

function continuesRow(
  cells: readonly AlignedCell[],
  above: readonly AlignedCell[],
  row: readonly Line[],
  rowAbove: readonly Line[],
  header: boolean,
  columns: AlignedGrid['columns'],
): boolean {
  if (cells.length === 0 || cells.length > above.length) return false
  if (gapInEms(rowAbove, row) > 0.6) return false
  return cells.every((cell) => {
    const over = above.find((other) => other.column === cell.column)
    if (over?.colSpan !== 1 || cell.colSpan !== 1) return false
    if (cell.lines.some((line) => isFigure(line.text))) return false
    if (header || /^\p{Ll}/u.test(cell.lines[0]?.text ?? '')) return true
    // A value that went on past its line's end in mid-phrase, or ran a sentence's worth of
    // words to its column's edge ("…, Leonard" over "Price, Ruth Abernathy"; "USB-" over "C"),
    // goes on in any case, under a row label left empty.
    const last = over.lines[over.lines.length - 1] as Line
    const edge = (columns[cell.column] as { right: number }).right
    return (
      cell.column > 0 &&
      !cells.some((other) => other.column === 0) &&
      (ENDS_MID_PHRASE.test(last.text) ||
        (last.right >= edge - last.fontSize &&
          last.text.split(' ').length >= WRAPPED_VALUE_MIN_WORDS))
    )
  })
}

/** A value line that runs to its column's edge holds this many words at least to wrap there. */
const WRAPPED_VALUE_MIN_WORDS = 5
/** A line that stops in mid-phrase: after a comma, a hyphen, a slash or an ampersand. */
const ENDS_MID_PHRASE = /[,\-\u2010/&]$/

/**
 * Removes the columns no cell holds alone: a gutter that only a wide header or a long entry
 * crossed, opening a column in which no row has anything of its own. The cells that spanned it
 * span one column fewer; the neighbour to its right (left, for the last) takes its width.
 */
function dropSpannedColumns(
  columns: Array<{ left: number; right: number }>,
  cells: AlignedCell[],
): void {
  for (let column = columns.length - 1; column >= 0 && columns.length > 2; column--) {
    if (cells.some((cell) => cell.column === column && cell.colSpan === 1)) continue
    for (const cell of cells) {
      if (cell.column > column) cell.column--
      else if (cell.column + cell.colSpan - 1 >= column) cell.colSpan--
    }
    const removed = columns[column] as { left: number; right: number }
    columns.splice(column, 1)
    const right = columns[column]
    if (right) right.left = removed.left
    else (columns[column - 1] as { left: number; right: number }).right = removed.right
  }
}

/** The column whose extent is closest to a piece of text that lies in no column. */
function nearestColumn(
  columns: ReadonlyArray<{ left: number; right: number }>,
  line: Line,
): number {
  const centre = (line.left + line.right) / 2
  let best = 0
  let distance = Number.POSITIVE_INFINITY
  columns.forEach((column, index) => {
    const d = Math.max(column.left - centre, centre - column.right, 0)
    if (d < distance) {
      distance = d
      best = index
    }
  })
  return best
}

/** The text of a cell: its lines top to bottom, then left to right. */
export function cellText(lines: readonly Line[]): string {
  // Most cells hold one line: no copy to sort.
  if (lines.length === 1) return (lines[0] as Line).text.trim()
  // Lines join with a space, as the published tables keep a cell's line breaks (a hyphen at a
  // line's end too), but not within Chinese or Japanese, which has no word spaces.
  let text = ''
  for (const line of [...lines].sort((p, q) => p.top - q.top || p.left - q.left)) {
    const piece = line.text.trim()
    if (piece === '') continue
    if (text === '') text = piece
    else if (joinsUnspaced(text[text.length - 1] ?? '', piece)) text += piece
    else text += ` ${piece}`
  }
  return text
}
