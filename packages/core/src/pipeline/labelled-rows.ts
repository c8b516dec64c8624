import { extentOf, middleWithin } from './extent.js'
import type { Block } from './types.js'

/** Cells of one row start on one baseline, within this share of their font size. */
const LEVEL_EM = 0.4
/** A row label has at most this many words. */
const LABEL_MAX_WORDS = 3
/** A table of prose cells has at least this many labelled rows... */
const MIN_LABELLED_ROWS = 2
/** ...and at least this many rows with its header. */
const MIN_ROWS = 3
/** A header row stands at most this many font sizes above the first labelled row. */
const HEADER_GAP_EM = 4

/** Side-by-side blocks whose first lines stand level: the cells of one row. */
interface Band {
  cells: number[]
  top: number
  bottom: number
  label?: number
}

/**
 * Tables whose cells are running text, with a column of row labels on the left: each label is
 * one short line set beside (often centred on) a row of wrapped cells whose first lines stand
 * level, and the rows' cells fall into the same columns; a row of one-line column titles may
 * stand above. Read block by block, every column would come out whole before the next; a table
 * is read row by row. Card grids and columns of articles have no such labels, and stay read
 * column by column.
 *
 * Returns each table as its rows of block indexes, top to bottom: a row's label first, then its
 * cells left to right. Blocks in `taken` already belong to another table.
 */
export function findLabelledTables(
  blocks: readonly Block[],
  taken: ReadonlySet<number>,
): number[][][] {
  const free: number[] = []
  for (const [index, block] of blocks.entries()) {
    if (block.kind === 'paragraph' && !block.monospace && !taken.has(index)) free.push(index)
  }
  const bands = levelBands(free, blocks)
  if (bands.length < MIN_LABELLED_ROWS) return []
  const inBands = new Set(bands.flatMap((band) => band.cells))
  const labels = new Set(free.filter((index) => !inBands.has(index) && isLabel(blocks[index])))
  for (const band of bands) {
    const label = rowLabel(band, labels, blocks)
    if (label !== undefined) {
      band.label = label
      labels.delete(label)
    } else if (isLabelOfPair(band, blocks)) {
      band.label = band.cells.shift() as number
    }
  }
  const tables: number[][][] = []
  let run: Band[] = []
  const close = (start: number) => {
    const table = run.length >= MIN_LABELLED_ROWS ? tableRows(run, bands, start, free, blocks) : []
    if (table.length >= MIN_ROWS) tables.push(table)
    run = []
  }
  const inRows = new Set(bands.flatMap((band) => [...band.cells, band.label ?? -1]))
  const outside = free.filter((index) => !inRows.has(index))
  for (const [index, band] of bands.entries()) {
    const last = run[run.length - 1]
    if (
      band.label === undefined ||
      (last && (!sameColumns(last, band, blocks) || partedBetween(last, band, outside, blocks)))
    ) {
      close(index - run.length)
    }
    if (band.label !== undefined) run.push(band)
  }
  close(bands.length - run.length)
  return tables
}

/**
 * Whether a block outside the rows stands between two of them and reaches back over the labels:
 * a heading between runs of rows (an itinerary's "Day 2 — Milan" between its days' times), where
 * a paragraph under a cell stands in the cell's column.
 */
function partedBetween(
  above: Band,
  below: Band,
  outside: readonly number[],
  blocks: readonly Block[],
): boolean {
  const label = blocks[above.label as number] as Block
  return outside.some((index) => {
    const block = blocks[index] as Block
    return block.top >= above.top && block.bottom <= below.top + 1 && block.left < label.right
  })
}

/** Groups of two or more side-by-side blocks whose first lines stand level, top to bottom. */
function levelBands(indexes: readonly number[], blocks: readonly Block[]): Band[] {
  const firstBaseline = (index: number) => blocks[index]?.lines[0]?.baseline ?? 0
  const sorted = indexes
    .filter((index) => (blocks[index]?.lines.length ?? 0) > 0)
    .sort((p, q) => firstBaseline(p) - firstBaseline(q))
  const groups: number[][] = []
  for (const index of sorted) {
    const group = groups[groups.length - 1]
    const first = group?.[0]
    const block = blocks[index] as Block
    if (group && first !== undefined) {
      if (firstBaseline(index) - firstBaseline(first) < LEVEL_EM * block.fontSize) {
        group.push(index)
        continue
      }
    }
    groups.push([index])
  }
  const bands: Band[] = []
  for (const group of groups) {
    if (group.length < 2) continue
    const cells = group.sort((p, q) => (blocks[p] as Block).left - (blocks[q] as Block).left)
    const apart = cells.every(
      (index, i) =>
        i === 0 || (blocks[cells[i - 1] as number] as Block).right <= (blocks[index] as Block).left,
    )
    if (!apart) continue
    const { top, bottom } = extentOf(cells.map((index) => blocks[index] as Block))
    bands.push({ cells, top, bottom })
  }
  return bands
}

