import { cellText } from './aligned-grid.js'
import { LEADER, newBlock, withLines } from './blocks.js'
import { disjointSets } from './disjoint-sets.js'
import { type Extent, extentOf, middleWithin } from './extent.js'
import { isQuantity } from './figure.js'
import { joinLines, type Spellings } from './join-lines.js'
import { findLabelledTables } from './labelled-rows.js'
import { ROMAN_PAGE } from './page-label.js'
import type { Block, Line, TextRun } from './types.js'
import { countWords, wordsPerLine } from './words.js'
import { CELL_LINE_PITCH_EMS, goesOnBelow, INTERLEAVED_EMS } from './wrapped-labels.js'

/**
 * Lines of a table's cells are short: on the median, at most this many words with letters in
 * them (figures do not count). Running text has more, even in a narrow column.
 */
const CELL_MAX_WORDS = 3
/** A table has at least this many rows where lines of two of its blocks stand level. */
const MIN_ROWS = 3
/** Rows of at least this many cells side by side make a table of two rows. */
const WIDE_ROW_CELLS = 4
/** Cells of one column stand at most this many font sizes apart, one below the other. */
const STACK_GAP_EM = 1.5
/**
 * Cells of one column that start or end at one edge (within EDGE_ALIGN points) may stand this
 * far apart: a contents page sets space before each chapter's entries.
 */
const ALIGNED_STACK_GAP_EM = 3
const EDGE_ALIGN = 1
/** A heading's text is set at most this share of the heading's type size. */
const HEADING_SIZE_RATIO = 0.95
/** A one-line block links to a block level with it in type at most this much larger or smaller. */
const SINGLE_LINK_SIZE_RATIO = 1.2
/** A column of figures has at least this share of its lines without letters. */
const FIGURES_SHARE = 0.6
/** At least this share of a table's lines stand level with a line of another of its blocks. */
const LEVEL_SHARE = 0.8
/** Fewest words to a line, on average, of running text. */
const RUNNING_TEXT_WORDS = 5
/** The narrowest measure, in font sizes, of a column of running text. */
const TEXT_MEASURE_EMS = 20

interface Placed {
  line: Line
  block: number
}

/** A page's blocks with each table read across standing in as one block, and its rows. */
export interface LevelRows {
  blocks: Block[]
  /** The rows of each stand-in block, top to bottom. */
  rows: Map<Block, Block[]>
}

/**
 * Side-by-side blocks of short lines that stand level with each other are the columns of a
 * table the fast engine has no rulings for (a column of names beside columns of figures). Read
 * block by block, every column would come out whole before the next; read across, each row
 * comes out as one block, the way the table is read. Each such table's blocks are replaced by
 * one block that spans the table, to be placed in the reading order as a whole (a row with a
 * wrapped cell reaches down beside the next rows) and then read as its rows. Tables of running
 * text with row labels (findLabelledTables) are read across the same way.
 */
export function readLevelRows(blocks: readonly Block[], spellings?: Spellings): LevelRows {
  const found: LevelRows = { blocks: [...blocks], rows: new Map() }
  const candidates: number[] = []
  for (const [index, block] of blocks.entries()) {
    // Code beside its comments is left to the code blocks.
    if (block.kind === 'paragraph' && !block.monospace && hasShortLines(block)) {
      candidates.push(index)
    }
  }
  // A glossary's meanings, however wordy, are cells beside its column of acronyms.
  const acronyms = candidates.map((index) => blocks[index] as Block).filter(isAcronyms)
  if (acronyms.length > 0) {
    const short = new Set(candidates)
    for (const [index, block] of blocks.entries()) {
      if (block.kind !== 'paragraph' || short.has(index)) continue
      if (acronyms.some((column) => definesLineByLine(column, block))) candidates.push(index)
    }
  }
  const replaced = new Map<number, Block[]>()
  const standIn = (members: Iterable<number>, rowBlocks: Block[]) => {
    const whole = withLines(
      rowBlocks[0] as Block,
      rowBlocks.flatMap((row) => row.lines),
    )
    const all = [...members]
    found.rows.set(whole, rowBlocks)
    replaced.set(Math.min(...all), [whole])
    for (const index of all) if (!replaced.has(index)) replaced.set(index, [])
  }
  const rows = candidates.length < 2 ? [] : levelGroups(placedLines(candidates, blocks))
  const tables = linkedBlocks(rows, blocks)
    .flatMap((table) => titledGroups(table, blocks))
    .map((table) => withoutTextColumnBeside(table, blocks))
  // Every block goes to one table at most, even where tables' boxes overlap.
  const claimed = new Set(tables.flat())
  for (const table of tables) {
    const members = new Set(table)
    const tableRows = rows
      .map((row) => row.filter((entry) => members.has(entry.block)))
      .filter((row) => row.length > 0)
    let lines = 0
    let level = 0
    let across = 0
    let fewestCells = Number.POSITIVE_INFINITY
    for (const row of tableRows) {
      lines += row.length
      const first = (row[0] as Placed).block
      if (row.some((entry) => entry.block !== first)) {
        level += row.length
        across++
        fewestCells = Math.min(fewestCells, new Set(row.map((entry) => entry.block)).size)
      }
    }
    // A header row and one row under it are a table too when they are wide and each cell is one
    // line (a table's first row at the foot of a page); a header's cells broken over two lines
    // are no two rows.
    const oneLineCells = table.every((index) => (blocks[index] as Block).lines.length === 1)
    const minRows = fewestCells >= WIDE_ROW_CELLS && oneLineCells ? 2 : MIN_ROWS
    if (across < minRows || level < LEVEL_SHARE * lines) continue
    // Columns of names or terms alone are a list set in columns, read down each column, and so
    // are an index's columns of terms and pages; a table has a column of figures, or one of
    // values that each hold one beside a column of labels (an invoice's dates and references),
    // or one of a few categories repeated down rows of one line each (a drug beside its
    // schedule), which are then the table's rows as they stand.
    const columns = table.map((index) => blocks[index] as Block)
    const figured =
      columns.some(isFigures) ||
      columns.some(isAcronyms) ||
      (columns.some(isValues) && columns.some(isLabels))
    const categorised = !figured && columns.some(isCategories) && isOneLineRows(tableRows)
    if (!figured && !categorised) continue
    if (runsOnIntoProse(members, blocks)) continue
    const page = (blocks[table[0] as number] as Block).page
    if (categorised) {
      // Each row is one line of each column: none goes on into the next ("a-Endorphin").
      const rowBlocks = tableRows.map((row) => rowBlock([...row], page, spellings))
      for (const block of rowBlocks) block.listedLine = true
      standIn(members, rowBlocks)
      continue
    }
    // Cells too wordy to be candidates (a long column title) still belong to the table.
    const inside = enclosedBlocks(members, blocks, claimed)
    for (const index of inside) {
      members.add(index)
      claimed.add(index)
    }
    const cells = inside.length === 0 ? tableRows : levelGroups(placedLines([...members], blocks))
    standIn(
      members,
      anchoredRows(cells, members.size).map((row) => rowBlock(row, page, spellings)),
    )
  }
  for (const table of tightTables(rows, blocks, new Set(replaced.keys()))) {
    const page = (blocks[table.members[0] as number] as Block).page
    standIn(
      table.members,
      table.rows.map((row) => rowBlock(row, page, spellings)),
    )
  }
  for (const table of findLabelledTables(blocks, new Set(replaced.keys()))) {
    const members = table.flat()
    const page = (blocks[members[0] as number] as Block).page
    standIn(
      members,
      table.map((row) => rowBlock(placedLines(row, blocks), page, spellings)),
    )
  }
  if (replaced.size === 0) return found
  found.blocks = blocks.flatMap((block, index) => replaced.get(index) ?? [block])
  return found
}

