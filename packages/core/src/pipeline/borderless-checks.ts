import { type AlignedCell, type AlignedGrid, cellText } from './aligned-grid.js'
import { extentOf } from './extent.js'
import { isFigure } from './figure.js'
import { PAGES_AFTER_COMMA } from './index-entries.js'
import { isBullet, isItemMark, listMarker } from './list-markers.js'
import { PAGE_LABEL } from './page-label.js'
import type { Line } from './types.js'
import { goesOnInCell } from './wrapped-labels.js'

// Whether text that lines up in columns is a borderless table, or something else set in
// columns: prose, notes, a table of contents, a list with hanging indents, a chart's labels.

/** Text cells of a borderless table are short: longer ones are prose set in columns. */
const BORDERLESS_MAX_MEAN_CHARS = 28
/** A borderless table has at least this many rows of two or more cells. */
export const BORDERLESS_MIN_ROWS = 3

/** A borderless table must look like one: short cells in consistent columns, several rows. */
export function looksLikeBorderlessTable(grid: AlignedGrid): boolean {
  const multiRows = grid.rows.filter((row) => row.length >= 2).length
  const rows = grid.rows.length - wrappedLines(grid.rows)
  if (multiRows < BORDERLESS_MIN_ROWS || multiRows < 0.6 * rows) return false
  let chars = 0
  for (const cell of grid.cells)
    chars += cell.lines.reduce((sum, line) => sum + line.text.length, 0)
  if (chars / grid.cells.length > BORDERLESS_MAX_MEAN_CHARS) return false
  // Every column holds text in at least two rows: a lone aligned word is not a column.
  const perColumn = new Array<number>(grid.columns.length).fill(0)
  for (const cell of grid.cells) perColumn[cell.column] = (perColumn[cell.column] as number) + 1
  if (!perColumn.every((count) => count >= 2)) return false
  if (isSparse(grid)) return false
  return (
    !looksLikeAxis(grid) &&
    !looksLikeContents(grid) &&
    !looksLikeIndex(grid) &&
    !looksLikeFullLines(grid) &&
    !looksLikeProse(grid) &&
    !looksLikeRunningColumns(grid) &&
    !looksLikeList(grid) &&
    !looksLikeListsSideBySide(grid) &&
    !looksLikeStacksSideBySide(grid)
  )
}

/**
 * How many rows of one piece are a line of a wrapped cell, the next line of a piece one or two
 * rows up (a row of figures centred between them): they count as part of their row, not as rows
 * of one piece.
 */
function wrappedLines(rows: readonly Line[][]): number {
  let wrapped = 0
  rows.forEach((row, k) => {
    const piece = row[0] as Line
    if (row.length !== 1) return
    const continues = [rows[k - 1], rows[k - 2]].some((above) =>
      above?.some((line) => goesOnInCell(line, piece)),
    )
    if (continues) wrapped++
  })
  return wrapped
}

/** Cells of one row whose one-line texts stand further apart than this many ems are not level. */
const LEVEL_EM = 0.25
/** The share of rows, among those that tell, whose cells are not level that makes no table. */
const UNLEVEL_ROW_SHARE = 1 / 3

/**
 * Whether the rows of the grid are only lines of two stacks of text that fell together: an
 * invoice's address beside its details, each set at its own line pitch, so that the one-line
 * cells of a row stand at different heights. The cells of a table's row stand level, or are
 * centred on a cell that wraps.
 */
function looksLikeStacksSideBySide(grid: AlignedGrid): boolean {
  const byRow = new Map<number, Line[]>()
  for (const cell of grid.cells) {
    const [line] = cell.lines
    if (cell.lines.length !== 1 || line === undefined) continue
    byRow.set(cell.row, [...(byRow.get(cell.row) ?? []), line])
  }
  let judged = 0
  let unlevel = 0
  for (const lines of byRow.values()) {
    if (lines.length < 2) continue
    judged++
    const baselines = lines.map((line) => line.baseline)
    const em = Math.max(...lines.map((line) => line.fontSize))
    if (Math.max(...baselines) - Math.min(...baselines) > LEVEL_EM * em) unlevel++
  }
  return judged > 0 && unlevel >= UNLEVEL_ROW_SHARE * judged
}