/** The label cell of a pair stands on at most this many lines... */
const PAIR_LABEL_MAX_LINES = 2
/** ...and is at most this share as wide as the cell beside it. */
const PAIR_LABEL_WIDTH_SHARE = 0.75

/**
 * Whether a row of two cells is a label beside its text: the left cell a line or two, set
 * narrower than the wrapped text level with it (a manual's problem beside its solution, a term
 * beside its definition, a job's dates beside its duties).
 */
function isLabelOfPair(band: Band, blocks: readonly Block[]): boolean {
  if (band.cells.length !== 2) return false
  const label = blocks[band.cells[0] as number] as Block
  const text = blocks[band.cells[1] as number] as Block
  return (
    label.lines.length <= PAIR_LABEL_MAX_LINES &&
    label.lines.length < text.lines.length &&
    label.right - label.left <= PAIR_LABEL_WIDTH_SHARE * (text.right - text.left)
  )
}

function isLabel(block: Block | undefined): boolean {
  const line = block?.lines.length === 1 ? block.lines[0] : undefined
  return line !== undefined && line.text.trim().split(/\s+/).length <= LABEL_MAX_WORDS
}

/** The one label left of a row's cells whose middle lies within the row's height. */
function rowLabel(
  band: Band,
  labels: ReadonlySet<number>,
  blocks: readonly Block[],
): number | undefined {
  const cellsLeft = (blocks[band.cells[0] as number] as Block).left
  let found: number | undefined
  for (const index of labels) {
    const label = blocks[index] as Block
    const middle = (label.top + label.bottom) / 2
    if (label.right > cellsLeft || middle < band.top || middle > band.bottom) continue
    if (found !== undefined) return undefined
    found = index
  }
  return found
}

/** Rows with as many cells, each over the other row's cell in the same place. */
function sameColumns(upper: Band, lower: Band, blocks: readonly Block[]): boolean {
  if (upper.cells.length !== lower.cells.length || upper.bottom > lower.top) return false
  return upper.cells.every((index, i) => overlaps(blocks[index], blocks[lower.cells[i] as number]))
}

function overlaps(a: Block | undefined, b: Block | undefined): boolean {
  return a !== undefined && b !== undefined && Math.min(a.right, b.right) > Math.max(a.left, b.left)
}

/**
 * The rows of a table whose labelled rows are `run` (starting at `bands[start]`): a header row of
 * one-line titles over the columns just above it, then each labelled row with the blocks that
 * continue its cells below them (a cell of two paragraphs). Any other text within the table's box
 * means the layout is not this simple table: no rows.
 */
function tableRows(
  run: readonly Band[],
  bands: readonly Band[],
  start: number,
  free: readonly number[],
  blocks: readonly Block[],
): number[][] {
  const first = run[0] as Band
  const columns = first.cells.map((index) => blocks[index] as Block)
  const above = bands[start - 1]
  const header =
    above &&
    above.label === undefined &&
    above.bottom <= first.top &&
    first.top - above.bottom < HEADER_GAP_EM * (columns[0] as Block).fontSize &&
    above.cells.every((index) => {
      const title = blocks[index] as Block
      return (
        title.lines.length === 1 && columns.filter((column) => overlaps(column, title)).length === 1
      )
    })
      ? above
      : undefined
  const rows = run.map((band) => [band.label as number, ...band.cells])
  const members = new Set(rows.flat())
  const last = run[run.length - 1] as Band
  const box = {
    left: extentOf(rows.map((row) => blocks[row[0] as number] as Block)).left,
    right: extentOf(columns).right,
    top: (header ?? first).top,
    bottom: last.bottom,
  }
  for (const index of free) {
    if (members.has(index) || header?.cells.includes(index)) continue
    const block = blocks[index] as Block
    if (!middleWithin(block, box)) continue
    // A paragraph under a cell, before the next row starts, is more of that cell.
    const row = run.findIndex(
      (band, r) => block.top >= band.top && block.top < (run[r + 1]?.top ?? box.bottom),
    )
    const column = columns.filter((cell) => overlaps(cell, block))
    if (row === -1 || column.length !== 1) return []
    ;(rows[row] as number[]).push(index)
  }
  return header ? [header.cells, ...rows] : rows
}