/** Running text under a column, in its type, closer than this many font sizes continues it. */
const PROSE_RUN_ON_EMS = 1
/** A column standing this many font sizes right of the table's first is a column of the page. */
const PAGE_COLUMN_EMS = 8

/**
 * Whether a column of the would-be table, well right of its first, runs straight on into running
 * text in its own type, no further below than a line, the first column beside that text: the
 * blocks are pieces of two columns of a page that happen to stand level (a résumé's sidebar
 * beside its jobs, whose duties follow each job's dates), not a table, under which the page's
 * text runs across.
 */
function runsOnIntoProse(members: ReadonlySet<number>, blocks: readonly Block[]): boolean {
  const left = Math.min(...[...members].map((index) => (blocks[index] as Block).left))
  const firstColumn = [...members]
    .map((index) => blocks[index] as Block)
    .filter((member) => member.left < left + 1)
  // Gathered once: the loop below meets every paragraph of the page for each member.
  const paragraphs = blocks.filter(
    (block, index) => block.kind === 'paragraph' && !members.has(index),
  )
  for (const index of members) {
    const member = blocks[index] as Block
    const em = member.fontSize
    // Text under the table's first column, or across it, is the page's text after a table.
    if (member.left < left + PAGE_COLUMN_EMS * em) continue
    for (const block of paragraphs) {
      const gap = block.top - member.bottom
      if (gap < -1 || gap > PROSE_RUN_ON_EMS * em) continue
      if (Math.abs(block.left - member.left) > em || Math.abs(block.fontSize - em) > 0.1 * em)
        continue
      if (isParagraphOfText(block) && !spansRows(block, firstColumn)) return true
    }
  }
  return false
}

/**
 * Whether the lines of a block stand level with two rows or more of the table's first column: a
 * column of wordy cells, each wrapped onto lines of its own ("Visits to schools and community
 * groups in the three / pilot districts, including transport" beside "Outreach", then "Courses
 * for volunteers" beside "Training"), not a paragraph beside a row or two.
 */
function spansRows(block: Block, firstColumn: readonly Block[]): boolean {
  let rows = 0
  for (const line of block.lines) {
    const level = firstColumn.some((cell) =>
      cell.lines.some((other) => Math.abs(other.baseline - line.baseline) < 0.4 * line.fontSize),
    )
    if (level && ++rows >= 2) return true
  }
  return false
}

/** Font sizes between a block and the running text over or under it in one column, at most. */
const COLUMN_NEIGHBOUR_EMS = 2

/**
 * A table's blocks without those that stand in a column of running text beside the table: a
 * heading of the page's other column, level with a row ("5.5 Lipid Elevations" beside "Upper
 * respiratory infections 19.2"), has a paragraph right over or under it, beside the table's rows,
 * that keeps clear of the rest of the table.
 */