/**
 * Every cell under the first row opens with a bullet: lists set side by side under their titles
 * (a slide's two columns of points), which a table's data never all do.
 */
function looksLikeListsSideBySide(grid: AlignedGrid): boolean {
  const body = grid.cells.filter((cell) => cell.row > 0)
  return (
    body.length > 0 &&
    body.every((cell) => {
      const marker = listMarker(cellText(cell.lines))
      return marker !== undefined && isBullet(marker)
    })
  )
}

/** Bullets or item numbers in a narrow first column: a list set with hanging indents. */
export function looksLikeList(grid: AlignedGrid): boolean {
  const first = grid.cells
    .filter((cell) => cell.column === 0 && cell.colSpan === 1)
    .map((cell) => cellText(cell.lines))
  return first.every(isItemMark)
}

/**
 * The tick labels of a chart's axes: every column a run of three numbers or more in equal steps
 * (0, 100, 200 beside 0, 10, 20). The columns of a table hold data, not scales.
 */
function looksLikeAxis(grid: AlignedGrid): boolean {
  for (let column = 0; column < grid.columns.length; column++) {
    const values: number[] = []
    for (const cell of grid.cells) {
      if (cell.column !== column) continue
      const text = cellText(cell.lines)
        .replace(/[\s,%$€£]/g, '')
        .replace('−', '-')
      if (!/^-?\d+(?:\.\d+)?$/.test(text)) return false
      values.push(Number(text))
    }
    if (values.length < 3) return false
    const step = (values[1] as number) - (values[0] as number)
    if (step === 0) return false
    for (let i = 2; i < values.length; i++) {
      const difference = (values[i] as number) - (values[i - 1] as number)
      if (Math.abs(difference - step) > 1e-6 * Math.abs(step)) return false
    }
  }
  return true
}

/** Chart labels line up too, but leave most of their grid empty. */
export function isSparse(grid: AlignedGrid): boolean {
  return grid.cells.length < 0.5 * grid.rows.length * grid.columns.length
}

/**
 * A wide column whose pieces nearly all fill its width is running text set in columns (notes,
 * a bibliography): table cells in a text column vary in length. Only pieces level with text in
 * other columns count: a line alone on its row is a wrapped label's, and fills its column as
 * every wrapped line does. A cell of several pieces apart is cells run together, no line. Nor is
 * a stub beside columns of figures running text, however its labels wrap.
 */
function looksLikeFullLines(grid: AlignedGrid): boolean {
  return grid.columns.some((column, index) => {
    const width = column.right - column.left
    if (width < 120 || (index === 0 && isStubBesideFigures(grid))) return false
    const pieces = grid.cells.filter(
      (cell) =>
        cell.column === index && cell.colSpan === 1 && (grid.rows[cell.row] as Line[]).length >= 2,
    )
    if (pieces.length < 4) return false
    const full = pieces.filter((cell) => {
      const { left, right } = extentOf(cell.lines)
      return cell.lines.length === 1 && right - left >= 0.85 * width
    })
    return full.length >= 0.7 * pieces.length
  })
}

/** Titles with ascending page numbers on the right: a table of contents, read as text. */
function looksLikeContents(grid: AlignedGrid): boolean {
  const last = grid.columns.length - 1
  const numbers = grid.cells
    .filter((cell) => cell.column === last)
    .map((cell) => cellText(cell.lines))
  if (numbers.length < 3 || !numbers.every((text) => PAGE_LABEL.test(text))) {
    return false
  }
  const pages = numbers.map(Number).filter((page) => !Number.isNaN(page))
  return pages.every((page, i) => i === 0 || page >= (pages[i - 1] as number))
}

/** Most cells of an index's columns give a term and then its pages. */
const INDEX_ENTRY_SHARE = 0.6

/**
 * An index set in columns: in every column most cells are a term and its pages after a comma
 * ("agriculture, 12, 57-63"), the rest letters over their entries or wrapped pages. Its columns
 * are read down, as text, not across as a table's rows.
 */