function withoutTextColumnBeside(table: number[], blocks: readonly Block[]): number[] {
  if (table.length < 3) return table
  return table.filter((index) => {
    const block = blocks[index] as Block
    let left = Number.POSITIVE_INFINITY
    let right = Number.NEGATIVE_INFINITY
    let top = Number.POSITIVE_INFINITY
    let bottom = Number.NEGATIVE_INFINITY
    for (const other of table) {
      if (other === index) continue
      const member = blocks[other] as Block
      left = Math.min(left, member.left)
      right = Math.max(right, member.right)
      top = Math.min(top, member.top)
      bottom = Math.max(bottom, member.bottom)
    }
    if (block.left < right && block.right > left) return true
    // The paragraph stands beside the table's rows, not over its head or under its foot.
    const reach = COLUMN_NEIGHBOUR_EMS * block.fontSize
    return !blocks.some(
      (text) =>
        text !== block &&
        text.left < block.right &&
        text.right > block.left &&
        (text.right <= left || text.left >= right) &&
        text.top < bottom &&
        text.bottom > top &&
        Math.max(text.top - block.bottom, block.top - text.bottom) < reach &&
        isParagraphOfText(text) &&
        !text.lines.some((line) => LEADER.test(line.text)),
    )
  })
}

/**
 * Lines of several words each, wrapped over a measure wider than a table's cells: a paragraph of
 * a page's column of text.
 */
function isParagraphOfText(block: Block): boolean {
  if (block.lines.length < 2 || block.right - block.left < TEXT_MEASURE_EMS * block.fontSize)
    return false
  return wordsPerLine(block) >= RUNNING_TEXT_WORDS
}

/** The lines of some blocks, by baseline. */
function placedLines(indexes: readonly number[], blocks: readonly Block[]): Placed[] {
  const placed: Placed[] = []
  for (const index of indexes) {
    for (const line of (blocks[index] as Block).lines) placed.push({ line, block: index })
  }
  return placed.sort((p, q) => p.line.baseline - q.line.baseline)
}

/** A cell title that reaches out of the table's box has at most this many lines. */
const TITLE_MAX_LINES = 2

/**
 * Unclaimed blocks of running text whose middle lies within the table's box, and short ones that
 * start within it at the height of its rows: the last column's title reaches past the figures
 * under it ("Enterococci (cfu/100 ml)" over "140"). So do short ones that end on the table's
 * first row: a title set at the foot of its header cell, wrapped upward ("Visits per / week").
 */
function enclosedBlocks(
  table: ReadonlySet<number>,
  blocks: readonly Block[],
  claimed: ReadonlySet<number>,
): number[] {
  const members = [...table].map((index) => blocks[index] as Block)
  const box = extentOf(members)
  let firstBaseline = Number.POSITIVE_INFINITY
  for (const member of members) {
    firstBaseline = Math.min(firstBaseline, (member.lines[0] as Line).baseline)
  }
  const enclosed: number[] = []
  const above: number[] = []
  let baselines: number[] | undefined
  for (const [index, block] of blocks.entries()) {
    if (block.kind !== 'paragraph' || claimed.has(index)) continue
    baselines ??= members.flatMap((member) => member.lines.map((line) => line.baseline))
    if (
      middleWithin(block, box) ||
      startsWithin(block, box) ||
      endsOnFirstRow(block, box, firstBaseline) ||
      wrapsFromRow(block, box, baselines)
    ) {
      enclosed.push(index)
    } else if (standsOnTop(block, box)) {
      above.push(index)
    }
  }
  return [...enclosed, ...titleRow(above, blocks, box)]
}

/** A short block just above the table, within its width. */
function standsOnTop(block: Block, box: Omit<Extent, 'em'>): boolean {
  return (
    block.lines.length <= TITLE_MAX_LINES &&
    block.bottom <= box.top &&
    box.top - block.bottom <= STACK_GAP_EM * block.fontSize &&
    block.left >= box.left - 1 &&
    block.right <= box.right + block.fontSize
  )
}

/**
 * The blocks of `above` that make the table's row of titles: two or more that stand level, the
 * first at the table's left edge. Titles set close together read as one line too wordy to be a
 * cell ("Altitude (m) Visits per week Lead"), which links to no column; a caption above the
 * table stands alone.
 */
function titleRow(above: readonly number[], blocks: readonly Block[], box: Omit<Extent, 'em'>) {
  const level = above.filter((index) =>
    above.some((other) => other !== index && standLevel(blocks[index], blocks[other])),
  )
  const left = Math.min(...level.map((index) => (blocks[index] as Block).left))
  return left <= box.left + 1 ? level : []
}

function standLevel(a: Block | undefined, b: Block | undefined): boolean {
  if (!a || !b || !sideBySide(a, b)) return false
  return a.lines.some((line) =>
    b.lines.some((other) => Math.abs(line.baseline - other.baseline) < 0.4 * line.fontSize),
  )
}

function endsOnFirstRow(block: Block, box: Omit<Extent, 'em'>, firstBaseline: number): boolean {
  const last = block.lines[block.lines.length - 1] as Line
  return (
    block.lines.length <= TITLE_MAX_LINES &&
    block.left >= box.left &&
    block.left < box.right &&
    Math.abs(last.baseline - firstBaseline) < 0.4 * last.fontSize
  )
}

/**
 * A cell of a wordy column, wrapped over more lines than its row's other cells: its first line
 * stands level with a row of the table, and it starts within the table's width and ends within
 * its height ("Recruited the largest cohort and / ran the central laboratory for all / blood
 * samples" beside "Northfield General / Hospital").
 */
function wrapsFromRow(
  block: Block,
  box: Omit<Extent, 'em'>,
  baselines: readonly number[],
): boolean {
  const first = block.lines[0] as Line
  return (
    block.left >= box.left &&
    block.left < box.right &&
    block.top >= box.top &&
    block.bottom <= box.bottom + 0.5 * first.fontSize &&
    baselines.some((baseline) => Math.abs(baseline - first.baseline) < 0.4 * first.fontSize)
  )
}

function startsWithin(block: Block, box: Omit<Extent, 'em'>): boolean {
  const y = (block.top + block.bottom) / 2
  return (
    block.lines.length <= TITLE_MAX_LINES &&
    block.left >= box.left &&
    block.left < box.right &&
    y > box.top &&
    y < box.bottom
  )
}

/**
 * Whether the block's median line is short: more than half of its lines are. Every paragraph of
 * every page comes here, so the count stops as soon as either answer is certain.
 */
/**
 * Whether `meanings` stands right of a column of acronyms, each of its lines level with one of
 * theirs, one for one: a glossary set in two columns.
 */
function definesLineByLine(acronyms: Block, meanings: Block): boolean {
  if (meanings.left <= acronyms.right || meanings.lines.length !== acronyms.lines.length) {
    return false
  }
  return meanings.lines.every(
    (line, i) => Math.abs(line.baseline - (acronyms.lines[i] as Line).baseline) < LEVEL_POINTS,
  )
}

/** Lines of one row stand on baselines at most this many points apart. */
const LEVEL_POINTS = 2

function hasShortLines(block: Block): boolean {
  const needed = (block.lines.length >> 1) + 1
  const allowedLong = block.lines.length - needed
  let short = 0
  let long = 0
  for (const line of block.lines) {
    if (isShortLine(line.text)) {
      if (++short >= needed) return true
    } else if (++long > allowedLong) {
      return false
    }
  }
  return false
}

/** A column of figures: most lines are figures ("1,652", "-0.7%", "2014", "4.1 ms"). */
function isFigures(block: Block): boolean {
  let figures = 0
  for (const line of block.lines) if (isFigure(line)) figures++
  return figures >= FIGURES_SHARE * block.lines.length
}

/** A column of categories has at least this many lines... */
const CATEGORY_MIN_LINES = 4
/** ...and at most this share of them distinct. */
const CATEGORY_DISTINCT_SHARE = 0.5

/**
 * Whether a block's lines name a few categories over and over (a schedule, a status, "Yes" and
 * "No"): an attribute of the rows beside it, as no list set in columns repeats its entries.
 */
function isCategories(block: Block): boolean {
  const lines = block.lines.length
  if (lines < CATEGORY_MIN_LINES) return false
  const distinct = new Set(block.lines.map((line) => line.text.trim())).size
  return distinct <= CATEGORY_DISTINCT_SHARE * lines
}

/** An abbreviation: a short word of two capitals or more ("CAG", "VfM", "R&D"). */
const ACRONYM = /^(?=(?:[^\p{Lu}]*\p{Lu}){2})[\p{L}&.]{2,8}$/u
/** A short word of an abbreviations list that is capitalised but no acronym: "Ofgem", "Defra". */
const SHORT_NAME = /^\p{Lu}[\p{L}&.]{1,7}$/u
/** Share of a column of abbreviations that are acronyms, at least. */
const ACRONYM_SHARE = 2 / 3

/**
 * Whether a block's lines are abbreviations, a glossary's column beside the words they stand
 * for: each is read with its expansion, row by row. A few may be short names rather than
 * acronyms.
 */
function isAcronyms(block: Block): boolean {
  if (block.lines.length < MIN_ROWS) return false
  let acronyms = 0
  for (const line of block.lines) {
    const text = line.text.trim()
    if (ACRONYM.test(text)) acronyms++
    else if (!SHORT_NAME.test(text)) return false
  }
  return acronyms >= ACRONYM_SHARE * block.lines.length
}

/** Whether every line of a block holds a figure: dates, amounts, reference numbers. */
function isValues(block: Block): boolean {
  return block.lines.every((line) => /\d/.test(line.text))
}

/**
 * Whether no line of a block holds a figure: labels, names. A lone letter is none: it heads the
 * entries of an index's column under it, not a row level with it.
 */
function isLabels(block: Block): boolean {
  if (block.lines.length === 1 && /^\p{L}$/u.test((block.lines[0] as Line).text.trim())) {
    return false
  }
  return block.lines.every((line) => !/\d/.test(line.text))
}

/** A line without letters, a quantity with its unit, or a front matter's page number ("xiii"). */
function isFigure(line: Line): boolean {
  return !/\p{L}/u.test(line.text) || isQuantity(line.text) || ROMAN_PAGE.test(line.text.trim())
}

/** Two figures, apart, at the end of a line ("Rents 18.7 19.3 +3.2%"). */
const TWO_FIGURES_AT_END = /(?:^|\s)[-+−–(]?[$€£¥]?\d[\d.,]*%?\)?\s+[-+−–(]?[$€£¥]?\d[\d.,]*%?\)?$/u

/** How far (points) the labels of a tight table's rows, or their last figures, may stand apart. */
const TIGHT_ALIGN = 1

/**
 * Tables set so tightly that some rows read as one line ("Rents 18.7 19.3 +3.2%") while others
 * part at a wider gap ("Other" beside "3.8 4.0 +5.3%"). The block of the labels then holds whole
 * rows too and reaches over the figures of the parted rows, so no columns stand apart. Such a
 * table is three rows or more, one below the other, each ending in two figures or more (its
 * lines read left to right), its labels starting at one left edge and its figures ending at one
 * right edge; one row at least is parted, and its blocks hold no other lines.
 */