function looksLikeIndex(grid: AlignedGrid): boolean {
  const entries = new Array<number>(grid.columns.length).fill(0)
  const cells = new Array<number>(grid.columns.length).fill(0)
  for (const cell of grid.cells) {
    cells[cell.column] = (cells[cell.column] as number) + 1
    if (PAGES_AFTER_COMMA.test(cellText(cell.lines))) {
      entries[cell.column] = (entries[cell.column] as number) + 1
    }
  }
  return cells.every((count, column) => (entries[column] as number) >= INDEX_ENTRY_SHARE * count)
}

/**
 * Columns of running text: a column's pieces continue one another, the next row starting in
 * lower case after a row that did not end a sentence. As the first column, beside columns of
 * figures only, such a column is a table's stub, its labels wrapped over rows of their own.
 */
function looksLikeProse(grid: AlignedGrid): boolean {
  const byColumn = new Map<number, string[]>()
  for (const cell of grid.cells) {
    const texts = byColumn.get(cell.column) ?? []
    texts.push(cellText(cell.lines))
    byColumn.set(cell.column, texts)
  }
  const flows = (texts: readonly string[]) => {
    let flowing = 0
    for (let i = 1; i < texts.length; i++) {
      if (/[\p{L},;-]$/u.test(texts[i - 1] as string) && /^\p{Ll}/u.test(texts[i] as string))
        flowing++
    }
    return texts.length >= 3 && flowing >= 0.4 * (texts.length - 1)
  }
  const prose = [...byColumn].filter(([, texts]) => flows(texts)).map(([column]) => column)
  if (prose.length === 0) return false
  if (prose.length > 1 || prose[0] !== 0) return true
  return !isStubBesideFigures(grid)
}

/**
 * Whether every column but the first is a column of figures from the first row of figures down,
 * whatever the titles over them: the first column is the table's stub.
 */
function isStubBesideFigures(grid: AlignedGrid): boolean {
  const body = grid.rows.findIndex((row) => row.some((line) => isFigure(line.text)))
  if (body === -1) return false
  const byColumn = grid.columns.map(() => [] as string[])
  for (const cell of grid.cells)
    if (cell.row >= body) byColumn[cell.column]?.push(cellText(cell.lines))
  return byColumn.every((texts, column) => column === 0 || isFigureColumn(texts))
}

/** Figures are at least this share of a column of figures' cells. */
const FIGURE_COLUMN_SHARE = 0.6

/** A column of figures under its title, however many lines that title is broken over. */
function isFigureColumn(texts: readonly string[]): boolean {
  return texts.filter(isFigure).length >= Math.max(2, FIGURE_COLUMN_SHARE * texts.length)
}

/** Words (in lower case, at least in part) a line needs to be read as a line of running text. */
const RUNNING_LINE_WORDS = 4

/**
 * Two columns of running text side by side (notes set in two columns, a page's two text
 * columns): on one row, two cells each carry on the text of the cell above them, which filled
 * its column's measure without ending a sentence. A table's cells wrap too, but one at a time,
 * onto rows of their own.
 */
function looksLikeRunningColumns(grid: AlignedGrid): boolean {
  const at = new Map<number, AlignedCell>()
  const measure = new Map<number, number>()
  for (const cell of grid.cells) {
    if (cell.colSpan !== 1) continue
    at.set(cell.row * grid.columns.length + cell.column, cell)
    const right = extentOf(cell.lines).right
    measure.set(cell.column, Math.max(measure.get(cell.column) ?? right, right))
  }
  const continues = (cell: AlignedCell) => {
    const above = at.get((cell.row - 1) * grid.columns.length + cell.column)
    if (!above) return false
    const own = cellText(cell.lines)
    if (own === '' || isFigure(own)) return false
    const text = cellText(above.lines)
    const words = text.split(/\s+/).filter((word) => /\p{Ll}/u.test(word))
    if (words.length < RUNNING_LINE_WORDS || /[.!?:;]$/.test(text)) return false
    const { em, right } = extentOf(above.lines)
    return right >= (measure.get(cell.column) as number) - 0.5 * em
  }
  const perRow = new Map<number, number>()
  for (const cell of at.values()) {
    if (cell.row > 0 && continues(cell)) perRow.set(cell.row, (perRow.get(cell.row) ?? 0) + 1)
  }
  return [...perRow.values()].some((count) => count >= 2)
}