function tightTables(
  groups: readonly Placed[][],
  blocks: readonly Block[],
  taken: ReadonlySet<number>,
): Array<{ members: number[]; rows: Placed[][] }> {
  const tables: Array<{ members: number[]; rows: Placed[][] }> = []
  let run: Placed[][] = []
  // The group of lines just above the run's first row: its header, if it lines up with it.
  let above: Placed[] | undefined
  let previous: Placed[] | undefined
  const close = () => {
    const header = above && run.length > 0 && tightHeader(above, run[0] as Placed[], taken)
    if (header) run.unshift(header)
    const members = new Set(run.flat().map((entry) => entry.block))
    const lines = [...members].reduce(
      (sum, index) => sum + (blocks[index] as Block).lines.length,
      0,
    )
    if (
      run.length >= MIN_ROWS &&
      run.some((row) => row.length > 1) &&
      lines === run.reduce((sum, row) => sum + row.length, 0)
    ) {
      tables.push({ members: [...members], rows: run })
    }
    run = []
  }
  for (const group of groups) {
    const row = [...group].sort((p, q) => p.line.left - q.line.left)
    const text = row.map((entry) => entry.line.text).join(' ')
    if (
      row.some((entry) => taken.has(entry.block)) ||
      !TWO_FIGURES_AT_END.test(text) ||
      !row.every((entry) => isShortLine(entry.line.text))
    ) {
      close()
      previous = group
      continue
    }
    const first = run[0]
    const last = run[run.length - 1]
    if (first && last && !continuesTightRows(row, first, last)) close()
    if (run.length === 0) above = previous
    run.push(row)
    previous = group
  }
  close()
  return tables
}

/**
 * Whether a row of a tight table goes on its rows: its label starts where the first row's does,
 * its last figure ends where that row's does, and it stands close under the row above.
 */
function continuesTightRows(
  row: readonly Placed[],
  first: readonly Placed[],
  above: readonly Placed[],
): boolean {
  const label = (row[0] as Placed).line
  const last = (row[row.length - 1] as Placed).line
  const lowest = Math.max(...above.map((entry) => entry.line.bottom))
  return (
    Math.abs(label.left - (first[0] as Placed).line.left) <= TIGHT_ALIGN &&
    Math.abs(last.right - (first[first.length - 1] as Placed).line.right) <= TIGHT_ALIGN &&
    label.top - lowest <= STACK_GAP_EM * label.fontSize
  )
}

/**
 * The header of a tight table, from the group of lines level over its first row: the lines
 * within the row's width, column titles without figures, the first starting at the labels' edge
 * and the last ending at the figures', close above the row (LaTeX's booktabs "Dataset  Edges
 * LRU  Adaptive" over "Social 1.2M 18% 41%").
 */
function tightHeader(
  group: readonly Placed[],
  row: readonly Placed[],
  taken: ReadonlySet<number>,
): Placed[] | undefined {
  const left = (row[0] as Placed).line.left - TIGHT_ALIGN
  const right = (row[row.length - 1] as Placed).line.right + TIGHT_ALIGN
  const header = group
    .filter((entry) => entry.line.left >= left && entry.line.right <= right)
    .sort((p, q) => p.line.left - q.line.left)
  if (header.length === 0) return undefined
  if (header.some((entry) => taken.has(entry.block) || isFigure(entry.line))) return undefined
  if (!header.every((entry) => isShortLine(entry.line.text))) return undefined
  const lowest = Math.max(...header.map((entry) => entry.line.bottom))
  if ((row[0] as Placed).line.top <= lowest) return undefined
  return continuesTightRows(row, header, header) ? header : undefined
}

/** A word with a letter in it; figures and marks between such words do not count. */
const LETTER_WORD = /\S*\p{L}\S*/gu

function isShortLine(text: string): boolean {
  LETTER_WORD.lastIndex = 0
  let words = 0
  while (LETTER_WORD.exec(text) !== null) if (++words > CELL_MAX_WORDS) return false
  return true
}

/** Lines on one baseline, within a fraction of their size: the lines of one table row. */
function levelGroups(placed: readonly Placed[]): Placed[][] {
  const rows: Placed[][] = []
  for (const entry of placed) {
    const current = rows[rows.length - 1]
    const first = current?.[0]
    if (current && first && entry.line.baseline - first.line.baseline < 0.4 * entry.line.fontSize) {
      current.push(entry)
    } else {
      rows.push([entry])
    }
  }
  return rows
}

/** A group's title starts within this many font sizes of its column of labels. */
const GROUP_TITLE_ALIGN_EMS = 1

/**
 * A table's blocks split into the groups it sets side by side, each under a title of its own
 * and each opening with a column of labels (a data sheet's "Electrical" and "Mechanical" specs,
 * each label beside its value): such groups are read one after the other, each title, left out
 * of its group, over its rows. Level rows would read a row of one group across into the other.
 * One table when it has no such groups.
 */
function titledGroups(table: readonly number[], blocks: readonly Block[]): number[][] {
  const byLeft = [...table].sort((p, q) => (blocks[p] as Block).left - (blocks[q] as Block).left)
  let reach = Number.NEGATIVE_INFINITY
  for (let i = 1; i < byLeft.length; i++) {
    reach = Math.max(reach, (blocks[byLeft[i - 1] as number] as Block).right)
    // A cut is where no block of the table reaches over from the left.
    if ((blocks[byLeft[i] as number] as Block).left <= reach) continue
    const left = byLeft.slice(0, i)
    const right = byLeft.slice(i)
    const leftTitle = groupTitle(left, blocks)
    const rightTitle = groupTitle(right, blocks)
    if (leftTitle !== undefined && rightTitle !== undefined) {
      const rest = titledGroups(
        right.filter((index) => index !== rightTitle),
        blocks,
      )
      return [left.filter((index) => index !== leftTitle), ...rest]
    }
  }
  return [[...table]]
}

/**
 * The title of a group of a table's blocks, when it has one of its own: one line over all the
 * others, starting at the edge of their first column, which holds labels, with another column
 * beside it.
 */
function groupTitle(group: readonly number[], blocks: readonly Block[]): number | undefined {
  const title = group.reduce((top, index) =>
    (blocks[index] as Block).top < (blocks[top] as Block).top ? index : top,
  )
  const head = blocks[title] as Block
  const rest = group.filter((index) => index !== title).map((index) => blocks[index] as Block)
  if (head.lines.length !== 1 || rest.length < 2) return undefined
  if (rest.some((block) => block.top < head.bottom)) return undefined
  const first = rest.reduce((leftmost, block) => (block.left < leftmost.left ? block : leftmost))
  const titled =
    Math.abs(head.left - first.left) <= GROUP_TITLE_ALIGN_EMS * first.fontSize &&
    isLabels(first) &&
    rest.some((block) => block.left >= first.right)
  return titled ? title : undefined
}

/**
 * Blocks that stand level, side by side, at two or more rows (or at the one row of a one-line
 * cell) are linked, and so are such blocks stacked closely in one column; linked blocks make one
 * table. Returns each table's block indexes.
 */
function linkedBlocks(rows: readonly Placed[][], blocks: readonly Block[]): number[][] {
  const sets = disjointSets(blocks.length)
  const linkedSet = new Set<number>()
  const link = (a: number, b: number) => {
    linkedSet.add(a)
    linkedSet.add(b)
    sets.union(a, b)
  }
  // How many rows each pair of side-by-side blocks shares, keyed by `lower * count + higher`.
  const count = blocks.length
  const shared = new Map<number, number>()
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      for (let j = i + 1; j < row.length; j++) {
        const a = (row[i] as Placed).block
        const b = (row[j] as Placed).block
        if (a === b || !standApart(blocks[a] as Block, blocks[b] as Block)) continue
        const key = a < b ? a * count + b : b * count + a
        shared.set(key, (shared.get(key) ?? 0) + 1)
      }
    }
  }
  // Whether a block heads text is asked once per block, not once per pair it stands in, and of
  // the paragraphs of running text only: a page of figures has thousands of cells and none.
  const headings = new Map<number, boolean>()
  let paragraphs: Block[] | undefined
  const heads = (index: number) => {
    let answer = headings.get(index)
    if (answer === undefined) {
      paragraphs ??= blocks.filter((text) => text.kind === 'paragraph' && text.lines.length > 1)
      answer = headsText(blocks[index] as Block, paragraphs)
      headings.set(index, answer)
    }
    return answer
  }
  for (const [key, together] of shared) {
    const a = Math.floor(key / count)
    const b = key % count
    const first = blocks[a] as Block
    const second = blocks[b] as Block
    // A one-line block level with another links at that one row only in about its type size,
    // and only if no running text stands under it: a heading in the next column is no header
    // cell of the table, nor is a heading over its column's text beside a table.
    const ratio = first.fontSize / second.fontSize
    const single = () =>
      (first.lines.length === 1 || second.lines.length === 1) &&
      ratio < SINGLE_LINK_SIZE_RATIO &&
      ratio > 1 / SINGLE_LINK_SIZE_RATIO &&
      !heads(a) &&
      !heads(b)
    if (together < 2 && !single()) continue
    link(a, b)
  }
  // Cells of one column, stacked one below the other, join their rows into one table.
  const linked = [...linkedSet].sort((p, q) => (blocks[p] as Block).top - (blocks[q] as Block).top)
  for (let i = 0; i < linked.length; i++) {
    const a = linked[i] as number
    const upper = blocks[a] as Block
    for (let j = i + 1; j < linked.length; j++) {
      const b = linked[j] as number
      const lower = blocks[b] as Block
      const gap = lower.top - upper.bottom
      if (gap > ALIGNED_STACK_GAP_EM * upper.fontSize) break
      if (gap > STACK_GAP_EM * upper.fontSize && !edgeAligned(upper, lower)) continue
      if (lower.top >= upper.bottom - 1 && !sideBySide(upper, lower)) link(a, b)
    }
  }
  const tables = new Map<number, number[]>()
  for (const index of linkedSet) {
    const root = sets.find(index)
    const table = tables.get(root)
    if (table) table.push(index)
    else tables.set(root, [index])
  }
  return [...tables.values()].filter((table) => table.length > 1)
}

/**
 * Whether a one-line block stands just over one of `paragraphs` (of more than one line) in
 * smaller type that starts at its left: a heading over its text.
 */
function headsText(block: Block, paragraphs: readonly Block[]): boolean {
  if (block.lines.length > 1) return false
  const em = block.fontSize
  return paragraphs.some(
    (text) =>
      text.fontSize < HEADING_SIZE_RATIO * em &&
      text.top >= block.bottom - 1 &&
      text.top - block.bottom <= STACK_GAP_EM * em &&
      Math.abs(text.left - block.left) <= em &&
      !hasShortLines(text),
  )
}

/** Whether two blocks start, or end, at one edge: cells of one column. */
function edgeAligned(a: Block, b: Block): boolean {
  return Math.abs(a.left - b.left) <= EDGE_ALIGN || Math.abs(a.right - b.right) <= EDGE_ALIGN
}

function sideBySide(a: Block, b: Block): boolean {
  return a.right <= b.left || b.right <= a.left
}

/**
 * Whether two blocks stand side by side, or would without the first line of one: a header row
 * across the table, above the other block, that joined the block of the first column.
 */
function standApart(a: Block, b: Block): boolean {
  return sideBySide(a, b) || apartBelowHead(a, b) || apartBelowHead(b, a)
}

function apartBelowHead(a: Block, b: Block): boolean {
  const head = a.lines[0]
  if (head === undefined || a.lines.length < 2 || head.bottom > b.top) return false
  let left = Number.POSITIVE_INFINITY
  let right = Number.NEGATIVE_INFINITY
  for (let i = 1; i < a.lines.length; i++) {
    const line = a.lines[i] as Line
    left = Math.min(left, line.left)
    right = Math.max(right, line.right)
  }
  return right <= b.left || b.right <= left
}

/**
 * Where a table's rows start: at each line of figures (figures do not wrap). Any other line goes
 * on the row that holds its cell's line above (a wrapped label or title stays in its row), as do
 * the lines level with it; the rest start a row. Without rulings, a column of one-line labels
 * cannot be told from one wrapped label, so a row of text alone joins the row above, unless
 * every row holds one line of each of the table's `columns`: then no cell wraps (labels beside
 * their values, an invoice's dates and references).
 */
function anchoredRows(groups: readonly Placed[][], columns: number): Placed[][] {
  if (groups[0]?.length === columns && isOneLineRows(groups)) {
    return groups.map((group) => [...group])
  }
  const rows: Placed[][] = []
  const rowOfBlock = new Map<number, Placed[]>()
  const lastLine = new Map<number, Line>()
  // Lines of labels set flush to the foot of their rows, waiting for their row's figures.
  let hanging: Placed[] = []
  const open = (entries: Placed[]) => {
    rows.push(entries)
    for (const entry of entries) rowOfBlock.set(entry.block, entries)
  }
  const header = interleavedHeader(groups)
  if (header > 0) open(groups.slice(0, header).flat())
  const opensPaddedRow = paddedRowStarts(groups)
  for (const [g, group] of groups.entries()) {
    if (g < header) continue
    if (group.some((entry) => isFigure(entry.line))) {
      open([...hanging, ...group])
      hanging = []
    } else if (hanging.length === 0 && opensPaddedRow(g)) {
      open([...group])
    } else if (
      group.every((entry) => hanging.some((other) => other.block === entry.block)) ||
      hangsOverRow(groups, g, lastLine)
    ) {
      hanging.push(...group)
    } else {
      const fresh: Placed[] = []
      let joined: Placed[] | undefined
      for (const entry of group) {
        const row = rowOfBlock.get(entry.block)
        if (row) {
          row.push(entry)
          joined = row
        } else {
          fresh.push(entry)
        }
      }
      // New cells level with wrapped lines of a row are that row's late-starting cells.
      if (joined) for (const entry of fresh) joined.push(entry)
      else if (fresh.length > 0) open(fresh)
    }
    for (const entry of group) lastLine.set(entry.block, entry.line)
  }
  if (hanging.length > 0) open(hanging)
  return rows
}

/** A row stands apart from the row above by at least this many times a wrapped cell's pitch. */
const PADDED_ROW_PITCH = 1.15
/** A cell's wrapped lines stand at least this many font sizes apart. */
const MIN_WRAP_PITCH_EMS = 0.8
/** A row's first cell opens as a label does, a wrapped line goes on in lower case (or a URL). */
const STARTS_LABEL = /^[\p{Lu}\d]/u

/**
 * Which groups of lines start a row of their own in a table whose cells are padded, so that rows
 * stand further apart than a cell's wrapped lines (a browser's or a word processor's table): a
 * group with a line in the first column and one beside it, whose first-column line stands
 * further below the line above it in its cell's column than any cell's lines stand from each
 * other. A label wrapped alone, a value wrapped alone, or both wrapped at once stay in their
 * row. Where rows stand as close as wrapped lines, none can be told apart.
 */
function paddedRowStarts(groups: readonly Placed[][]): (index: number) => boolean {
  let left = Number.POSITIVE_INFINITY
  let wrapPitch = Number.POSITIVE_INFINITY
  // The baseline of the line above each group's in the same block, where it has one.
  const lineAbove = new Map<Placed, number>()
  const lastBaseline = new Map<number, number>()
  for (const group of groups) {
    for (const entry of group) {
      left = Math.min(left, entry.line.left)
      const above = lastBaseline.get(entry.block)
      if (above !== undefined) {
        lineAbove.set(entry, above)
        // Lines closer than a line's size are a script or a mark beside one, not a wrap.
        const pitch = entry.line.baseline - above
        if (pitch >= MIN_WRAP_PITCH_EMS * entry.line.fontSize)
          wrapPitch = Math.min(wrapPitch, pitch)
      }
      lastBaseline.set(entry.block, entry.line.baseline)
    }
  }
  return (index) => {
    const group = groups[index] as Placed[]
    const first = group.find((entry) => entry.line.left <= left + entry.line.fontSize)
    const above = first && lineAbove.get(first)
    return (
      above !== undefined &&
      first !== undefined &&
      STARTS_LABEL.test(first.line.text) &&
      group.some((entry) => entry.line.left >= first.line.right) &&
      first.line.baseline - above > PADDED_ROW_PITCH * wrapPitch
    )
  }
}

/**
 * How many groups of lines at the table's top are one header row whose titles stand centred on
 * its middle, broken over different numbers of lines ("Households / (thousands)" beside "Mean /
 * annual / spend (£)"): text only, each group less than a line below the one before. None when
 * the titles do not interleave.
 */
function interleavedHeader(groups: readonly Placed[][]): number {
  let count = 1
  while (count < groups.length) {
    const above = (groups[count - 1] as Placed[])[0] as Placed
    const group = groups[count] as Placed[]
    const step = (group[0] as Placed).line.baseline - above.line.baseline
    if (step >= INTERLEAVED_EMS * above.line.fontSize) break
    count++
  }
  const header = groups.slice(0, count).flat()
  return count >= 2 && !header.some((entry) => isFigure(entry.line)) ? count : 0
}

/** A wrapped cell's next line stands at most this many font sizes below its line. */
const WRAP_REACH_EMS = 3
/**
 * Whether a row of text alone opens a row of figures under it: each of its cells goes on down to
 * that row at one pitch, closer than to its own line above, alone in the rows between, and ends
 * there in text beside the figures, as a statistical table sets its figures level with the last
 * line of a wrapped label ("Lowest fifth of households," over "including those receiving" over
 * "income-related benefits  5,412  1,284"), or centred between two of its lines. A column's
 * title over its figures is no such cell.
 */
function hangsOverRow(
  groups: readonly Placed[][],
  index: number,
  lastLine: ReadonlyMap<number, Line>,
): boolean {
  const start = groups[index] as Placed[]
  const cells = new Set(start.map((entry) => entry.block))
  return start.every((entry) => {
    const em = entry.line.fontSize
    const above = lastLine.get(entry.block)
    let baseline = entry.line.baseline
    let pitch: number | undefined
    // Figures passed between two lines of the cell: they are centred on it.
    let centred = false
    for (let next = index + 1; next < groups.length; next++) {
      const group = groups[next] as Placed[]
      const below = group.find((other) => other.block === entry.block)
      if (below === undefined) {
        // A cell's next line stands within a line or two of it.
        if ((group[0] as Placed).line.baseline - baseline > WRAP_REACH_EMS * em) return false
        if (group.some((other) => isFigure(other.line))) centred = true
        continue
      }
      if (!goesOnBelow(entry.line, below.line)) return false
      const gap = below.line.baseline - baseline
      if (pitch === undefined) {
        // Where rows stand as close as a cell's lines, only a line that cannot go on from the
        // one above it starts a row's label.
        if (
          above !== undefined &&
          gap >= entry.line.baseline - above.baseline - 0.15 * em &&
          goesOnBelow(above, entry.line)
        )
          return false
        if (centred) return gap <= CELL_LINE_PITCH_EMS * em
        pitch = gap
      } else if (Math.abs(gap - pitch) > 0.15 * em) {
        return false
      }
      if (group.some((other) => isFigure(other.line))) return !isFigure(below.line)
      if (group.some((other) => !cells.has(other.block))) return false
      baseline = below.line.baseline
    }
    return false
  })
}

/** Whether every row holds one line of each of as many columns, each in a block of its own. */
function isOneLineRows(groups: readonly Placed[][]): boolean {
  const width = groups[0]?.length ?? 0
  return (
    width >= 2 && groups.every((group) => group.length === width && distinctBlocks(group) === width)
  )
}

function distinctBlocks(group: readonly Placed[]): number {
  return new Set(group.map((entry) => entry.block)).size
}

/** The text of each cell of a row read across, its lines joined as a table's cells join them. */
function cellTexts(row: readonly Placed[], spellings: Spellings | undefined): string[] {
  const texts: string[] = []
  let cell: Line[] = []
  for (const [i, { line, block }] of row.entries()) {
    cell.push(line)
    if (row[i + 1]?.block !== block) {
      texts.push(rowCellText(cell, spellings))
      cell = []
    }
  }
  return texts
}

/** Words on each but the last line of a cell that holds running text. */
const RUNNING_CELL_WORDS = 5

/**
 * The text of a row's cell: a table cell's (whose lines may be pieces of several), or, where it
 * holds running text, its lines top to bottom with a word broken at a line's end joined again (a
 * bibliography's entry beside its label, "prop-" over "erly").
 */
function rowCellText(cell: readonly Line[], spellings: Spellings | undefined): string {
  if (cell.length === 1) return cellText(cell)
  const lines = [...cell].sort((p, q) => p.top - q.top || p.left - q.left)
  const running = lines.slice(0, -1).every((line) => countWords(line.text) >= RUNNING_CELL_WORDS)
  return running
    ? joinLines(
        lines.map((line) => line.text),
        spellings,
      )
    : cellText(lines)
}

/** One row as a block of one line: its cells left to right, each cell's lines top to bottom. */
function rowBlock(row: Placed[], page: number, spellings: Spellings | undefined): Block {
  // A cell stands where its lines in this row stand (its block may reach further left below).
  const cellLeft = new Map<number, number>()
  for (const { line, block } of row) {
    cellLeft.set(block, Math.min(cellLeft.get(block) ?? line.left, line.left))
  }
  row.sort(
    (p, q) =>
      (cellLeft.get(p.block) as number) - (cellLeft.get(q.block) as number) ||
      p.block - q.block ||
      p.line.baseline - q.line.baseline,
  )
  // One line, so that line-wise tests (a contents entry ends in its page number) see the row.
  const lines = row.map((entry) => entry.line)
  let main = lines[0] as Line
  let baseline = main.baseline
  for (const line of lines) {
    if (line.text.length > main.text.length) main = line
    if (line.baseline < baseline) baseline = line.baseline
  }
  const { left, top, right, bottom } = extentOf(lines)
  // Gathered by a loop: flatMap was most of the cost of a statistics page's rows.
  const runs: TextRun[] = []
  for (const line of lines) for (const run of line.runs) runs.push(run)
  const block = newBlock(
    {
      ...main,
      runs,
      text: cellTexts(row, spellings).join(' '),
      left,
      top,
      right,
      bottom,
      baseline,
    },
    page,
  )
  block.standalone = true
  block.tableRow = true
  return block
}
