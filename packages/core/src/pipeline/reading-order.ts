import { extentOf, medianFontSize, standsBeside } from './extent.js'
import type { Spellings } from './join-lines.js'
import { readLevelRows } from './level-rows.js'
import { isBullet, listMarker } from './list-markers.js'
import { standsFarRightOf } from './row-fields.js'
import type { Block, Line } from './types.js'
import { countWords, wordsPerLine } from './words.js'

/** Blocks wider than this share of their region span columns (titles, figures, wide paragraphs). */
const WIDE_SHARE = 0.55
/** A column of text has most of its characters in lines at least this share of the region's width. */
const COLUMN_LINE_SHARE = 0.18
/** ... or in paragraphs of at least this many lines, ... */
const NARROW_PARAGRAPH_LINES = 4
/** ... at least this many ems wide: a newspaper's column is about 15, ... */
const TEXT_COLUMN_EMS = 10
/** ... of at least this many words a line on average, where a list of terms has one or two. */
const PARAGRAPH_LINE_WORDS = 4
/** A gutter may be crossed by blocks adding up to this share of the tallest column's height. */
const GUTTER_MAX_COVERAGE = 0.12
/**
 * A gutter is at least this many ems wide: LaTeX sets two columns 10 pt apart in 10 pt type,
 * which leaves 8 open points once blocks are measured on whole points, and a newspaper's 10 pt
 * apart in 9 pt type, less what microtype lets punctuation hang into them, about 5.
 */
const GUTTER_MIN_EM = 0.5
/** A column holds at least this many characters; less is a table column or a label. */
const COLUMN_MIN_CHARS = 120
/** A column where the pages before had theirs holds at least this many characters. */
const KNOWN_COLUMN_MIN_CHARS = 40
/** ... unless it is a list of at least this many items, ... */
const COLUMN_MIN_ITEMS = 3
/** ... which hold at least this share of its characters (a title over them may take the rest). */
const COLUMN_ITEM_SHARE = 0.6
/**
 * Beside a sidebar, fewer than this share of the text's lines stand level with the sidebar's: a
 * table's cells keep nearly all level, columns that share a line height only some of them.
 */
const SIDEBAR_MAX_LEVEL_SHARE = 0.7
/** ... unless most of the text's entries, at least this many, start level with none of the sidebar's. */
const SIDEBAR_MIN_ENTRIES = 3
/** A heading that divides columns is set at least this much larger than their text. */
const HEADING_SIZE_RATIO = 1.15
/** Lines under a leading row's block, centred on it, stand at most this many ems below it. */
const STACK_GAP_EMS = 1.5
/** A heading in a face of its own stands at most this many of its ems over the text it opens. */
const LEAD_IN_GAP_EMS = 1.5
/** A column's foot read with the full-width text under it holds at most this many blocks. */
const LEAD_IN_MAX_BLOCKS = 3
/** A stamp set sideways in the margin runs along at least this share of the text's height. */
const STAMP_MIN_SHARE = 0.3

export interface ReadingOrder {
  blocks: Block[]
  /** False when side-by-side blocks had to be ordered without a clear column structure. */
  clean: boolean
  /** The gutters between the page's columns, found across its whole text. */
  gutters: Gutter[]
}

/**
 * Orders the blocks of a page for reading: columns left to right, each top to bottom, with
 * blocks that span the columns (titles, full-width figures) read where they stand between them.
 * This is a recursive XY-cut that looks for gutters among narrow blocks only, so a spanning
 * title or a centred page number cannot hide the columns below it. The columns of a table found
 * in the text (readLevelRows) are read across, row by row, where the table stands.
 */
export function orderBlocks(
  page: readonly Block[],
  known: readonly Gutter[] = [],
  spellings?: Spellings,
): ReadingOrder {
  const state: OrderState = { clean: true, known, gutters: [] }
  // Text set sideways (a chart's axis title) is no cell of a row of level blocks.
  const sideways = page.filter((block) => block.sideways)
  const level = readLevelRows(
    sideways.length > 0 ? page.filter((block) => !block.sideways) : page,
    spellings,
  )
  const rows = level.rows
  const blocks = sideways.length > 0 ? [...level.blocks, ...sideways] : level.blocks
  const margin = blocks.filter((block) => isMarginStamp(block, blocks))
  const body = margin.length > 0 ? blocks.filter((block) => !margin.includes(block)) : blocks
  const head = topStrip(body)
  const rest = body.filter((block) => !head.includes(block))
  const stacks = stacksSideBySide(rest)
  const ordered = [...margin, ...head]
  if (stacks.length === 0) {
    ordered.push(...orderRegion(rest, state, 0))
  } else {
    // Whatever is not in the stacks stands wholly above them (the title) or below (the text).
    const inStacks = new Set(stacks)
    const top = Math.min(...stacks.map((block) => block.top))
    const above = rest.filter((block) => !inStacks.has(block) && block.bottom <= top)
    const below = rest.filter((block) => !inStacks.has(block) && block.bottom > top)
    ordered.push(...orderRegion(above, state, 0), ...stacks, ...orderRegion(below, state, 0))
  }
  return {
    blocks: rows.size > 0 ? ordered.flatMap((block) => rows.get(block) ?? [block]) : ordered,
    clean: state.clean,
    gutters: state.gutters,
  }
}

/** Stacks of blocks side by side that are read one after the other: at least this many... */
const MIN_STACKS = 2
/** ...at the head of the page, under this many blocks at most (a title, a running head)... */
const MAX_BLOCKS_ABOVE_STACKS = 3
/** ...each stack of this many blocks at most, ... */
const MAX_STACK_BLOCKS = 4
/** ...those under its head of this many lines at most (a department, a university, a city, a mail address). */
const STACK_BLOCK_MAX_LINES = 4

/**
 * Short blocks level with each other at the head of the page, each with more centred under it,
 * with nothing else beside them (a paper's authors, each over an affiliation and an address):
 * the stacks, left to right, each top to bottom, or none. Read by columns or by rows, the
 * authors' names would be read together, then their affiliations, or an author in the middle
 * would be read with a column.
 */
function stacksSideBySide(blocks: readonly Block[]): Block[] {
  const sorted = [...blocks].sort((p, q) => p.top - q.top)
  for (const [k, first] of sorted.entries()) {
    // Stacks stand under a title at most: past the page's first blocks there are none to find.
    if (k > MAX_BLOCKS_ABOVE_STACKS) break
    if (first.lines.length > 2) continue
    const row = sorted.filter(
      (block) =>
        block.lines.length <= 2 &&
        Math.min(block.bottom, first.bottom) - Math.max(block.top, first.top) > 0,
    )
    if (row.length < MIN_STACKS) continue
    row.sort((p, q) => p.left - q.left)
    if (row.some((block, i) => i > 0 && block.left < (row[i - 1] as Block).right)) continue
    const stacks = row.map((head) => [head])
    const taken = new Set(row)
    for (const block of sorted) {
      if (taken.has(block) || block.top < first.top) continue
      const stack = stacks.find((own) => centredUnder(block, own[0]))
      const last = stack?.[stack.length - 1]
      if (!stack || !last || block.top - last.bottom > STACK_GAP_EMS * block.fontSize) continue
      if (block.top < last.bottom || !isStackBlock(block)) continue
      stack.push(block)
      taken.add(block)
    }
    // A name over an affiliation and an address: a table's columns of cells run deeper.
    if (stacks.some((stack) => stack.length < 2 || stack.length > MAX_STACK_BLOCKS)) continue
    const top = Math.min(...row.map((block) => block.top))
    let bottom = Number.NEGATIVE_INFINITY
    for (const block of taken) bottom = Math.max(bottom, block.bottom)
    // Nothing else stands level with any of the stacks, and above them a title at most: a
    // table's columns further down, their cells centred under their titles, stay rows.
    if (blocks.some((block) => !taken.has(block) && block.bottom > top && block.top < bottom)) {
      continue
    }
    const above = blocks.filter((block) => block.bottom <= top)
    if (above.length > MAX_BLOCKS_ABOVE_STACKS || above.some((block) => block.lines.length > 3)) {
      return []
    }
    if (goesOnUnder(stacks, blocks, bottom)) return []
    return stacks.flat()
  }
  return []
}

/**
 * Whether a block may stand in an author's stack under the name: a line or two, or up to four
 * lines centred on one another (a department, a university, a city and a mail address), not a
 * note's lines set flush left.
 */
function isStackBlock(block: Block): boolean {
  if (block.lines.length <= 2) return true
  if (block.lines.length > STACK_BLOCK_MAX_LINES) return false
  const centre = (block.left + block.right) / 2
  const lefts = block.lines.map((line) => line.left)
  return (
    Math.max(...lefts) - Math.min(...lefts) > block.fontSize &&
    block.lines.every((line) => Math.abs((line.left + line.right) / 2 - centre) <= block.fontSize)
  )
}

/**
 * Whether the columns of `stacks` go on right under them, as a table's do: blocks under two of
 * them or more, each under one, start within a stack's spacing of their foot (`bottom`). A
 * block under two stacks at once is no cell of their columns (a paper's abstract under the
 * authors).
 */
function goesOnUnder(
  stacks: readonly Block[][],
  blocks: readonly Block[],
  bottom: number,
): boolean {
  const extents = stacks.map((stack) => extentOf(stack))
  const under = new Set<number>()
  for (const block of blocks) {
    if (block.top < bottom || block.top - bottom > STACK_GAP_EMS * block.fontSize) continue
    const over = extents.flatMap(({ left, right }, k) =>
      block.left < right && block.right > left ? [k] : [],
    )
    if (over.length === 1) under.add(over[0] as number)
  }
  return under.size >= 2
}

/** What ordering a page's regions learns and needs beyond the blocks. */
interface OrderState {
  clean: boolean
  /**
   * Gutters of the pages before: the last page of a paper sets two short columns (its last
   * references) that alone hold too little text to be told from a table's, but stand where the
   * paper's columns stood.
   */
  known: readonly Gutter[]
  /** The gutters found at the top of the page, for the pages after. */
  gutters: Gutter[]
}

/**
 * A line set sideways in the page's margin, beside all the text and along a good part of its
 * height (an arXiv identifier, a journal's stamp), is read before the page like a running head,
 * not inside the column it stands next to. A short credit beside a photo stays where it stands.
 */
function isMarginStamp(block: Block, blocks: readonly Block[]): boolean {
  if (!block.sideways) return false
  const height = block.bottom - block.top
  let leftOfAll = true
  let rightOfAll = true
  let top = block.top
  let bottom = block.bottom
  for (const other of blocks) {
    if (other === block) continue
    if (other.left < block.right) leftOfAll = false
    if (other.right > block.left) rightOfAll = false
    if (!leftOfAll && !rightOfAll) return false
    top = Math.min(top, other.top)
    bottom = Math.max(bottom, other.bottom)
  }
  return height >= STAMP_MIN_SHARE * (bottom - top)
}

/**
 * One-line blocks at the very top of the page that everything else lies below (a running head
 * beside its page number, a slide's title centred over its columns) are read first, before any
 * column.
 */
function topStrip(blocks: readonly Block[]): Block[] {
  const text = blocks.filter((block) => block.lines.length > 0)
  if (text.length < 3) return []
  const sorted = [...text].sort((p, q) => p.top - q.top)
  const first = sorted[0] as Block
  const row = sorted.filter(
    (block) => Math.min(block.bottom, first.bottom) - Math.max(block.top, first.top) > 0,
  )
  if (row.some((block) => block.lines.length > 1)) return []
  if (row.length === 1) {
    // Alone, it is a title: centred over the text below, not a column's first line.
    const { left, right } = extentOf(text)
    if (Math.abs(first.left + first.right - left - right) / 2 > first.fontSize) return []
  }
  const { bottom } = extentOf(row)
  if (sorted.some((block) => !row.includes(block) && block.top < bottom + 2)) return []
  if (row.length > 1 && row.every((head) => headsColumn(head, sorted))) return []
  return row.sort((p, q) => p.left - q.left)
}

/**
 * Whether a block at the top of the page starts the text under it at its left edge: a heading
 * over its own column (a brochure's panels), where a running head's page number has nothing
 * under it starting where it does.
 */
function headsColumn(head: Block, blocks: readonly Block[]): boolean {
  return blocks.some(
    (block) =>
      block.top >= head.bottom &&
      Math.abs(block.left - head.left) < 0.5 * head.fontSize &&
      block.lines.length > 1,
  )
}

export interface Gutter {
  left: number
  right: number
}

function orderRegion(
  blocks: Block[],
  state: OrderState,
  depth: number,
  band = false,
  below?: Block,
): Block[] {
  if (blocks.length < 2 || depth > 6) return orderRows(blocks, state)
  const { left: minLeft, right: maxRight } = extentOf(blocks)
  const width = maxRight - minLeft
  const narrow = blocks.filter((block) => block.right - block.left < WIDE_SHARE * width)
  const found = findGutters(narrow, minLeft, maxRight, state.known)
  if (depth === 0) state.gutters = found
  // Within a band, sides whose blocks stand level row by row are the columns of a table.
  const gutters = band ? found.filter((gutter) => !rowAligned(blocks, gutter)) : found
  if (gutters.length === 0) {
    const head = depth === 0 ? titleRows(blocks, state.known) : []
    if (head.length > 0) {
      const rest = blocks.filter((block) => !head.includes(block))
      return [...orderRows(head, state), ...orderRegion(rest, state, depth + 1)]
    }
    return orderBands(blocks, state, depth, minLeft, maxRight, below)
  }

  const crosses = (block: Block) =>
    gutters.some((gutter) => block.left < gutter.left && block.right > gutter.right)
  const narrowOnes = blocks.filter((block) => !crosses(block))
  const headingSize = HEADING_SIZE_RATIO * medianFontSize(narrowOnes)
  const divides = (block: Block) =>
    block.fontSize >= headingSize && dividesColumns(block, narrowOnes, gutters)
  const crossing = blocks.filter(crosses)
  // Text across the gutter with a column of its own beside it (a letter beside a sidebar, over a
  // story in two columns) is no part of these columns: the bands that full-width headings cut
  // the region into are read each with its own columns.
  if (
    !band &&
    crossing.some((block) => block.lines.length >= 3 && hasNeighbourBeside(block, narrowOnes))
  ) {
    const cuts = bandCuts(blocks, width)
    if (cuts.length > 0) return orderBands(blocks, state, depth, minLeft, maxRight, below)
  }
  // Blocks across a gutter with nothing of the columns above them (a paper's first author).
  const columnsTop = Math.min(...narrowOnes.map((block) => block.top))
  const topCrossing = crossing.filter((block) => block.top <= columnsTop + 1)
  const underColumns = [
    ...footOfGutters(narrowOnes, gutters),
    ...signOffUnderColumns(narrowOnes, gutters),
  ]
  const separators = blocks
    .filter(
      (block) =>
        crosses(block) ||
        divides(block) ||
        besideAny(block, topCrossing) ||
        endsRowOf(block, crossing) ||
        isCellBeside(block, crossing) ||
        underColumns.includes(block),
    )
    .sort((p, q) => p.top - q.top || p.left - q.left)
  const inColumns = narrowOnes.filter((block) => !separators.includes(block))
  const middle = (block: Block) => (block.top + block.bottom) / 2
  return readBands(inColumns, separators, middle, (band, below) => {
    const leading = leadingRow(band, gutters, minLeft, maxRight)
    const trailing = trailingRow(
      band.filter((block) => !leading.includes(block)),
      gutters,
    )
    let columns = splitColumns(
      band.filter((block) => !leading.includes(block) && !trailing.includes(block)),
      gutters,
    )
    const leadIn = below ? leadInAbove(columns, below) : []
    if (leadIn.length > 0) {
      columns = columns
        .map((column) => column.filter((block) => !leadIn.includes(block)))
        .filter((column) => column.length > 0)
    }
    const read = columns.flatMap((column) => {
      if (columns.length === 1) return orderRows(column, state)
      // Set before the column is read: a column within it sets its own.
      const { left } = extentOf(column)
      for (const block of column) block.columnLeft = left
      return orderRegion(column, state, depth + 1)
    })
    read.push(...leadIn)
    return [...leading, ...read, ...trailing]
  })
}

/** Blocks at most over the columns that `titleRows` reads first. */
const TITLE_MAX_BLOCKS = 3
/** The share of a side's blocks level with the other side's that makes two columns a table's. */
const TABLE_LEVEL_SHARE = 0.75

/**
 * The few blocks at the top of a region, over a gap across its width, that keep the columns
 * under them from showing a gutter: a name and a job title flush left over a résumé's sidebar
 * and main column, each reaching into the gutter. Empty unless the rest has such a gutter.
 */
function titleRows(blocks: readonly Block[], known: readonly Gutter[]): Block[] {
  return headOver(blocks, (rest, head) => {
    const { left, right } = extentOf(rest)
    const narrow = rest.filter((block) => block.right - block.left < WIDE_SHARE * (right - left))
    // Columns whose blocks nearly all stand level row by row are a table's, read across as they
    // were; a sidebar's lines may keep the main column's line grid, but not its every block.
    return findGutters(narrow, left, right, known).some(
      (gutter) =>
        head.every((block) => block.left < gutter.left && block.right > gutter.left) &&
        !rowAligned(rest, gutter, TABLE_LEVEL_SHARE),
    )
  })
}

/**
 * The few blocks at the top of a region, over a gap across its width, that keep a sidebar beside
 * the text under them from showing its gutter: a web page's date and navigation, whose last item
 * stands over the gutter. Empty unless the rest has such a sidebar.
 */
function rowsOverSidebar(blocks: readonly Block[]): Block[] {
  return headOver(blocks, (rest, head) => {
    const { left, right } = extentOf(rest)
    const gutter = findSidebarGutter(rest, left, right)
    return (
      gutter !== undefined &&
      head.some((block) => block.left < gutter.right && block.right > gutter.left)
    )
  })
}

/**
 * The first blocks of a region, at most `TITLE_MAX_BLOCKS` of them, all above the rest, for
 * which the rest `shows` columns that the region as a whole does not; or none.
 */
function headOver(
  blocks: readonly Block[],
  shows: (rest: Block[], head: Block[]) => boolean,
): Block[] {
  const sorted = [...blocks].sort((p, q) => p.top - q.top)
  let bottom = Number.NEGATIVE_INFINITY
  for (let count = 1; count <= TITLE_MAX_BLOCKS && count < sorted.length - 1; count++) {
    bottom = Math.max(bottom, (sorted[count - 1] as Block).bottom)
    if ((sorted[count] as Block).top <= bottom) continue
    const head = sorted.slice(0, count)
    if (shows(sorted.slice(count), head)) return head
  }
  return []
}

/** Whether a block spanning the columns has a narrow block level with it, beside it. */
function hasNeighbourBeside(block: Block, narrow: readonly Block[]): boolean {
  return narrow.some(
    (other) =>
      other.top < block.bottom &&
      block.top < other.bottom &&
      (other.right <= block.left || other.left >= block.right),
  )
}

/**
 * Whether a block is a cell of a table row that crosses the gutter, right of a cell of it that
 * wraps: one line, level with the middle of that cell's lines (an invoice's quantity and amounts
 * beside its item's two-line description). It is read after that cell, in their row.
 */
function isCellBeside(block: Block, crossing: readonly Block[]): boolean {
  if (block.lines.length !== 1) return false
  const slack = 0.3 * block.fontSize
  return crossing.some(
    (other) =>
      other.lines.length > 1 &&
      block.left >= other.right &&
      block.top >= other.top - slack &&
      block.bottom <= other.bottom + slack,
  )
}

/** The fewest blocks of a row read across the columns above it: a table's header row. */
const TRAILING_ROW_MIN_BLOCKS = 3
/** A footer's row stands at least this many of its ems under the columns' text. */
const FOOTER_GAP_EMS = 2

/**
 * The last row of a band when it stands across a gutter: short blocks level with each other on
 * both sides, below all the rest (a table's header row, whose first cell falls in the left
 * column, over a table whose rows cross the gutter, or a page's footer). It is read across,
 * after the columns.
 */
function trailingRow(blocks: readonly Block[], gutters: readonly Gutter[]): Block[] {
  if (blocks.length <= TRAILING_ROW_MIN_BLOCKS) return []
  let last = blocks[0] as Block
  for (const block of blocks) if (block.top > last.top) last = block
  const row = blocks.filter((block) => block.top < last.bottom && block.bottom > last.top)
  // Items are the last of lists set side by side.
  if (
    row.some(
      (block) => block.lines.length > 2 || listMarker(block.lines[0]?.text ?? '') !== undefined,
    )
  ) {
    return []
  }
  const top = Math.min(...row.map((block) => block.top))
  let above = Number.NEGATIVE_INFINITY
  for (const block of blocks) if (!row.includes(block)) above = Math.max(above, block.bottom)
  if (above > top) return []
  // Two lines set well apart under the columns are a footer's sides ("The Courier", "Page 5").
  const footer =
    row.length >= 2 &&
    row.every((block) => block.lines.length === 1) &&
    top - above >= FOOTER_GAP_EMS * medianFontSize(row)
  if (row.length < TRAILING_ROW_MIN_BLOCKS && !footer) return []
  const across = gutters.some(
    (gutter) =>
      row.some((block) => block.right <= gutter.left + 1) &&
      row.some((block) => block.left >= gutter.right - 1),
  )
  return across ? row.sort((p, q) => p.left - q.left) : []
}

/**
 * The blocks that stand within a gutter, below all the columns' text: a page number or a note
 * centred at the page's foot. They belong to neither column and are read after both, not with
 * the column they happen to start in.
 */
function footOfGutters(blocks: readonly Block[], gutters: readonly Gutter[]): Block[] {
  const inGutter = (block: Block) =>
    gutters.some((gutter) => block.left >= gutter.left - 1 && block.right <= gutter.right + 1)
  const within = blocks.filter(inGutter)
  if (within.length === 0) return within
  let columnsBottom = Number.NEGATIVE_INFINITY
  for (const block of blocks)
    if (!inGutter(block)) columnsBottom = Math.max(columnsBottom, block.bottom)
  return within.filter((block) => block.top >= columnsBottom)
}

/** A sign-off stands at least this many of its ems under the column it falls in... */
const SIGN_OFF_GAP_EMS = 2
/** ... in at most this many blocks ... */
const SIGN_OFF_MAX_BLOCKS = 4
/** ... of at most this many lines each ... */
const SIGN_OFF_MAX_LINES = 3
/** ... under columns that end level, within this many ems of each other. */
const BALANCED_EMS = 3

/**
 * The blocks set well under columns that end level, in one column's width: a letter's signature
 * and the signer's title under a letter set in two balanced columns. They close the text of all
 * the columns, not only of the one they fall in, and are read after them.
 */
function signOffUnderColumns(blocks: readonly Block[], gutters: readonly Gutter[]): Block[] {
  const columns = splitColumns(blocks, gutters)
  if (columns.length < 2) return []
  // Each column's text ends at the first wide gap under which only short blocks follow: a
  // sign-off, then maybe the page's footer, each after a wide gap of its own.
  const ends: number[] = []
  const signOffs: Block[][] = []
  const others: Block[][] = []
  for (const column of columns) {
    const sorted = [...column].sort((p, q) => p.top - q.top)
    const parted = (k: number) => {
      const above = sorted[k - 1] as Block
      const under = sorted[k] as Block
      const em = Math.min(above.fontSize, under.fontSize)
      return under.top - above.bottom >= SIGN_OFF_GAP_EMS * em
    }
    let shortFrom = sorted.length
    while (shortFrom > 1 && (sorted[shortFrom - 1] as Block).lines.length <= SIGN_OFF_MAX_LINES)
      shortFrom--
    let k = Math.max(shortFrom, 1)
    while (k < sorted.length && !parted(k)) k++
    if (k >= sorted.length) {
      ends.push((sorted.at(-1) as Block).bottom)
      continue
    }
    ends.push((sorted[k - 1] as Block).bottom)
    let next = k + 1
    while (next < sorted.length && !parted(next)) next++
    // A sign-off starts at its column's edge: blocks further right stand in a column of their
    // own, or are the page's number.
    const edge = Math.min(...sorted.slice(0, k).map((block) => block.left))
    const group = sorted.slice(k, next)
    if (group.every((block) => Math.abs(block.left - edge) <= block.fontSize)) signOffs.push(group)
    else others.push(group)
    others.push(sorted.slice(next))
  }
  // The highest is the sign-off; anything else under the columns lies under it, at the foot.
  const [foot, ...lower] = signOffs.sort((p, q) => (p[0] as Block).top - (q[0] as Block).top)
  if (foot === undefined || foot.length > SIGN_OFF_MAX_BLOCKS) return []
  const bottom = Math.max(...foot.map((block) => block.bottom))
  if ([...lower, ...others].some((group) => group.some((block) => block.top < bottom))) return []
  const em = medianFontSize(blocks)
  const balanced = Math.max(...ends) - Math.min(...ends) <= BALANCED_EMS * em
  return balanced && (foot[0] as Block).top - Math.max(...ends) >= SIGN_OFF_GAP_EMS * em ? foot : []
}

/**
 * Whether a one-line block in a column ends the row of a line across the gutter, on its
 * baseline and right of it: a photograph's credit set flush right on its caption's line. It is
 * read after that line, not with the column above.
 */
function endsRowOf(block: Block, crossing: readonly Block[]): boolean {
  if (block.lines.length !== 1) return false
  return crossing.some(
    (other) =>
      other.lines.length <= 2 &&
      block.left >= other.right &&
      Math.abs(block.bottom - other.bottom) < 0.5 * Math.max(block.fontSize, other.fontSize),
  )
}

/**
 * Whether a block within the columns stands level with and right of one of `crossing`, blocks
 * across a gutter with nothing of the columns above them: the second author of a paper beside
 * the first, whose affiliation reaches over the gutter. It is read after that block, in their
 * row, rather than at the head of the column it falls in. A sidebar left of a wide paragraph is
 * read before it, as it stands.
 */
function besideAny(block: Block, crossing: readonly Block[]): boolean {
  return crossing.some(
    (other) =>
      block.left >= other.right &&
      Math.min(block.bottom, other.bottom) - Math.max(block.top, other.top) >
        0.5 * Math.min(block.bottom - block.top, other.bottom - other.top),
  )
}

/**
 * Whether a heading within one column (set larger than the text: the caller checks) stands alone
 * across all of them: nothing in any column beside it or in the em above it, columns of running
 * text above it, and columns below it that start at about the same height. It is a heading set
 * across the columns (a web page's `column-span: all`), narrower than they are, from their left
 * edge: the columns above it are read before it, those below after it. A heading that starts a
 * later column heads that column.
 */
function dividesColumns(
  block: Block,
  blocks: readonly Block[],
  gutters: readonly Gutter[],
): boolean {
  if (block.lines.length > 2 || columnIndex(block, gutters) > 0) return false
  const em = block.fontSize
  // Columns hold running text (a page number under one of them is none): those with some above
  // the heading, those with some below, and where each starts below it.
  const above = new Set<number>()
  const below = new Set<number>()
  const starts = new Map<number, number>()
  for (const other of blocks) {
    if (other === block) continue
    if (other.bottom > block.top - em && other.top < block.bottom) return false
    const column = columnIndex(other, gutters)
    const under = other.top >= block.bottom
    if (under) starts.set(column, Math.min(starts.get(column) ?? other.top, other.top))
    if (other.lines.length >= 2) (under ? below : above).add(column)
  }
  if (above.size < 2 || below.size < 2) return false
  // The columns under it start together, within a couple of lines: a figure beside a heading
  // in one column leaves the next column's text to resume at some other height.
  const tops = [...below].map((column) => starts.get(column) as number)
  return Math.max(...tops) - Math.min(...tops) < 2 * em
}

/**
 * The blocks at the foot of one of a band's columns that lead into the full-width block `below`:
 * a heading under columns that have ended (and a term's line under it, say), over the text it
 * opens. They stand below everything in the other columns, the last within an em of the text
 * under it, set off from their own column by a heading's space, and are read after all the
 * columns, with that text. A column's last paragraph, as far from its column as paragraphs are,
 * stays in its column.
 */
function leadInAbove(columns: readonly Block[][], below: Block): Block[] {
  if (columns.length < 2) return []
  let lowest: Block | undefined
  for (const column of columns) {
    for (const block of column) if (!lowest || block.bottom > lowest.bottom) lowest = block
  }
  if (!lowest) return []
  const last = lowest
  const own = (columns.find((column) => column.includes(last)) as Block[])
    .slice()
    .sort((p, q) => p.bottom - q.bottom)
  let othersBottom = Number.NEGATIVE_INFINITY
  for (const column of columns) {
    if (column.includes(last)) continue
    for (const block of column) othersBottom = Math.max(othersBottom, block.bottom)
  }
  const em = below.fontSize
  const gapBelow = below.top - last.bottom
  // A heading set larger than the text under it opens that text, whatever space a style sets
  // around headings (a browser's equal margins above and below): a heading ends no column. So
  // does one set a little larger in a face of its own, nearer the text under it than its column.
  const above = own[own.length - 2]
  const nearerBelow = above !== undefined && gapBelow < last.top - above.bottom
  if (
    last.lines.length <= 2 &&
    last.top >= othersBottom &&
    ((last.fontSize >= HEADING_SIZE_RATIO * em && gapBelow <= last.fontSize) ||
      (last.fontSize > em &&
        last.fontId !== below.fontId &&
        nearerBelow &&
        gapBelow <= LEAD_IN_GAP_EMS * last.fontSize))
  ) {
    return [last]
  }
  if (gapBelow > em) return []
  // The shortest foot of the column that a heading's space sets off from the rest.
  let widestInside = 0
  for (let k = 1; k <= Math.min(LEAD_IN_MAX_BLOCKS, own.length); k++) {
    const first = own[own.length - k] as Block
    if (first.lines.length > 2 || first.top < othersBottom) return []
    const above = own[own.length - k - 1]?.bottom ?? Number.NEGATIVE_INFINITY
    const gapAbove = first.top - above
    if (gapAbove >= 1.5 * em && gapAbove > 2 * gapBelow && gapAbove > widestInside) {
      return own.slice(own.length - k)
    }
    widestInside = Math.max(widestInside, gapAbove)
  }
  return []
}

/**
 * The first row of the columns' blocks when it stands across a gutter, centred on the region and
 * off the columns' left edges, with nothing beside it: the authors of a paper, set side by side
 * under its title, or a subtitle centred over three columns. The row is read across, before the
 * columns, rather than each author in the column it happens to fall into. Column headings that
 * open the columns start at their edges. Each block comes with the lines centred under it (an
 * author's mail address in another type), left to right.
 */
function leadingRow(
  blocks: readonly Block[],
  gutters: readonly Gutter[],
  minLeft: number,
  maxRight: number,
): Block[] {
  const row = firstRowAcross(blocks, gutters, minLeft, maxRight)
  if (row.length === 0) return row
  const stacks = row.sort((p, q) => p.left - q.left).map((block) => [block])
  const rest = blocks.filter((block) => !row.includes(block)).sort((p, q) => p.top - q.top)
  let bottom = extentOf(row).bottom
  for (let i = 0; i < rest.length; ) {
    const next = rest[i] as Block
    const level = rest.filter((block) => block.top < next.bottom && block.bottom > next.top)
    if (level[0] !== next || next.top - bottom > STACK_GAP_EMS * next.fontSize) break
    const owners = level.map((block) => stacks.find((stack) => centredUnder(block, stack[0])))
    if (owners.some((owner) => owner === undefined)) break
    for (const [k, block] of level.entries()) (owners[k] as Block[]).push(block)
    bottom = extentOf(level).bottom
    i += level.length
  }
  return stacks.flat()
}

/** Whether a block's middle stands within an em of another's, below it. */
function centredUnder(block: Block, above: Block | undefined): boolean {
  if (above === undefined) return false
  const offset = Math.abs(block.left + block.right - above.left - above.right) / 2
  return offset < block.fontSize
}

function firstRowAcross(
  blocks: readonly Block[],
  gutters: readonly Gutter[],
  minLeft: number,
  maxRight: number,
): Block[] {
  if (blocks.length < 3) return []
  let first = blocks[0] as Block
  for (const block of blocks) if (block.top < first.top) first = block
  const row = blocks.filter((block) => block.top < first.bottom && block.bottom > first.top)
  const { left, right, bottom } = extentOf(row)
  const rest = blocks.filter((block) => !row.includes(block))
  if (rest.some((block) => block.top < bottom - 1)) return []
  const em = medianFontSize(row)
  if (Math.abs(left + right - minLeft - maxRight) / 2 > 2 * em) return []
  if (row.length === 1) {
    // One line centred over three columns falls within the middle one (a subtitle), or reaches
    // past both of its edges into the gutters (a title set large).
    const below = rest.filter((block) => block.left < right && block.right > left)
    if (below.length === 0) return []
    const { left: belowLeft, right: belowRight } = extentOf(below)
    const within = below.some((block) => block.left < left - 0.25 * em)
    return within || (left < belowLeft - 1 && right > belowRight + 1) ? row : []
  }
  const gutter = gutters.find(
    (gap) =>
      row.some((block) => block.right <= gap.left + 1) &&
      row.some((block) => block.left >= gap.right - 1),
  )
  if (!gutter) return []
  const sides = [
    rest.filter((block) => block.right <= gutter.left + 1),
    rest.filter((block) => block.left >= gutter.right - 1),
  ]
  const offEdges = row.every((block) => {
    const side = block.right <= gutter.left + 1 ? sides[0] : sides[1]
    const edge = Math.min(...(side as Block[]).map((other) => other.left))
    return block.left > edge + em
  })
  return offEdges || isBarAcross(row, rest, minLeft, maxRight) ? row : []
}

/**
 * Whether a row is a bar spaced out across the whole width, from the left margin to the right
 * (a newsletter's volume, season and price over its columns): a line a block, its last ending
 * flush with the right margin but starting well off the left edge of the column under it, where
 * a column's heading would start. A column's paragraph or list item that goes on beside a
 * heading of the column before (a paper's abstract) takes more lines.
 */
function isBarAcross(
  row: readonly Block[],
  rest: readonly Block[],
  minLeft: number,
  maxRight: number,
): boolean {
  const { left, right } = extentOf(row)
  if (left > minLeft + 1 || right < maxRight - 1) return false
  if (row.some((block) => block.lines.length > 1)) return false
  let last = row[0] as Block
  for (const block of row) if (block.right > last.right) last = block
  const under = rest.filter((block) => block.left < last.right && block.right > last.left)
  if (under.length === 0) return false
  return last.left > Math.min(...under.map((block) => block.left)) + last.fontSize
}

/**
 * Reads `blocks` in the bands that `dividers` (sorted top to bottom) cut them into, by the height
 * `at` gives each block: every band through `read` (told the divider under it), then that divider.
 * Dividers level with each other side by side (a newspaper's headlines over their own stories'
 * columns) each head the part of the band under them, where the band parts between them.
 */
function readBands(
  blocks: readonly Block[],
  dividers: readonly Block[],
  at: (block: Block) => number,
  read: (band: Block[], below: Block | undefined) => Block[],
): Block[] {
  const rows = levelRows(dividers)
  const result: Block[] = []
  let remaining = blocks
  let heads: Block[] = []
  for (let r = 0; r <= rows.length; r++) {
    const row = rows[r]
    const limit = row ? Math.min(...row.map(at)) : Number.POSITIVE_INFINITY
    const band = remaining.filter((block) => at(block) < limit)
    remaining = remaining.filter((block) => at(block) >= limit)
    const below = row?.[0]
    const parts = heads.length >= 2 ? partsUnder(heads, band) : undefined
    if (parts) {
      for (const [i, head] of heads.entries())
        result.push(head, ...read(parts[i] as Block[], below))
    } else result.push(...heads, ...read(band, below))
    heads = row ?? []
  }
  return result
}

/** Dividers in rows: each row's dividers stand level with each other, side by side, left to right. */
function levelRows(dividers: readonly Block[]): Block[][] {
  const rows: Block[][] = []
  for (const divider of dividers) {
    const row = rows[rows.length - 1]
    if (row?.every((other) => standsBeside(divider, other))) {
      row.push(divider)
      row.sort((p, q) => p.left - q.left)
    } else rows.push([divider])
  }
  return rows
}

/**
 * The band's blocks parted under `heads` (left to right) where each head after the first starts,
 * or undefined when a block stands across such an edge. A head need not reach across all of its
 * columns (a headline shorter than its story's width), but it starts where its first one does.
 */
function partsUnder(heads: readonly Block[], band: readonly Block[]): Block[][] | undefined {
  const edges = heads.slice(1).map((head) => head.left - 1)
  const parts = heads.map((): Block[] => [])
  for (const block of band) {
    const part = edges.filter((edge) => edge <= block.left).length
    if (part < edges.length && block.right > (edges[part] as number)) return undefined
    ;(parts[part] as Block[]).push(block)
  }
  return parts
}

/**
 * A region without a gutter down its full height: a full-width block that nothing stands beside
 * (a caption under a table, a wide paragraph) cuts it into bands that may each have columns; else
 * a sidebar beside the text is read after it; else the region is read row by row. `below` is
 * the full-width block under the region, if any.
 */
function orderBands(
  blocks: Block[],
  state: OrderState,
  depth: number,
  minLeft: number,
  maxRight: number,
  below: Block | undefined,
): Block[] {
  const cuts = bandCuts(blocks, maxRight - minLeft)
  if (cuts.length > 0) {
    const rest = blocks.filter((block) => !cuts.includes(block))
    return readBands(
      rest,
      cuts,
      (block) => block.top,
      (band, under) => orderRegion(band, state, depth + 1, true, under),
    )
  }
  const aside = findSidebarGutter(blocks, minLeft, maxRight)
  if (!aside) {
    const head = rowsOverSidebar(blocks)
    if (head.length === 0) {
      const strips = stripsOfColumns(blocks, state.known)
      if (strips.length === 0) return orderRows(blocks, state)
      return strips.flatMap((strip, i) =>
        orderRegion(strip, state, depth + 1, true, i === strips.length - 1 ? below : undefined),
      )
    }
    const rest = blocks.filter((block) => !head.includes(block))
    const { left, right } = extentOf(rest)
    return [...orderRows(head, state), ...orderBands(rest, state, depth + 1, left, right, below)]
  }
  const columns = splitColumns(blocks, [aside])
  const read = columns.flatMap((column) => orderRegion(column, state, depth + 1))
  const heading = below && headingAtFoot(columns, below)
  return heading ? [...read.filter((block) => block !== heading), heading] : read
}

/** Space between sections, in font sizes of the text, over which a region parts in strips. */
const STRIP_GAP_EMS = 1.5
/** Blocks of at most this many lines are titles. */
const STRIP_TITLE_MAX_LINES = 2

/**
 * The strips, top to bottom, that wide gaps across a region without a gutter down its height part
 * it into, when a strip has columns of its own (a brochure's three pillars over its two columns
 * of tiers, a datasheet's features over its specifications): each strip is then read with its
 * own columns. None where no strip has columns, and the region is read row by row.
 */
function stripsOfColumns(blocks: readonly Block[], known: readonly Gutter[]): Block[][] {
  const em = medianFontSize(blocks.flatMap((block) => block.lines))
  const sorted = [...blocks].sort((p, q) => p.top - q.top)
  const strips: Block[][] = []
  let bottom = Number.NEGATIVE_INFINITY
  for (const block of sorted) {
    if (block.top - bottom >= STRIP_GAP_EMS * em) strips.push([])
    ;(strips[strips.length - 1] as Block[]).push(block)
    bottom = Math.max(bottom, block.bottom)
  }
  // Titles alone stay with what they head (a row of pillars' names over their text), where each
  // starts over a block under it; a masthead's line (a title, a date, an address) does not.
  for (let i = strips.length - 2; i >= 0; i--) {
    const titles = strips[i] as Block[]
    const under = strips[i + 1] as Block[]
    const heads = titles.every(
      (title) =>
        title.lines.length <= STRIP_TITLE_MAX_LINES &&
        under.some((block) => Math.abs(block.left - title.left) <= title.fontSize),
    )
    if (heads) strips.splice(i, 2, [...titles, ...under])
  }
  if (strips.length < 2) return []
  const columned = strips.some((strip) => {
    const { left, right } = extentOf(strip)
    const narrow = strip.filter((block) => block.right - block.left < WIDE_SHARE * (right - left))
    return findGutters(narrow, left, right, known).length > 0
  })
  return columned ? strips : []
}

/**
 * The heading at the foot of the text beside a sidebar that opens the full-width text under
 * both: set larger than that text, within a heading's space of it. It is read after the
 * sidebar, with its text, not before the sidebar.
 */
function headingAtFoot(columns: readonly Block[][], below: Block): Block | undefined {
  for (const column of columns) {
    let last: Block | undefined
    for (const block of column) if (!last || block.bottom > last.bottom) last = block
    if (
      last !== undefined &&
      last.lines.length <= 2 &&
      last.fontSize >= HEADING_SIZE_RATIO * below.fontSize &&
      below.top - last.bottom <= LEAD_IN_GAP_EMS * last.fontSize
    )
      return last
  }
  return undefined
}

/**
 * The full-width blocks that nothing stands beside, top to bottom, that cut a region into bands.
 * One that lies wholly on the text's side of a sidebar in the band above it is no cut: it is the
 * text running on past the sidebar's end (a résumé's main column, longer than its sidebar), and
 * cutting there would read the sidebar in the middle of the text.
 */
function bandCuts(blocks: readonly Block[], width: number): Block[] {
  const wide = blocks
    .filter(
      (block) =>
        block.right - block.left >= WIDE_SHARE * width &&
        blocks.every(
          (other) =>
            other === block ||
            Math.min(other.bottom, block.bottom) - Math.max(other.top, block.top) <= 1 ||
            wrapsAround(block, other),
        ),
    )
    .sort((p, q) => p.top - q.top)
  const cuts: Block[] = []
  let lastCut: Block | undefined
  for (const block of wide) {
    // The band above: what lies between the last cut and this block.
    const from = lastCut?.top ?? Number.NEGATIVE_INFINITY
    const above = blocks.filter(
      (other) => other.top >= from && other.top < block.top && other !== lastCut,
    )
    if (above.length > 1) {
      const { left, right } = extentOf(above)
      const aside = findSidebarGutter(above, left, right)
      // Wholly on one side: it may reach into the gutter (ragged text ends at its own width),
      // not across it.
      if (aside && (block.right < aside.right || block.left > aside.left)) continue
    }
    cuts.push(block)
    lastCut = block
  }
  return cuts
}

/**
 * Whether a paragraph's first lines wrap around the foot of a block that stands beside them and
 * ends above its last line (text flowing round a floated box, then on under it at full width):
 * every line level with the box stops short of it.
 */
function wrapsAround(block: Block, box: Block): boolean {
  if (box.top >= block.top || box.bottom >= (block.lines[block.lines.length - 1] as Line).top) {
    return false
  }
  return block.lines.every(
    (line) => line.top >= box.bottom || line.right <= box.left || line.left >= box.right,
  )
}

/**
 * A strip that no block at all crosses, between running text and a narrow column of prose beside
 * it (a sidebar, a callout) whose lines do not line up with the text's: the sidebar is read after
 * the text rather than interleaved with it row by row. Lines level on both sides are a table.
 */
function findSidebarGutter(
  blocks: readonly Block[],
  minLeft: number,
  maxRight: number,
): Gutter | undefined {
  const coverage = coverageOf(blocks, minLeft, maxRight, () => 1)
  const strips = openStrips(coverage, 0, 2 * medianFontSize(blocks), minLeft)
  let best: Gutter | undefined
  for (const strip of strips) {
    if (!best || strip.right - strip.left > best.right - best.left) best = strip
  }
  if (!best) return undefined
  const gutter = best
  const left = blocks.filter((block) => block.right <= gutter.left)
  const right = blocks.filter((block) => block.left >= gutter.right)
  // A web page's navigation, a column of links, stands a wide gap beside the prose it leads to.
  const wide = gutter.right - gutter.left >= NAVIGATION_GAP_EMS * medianFontSize(blocks)
  const navigates = (side: readonly Block[], other: readonly Block[]) =>
    wide && isNavigation(side) && isProse(other) && !labelsEntries(side, other)
  if (!(isProse(left) && isProse(right)) && !navigates(left, right) && !navigates(right, left))
    return undefined
  const baselines = left.flatMap((block) => block.lines.map((line) => line.baseline))
  const rightLines = right.flatMap((block) => block.lines)
  const level = rightLines.filter((line) =>
    baselines.some((baseline) => Math.abs(baseline - line.baseline) < 2),
  ).length
  if (level < SIDEBAR_MAX_LEVEL_SHARE * rightLines.length) return gutter
  // Two columns set on one grid of lines (a recipe's ingredients beside its steps) keep their
  // lines level, but each starts its own entries where its text takes it: a table's cells start
  // their rows together.
  const starts = left.map((block) => (block.lines[0] as Line).baseline)
  const levelStarts = right.filter((block) =>
    starts.some((start) => Math.abs(start - (block.lines[0] as Line).baseline) < 2),
  ).length
  return right.length >= SIDEBAR_MIN_ENTRIES && levelStarts < SIDEBAR_MAX_LEVEL_SHARE * right.length
    ? gutter
    : undefined
}

/** Enough words, several to a line, to read as running text rather than labels or numbers. */
/** A navigation column stands at least this many ems of the page's text from it... */
const NAVIGATION_GAP_EMS = 3
/** ... in at least this many links of at most so many words each. */
const NAVIGATION_MIN_LINES = 6
const NAVIGATION_MAX_WORDS = 5

/**
 * Whether short lines beside prose label its entries: most of its blocks start level with one of
 * them (a transcript's speakers and times beside what each said), as a page's links do not.
 */
function labelsEntries(labels: readonly Block[], entries: readonly Block[]): boolean {
  const baselines = labels.flatMap((block) => block.lines.map((line) => line.baseline))
  const level = entries.filter((block) => {
    const start = (block.lines[0] as Line).baseline
    return baselines.some((baseline) => Math.abs(baseline - start) < 2)
  }).length
  return level * 2 >= entries.length
}

/** Whether blocks are a column of links: many short lines, a few words each. */
function isNavigation(blocks: readonly Block[]): boolean {
  let lines = 0
  for (const block of blocks) {
    for (const line of block.lines) {
      if (countWords(line.text) > NAVIGATION_MAX_WORDS) return false
      lines++
    }
  }
  return lines >= NAVIGATION_MIN_LINES
}

function isProse(blocks: readonly Block[]): boolean {
  let chars = 0
  let words = 0
  let lines = 0
  for (const block of blocks) {
    for (const line of block.lines) {
      chars += line.text.length
      words += line.text.split(/\s+/).length
      lines++
    }
  }
  return chars >= COLUMN_MIN_CHARS && lines >= 4 && words >= 2 * lines
}

/**
 * Whether most blocks on the sparser side of a gutter (`share` of them) stand level with a block
 * on the other side. Columns start together at the band's top and, balanced, end together at its
 * foot: only the blocks between tell cells from paragraphs.
 */
function rowAligned(blocks: readonly Block[], gutter: Gutter, share = 0.5): boolean {
  const { top, bottom } = extentOf(blocks)
  const inside = (block: Block) => block.top > top + 2 && block.bottom < bottom - 2
  const left = blocks.filter((block) => block.right <= gutter.left + 1)
  const right = blocks.filter((block) => block.left >= gutter.right - 1)
  const [few, many] = left.length <= right.length ? [left, right] : [right, left]
  if (few.length < 2 || !few.some(inside)) return false
  if (numbersOnAcross(left, right) || bulletsOnBothSides(left, right)) return false
  // Cells are set flush to the top, the bottom or the middle of their row.
  const level = few.filter((block) =>
    many.some(
      (other) =>
        Math.abs(other.top - block.top) < 2 ||
        Math.abs(other.bottom - block.bottom) < 2 ||
        Math.abs(other.top + other.bottom - block.top - block.bottom) < 4,
    ),
  )
  return level.length >= share * few.length
}

/** Bulleted items, at least, on each side of a gutter between lists set side by side. */
const SIDE_LIST_MIN_ITEMS = 2

/**
 * Whether each side of a gutter holds a bulleted list: lists set side by side (a brochure's
 * pillars, materials beside equipment), read each whole however level their items stand, where
 * reading across would deal the items of both out in turn.
 */
function bulletsOnBothSides(left: readonly Block[], right: readonly Block[]): boolean {
  const bulleted = (side: readonly Block[]) =>
    side.filter((block) => {
      const marker = listMarker(block.lines[0]?.text ?? '')
      return marker !== undefined && isBullet(marker)
    }).length >= SIDE_LIST_MIN_ITEMS
  return bulleted(left) && bulleted(right)
}

/**
 * Whether numbered items on the left of a gutter go on on its right, which holds nothing else,
 * the first number there following the last one on the left (a reference list in two columns,
 * 1-3 then 4-6): a list set in columns, read down each, however level its items stand.
 */
function numbersOnAcross(left: readonly Block[], right: readonly Block[]): boolean {
  const numbers = (side: readonly Block[]) =>
    [...side]
      .sort((p, q) => p.top - q.top)
      .map((block) => Number.parseInt(listMarker(block.lines[0]?.text ?? '') ?? '', 10))
  // The left may open with the text the list follows (its heading, the list before it).
  const leftNumbers = numbers(left).filter((number) => !Number.isNaN(number))
  const rightNumbers = numbers(right)
  return (
    leftNumbers.length > 0 &&
    rightNumbers.every((number) => !Number.isNaN(number)) &&
    rightNumbers[0] === (leftNumbers[leftNumbers.length - 1] as number) + 1
  )
}

/**
 * Vertical strips that narrow blocks leave (almost) empty, between columns that look like running
 * text. A few short blocks may cross a gutter (centred author lines, a page number): they only
 * become separators. Coverage is measured in points of block height per point of width.
 */
function findGutters(
  narrow: readonly Block[],
  minLeft: number,
  maxRight: number,
  known: readonly Gutter[] = [],
): Gutter[] {
  if (narrow.length < 2) return []
  const coverage = coverageOf(narrow, minLeft, maxRight, (block) => block.bottom - block.top)
  let tallest = 0
  for (const value of coverage) tallest = Math.max(tallest, value)
  const limit = tallest * GUTTER_MAX_COVERAGE
  // The gutter is measured against the running text's size, line by line: headings, many and
  // short in a paper, would make a LaTeX column gap of one em look too narrow.
  const em = medianFontSize(narrow.flatMap((block) => block.lines))
  const candidates = openStrips(coverage, limit, GUTTER_MIN_EM * em, minLeft)
  return candidates.filter((gutter) => {
    const leftSide = narrow.filter((block) => block.right <= gutter.left + 1)
    const rightSide = narrow.filter((block) => block.left >= gutter.right - 1)
    const width = maxRight - minLeft
    const left = columnChars(leftSide, width)
    const right = columnChars(rightSide, width)
    if (left >= COLUMN_MIN_CHARS || right >= COLUMN_MIN_CHARS) {
      return left >= COLUMN_MIN_CHARS && right >= COLUMN_MIN_CHARS
    }
    // Where the pages before had their gutter, a few lines of prose a side make columns, when
    // neither side is a column by itself (beside one, a few lines are a note in the margin).
    return (
      known.some((other) => sameGutter(other, gutter)) &&
      left >= KNOWN_COLUMN_MIN_CHARS &&
      right >= KNOWN_COLUMN_MIN_CHARS
    )
  })
}

/**
 * Whether two gutters are one, page to page: the column right of them starts at the same edge,
 * give or take a point, and they overlap (the lines left of them end where they may).
 */
function sameGutter(a: Gutter, b: Gutter): boolean {
  return Math.abs(a.right - b.right) <= 1 && a.left < b.right && b.left < a.right
}

/** How much of each point of the region's width `blocks` cover, each by its `weight`. */
function coverageOf(
  blocks: readonly Block[],
  minLeft: number,
  maxRight: number,
  weight: (block: Block) => number,
): Float64Array {
  const width = Math.ceil(maxRight - minLeft) + 1
  const coverage = new Float64Array(width)
  for (const block of blocks) {
    const w = weight(block)
    const from = Math.max(0, Math.floor(block.left - minLeft))
    const to = Math.min(width - 1, Math.ceil(block.right - minLeft))
    for (let x = from; x <= to; x++) coverage[x] = (coverage[x] as number) + w
  }
  return coverage
}

/**
 * Strips at least `minWidth` wide where coverage is at most `limit`. A gutter lies between text
 * on both sides, never at the region's margins.
 */
function openStrips(
  coverage: Float64Array,
  limit: number,
  minWidth: number,
  minLeft: number,
): Gutter[] {
  const width = coverage.length
  const strips: Gutter[] = []
  let start = -1
  for (let x = 0; x <= width; x++) {
    const open = x < width && (coverage[x] as number) <= limit
    if (open && start === -1) start = x
    if (!open && start !== -1) {
      if (start > 0 && x < width && x - start >= minWidth) {
        strips.push({ left: minLeft + start, right: minLeft + x })
      }
      start = -1
    }
  }
  return strips
}

/**
 * The characters of blocks that read as a column of running text, 0 where they do not: most of
 * the text (counted in characters, so that the many short labels of a figure beside the text do
 * not outvote it) in lines of a column's width. A list's items make a column however short
 * (infinitely many characters).
 */
function columnChars(blocks: readonly Block[], regionWidth: number): number {
  let chars = 0
  let wideChars = 0
  const minWidth = COLUMN_LINE_SHARE * regionWidth
  for (const block of blocks) {
    // Asked only of a block with a narrow line: most of a page's are wide.
    let paragraph: boolean | undefined
    for (const line of block.lines) {
      chars += line.text.length
      if (line.right - line.left < minWidth) {
        paragraph ??= isNarrowParagraph(block)
        if (!paragraph) continue
      }
      wideChars += line.text.length
    }
  }
  if (isListColumn(blocks, chars)) return Number.POSITIVE_INFINITY
  return wideChars * 2 >= chars ? chars : 0
}

/**
 * Whether a block is a paragraph of a narrow column, running text all the same: a newspaper's six
 * columns each take a sixth of the page.
 */
function isNarrowParagraph(block: Block): boolean {
  return (
    block.lines.length >= NARROW_PARAGRAPH_LINES &&
    block.right - block.left >= TEXT_COLUMN_EMS * block.fontSize &&
    wordsPerLine(block) >= PARAGRAPH_LINE_WORDS
  )
}

/**
 * Whether blocks holding `chars` characters are mostly a list's items: a column of its own,
 * however short its items (a slide's two lists side by side).
 */
function isListColumn(blocks: readonly Block[], chars: number): boolean {
  let items = 0
  let itemChars = 0
  for (const block of blocks) {
    if (listMarker(block.lines[0]?.text ?? '') === undefined) continue
    items++
    for (const line of block.lines) itemChars += line.text.length
  }
  return items >= COLUMN_MIN_ITEMS && itemChars >= COLUMN_ITEM_SHARE * chars
}

function splitColumns(blocks: readonly Block[], gutters: readonly Gutter[]): Block[][] {
  const columns: Block[][] = gutters.map(() => [])
  columns.push([])
  for (const block of blocks) (columns[columnIndex(block, gutters)] as Block[]).push(block)
  return columns.filter((column) => column.length > 0)
}

/** The column a block starts in: how many gutters (sorted left to right) lie left of it. */
function columnIndex(block: Block, gutters: readonly Gutter[]): number {
  let index = 0
  while (index < gutters.length && block.left >= (gutters[index] as Gutter).right - 0.01) index++
  return index
}

/**
 * Reads blocks top to bottom; blocks whose vertical extents overlap form a row read left to
 * right. Side-by-side blocks without a column structure make the order a guess.
 */
function orderRows(blocks: Block[], state: { clean: boolean }): Block[] {
  const sorted = blocks.sort((p, q) => p.top - q.top || p.left - q.left)
  const rows: Block[][] = []
  let row: Block[] = []
  const flush = () => {
    if (row.length > 1) {
      row.sort((p, q) => p.left - q.left)
      if (row.some((block) => block.lines.length > 2)) state.clean = false
    }
    if (row.length > 0) rows.push(row)
    row = []
  }
  for (const block of sorted) {
    const first = row[0]
    // Blocks share a row when they overlap the row's first block by half the smaller height:
    // comparing with the first block, not the row's growing extent, keeps rows from chaining.
    const overlap = first ? Math.min(first.bottom, block.bottom) - block.top : 0
    if (first && overlap > 0.5 * Math.min(block.bottom - block.top, first.bottom - first.top)) {
      row.push(block)
    } else {
      flush()
      row = [block]
    }
  }
  flush()
  const result: Block[] = []
  for (let k = 0; k < rows.length; k++) {
    const titles = rows[k] as Block[]
    const stacks = rows[k + 1]
    if (
      stacks &&
      titlesStacks(titles, stacks) &&
      !rowsGoOn(stacks, rows[k + 2], rows[k + 3]) &&
      // A row under rows of one line in the same columns is one more of them (a term and its
      // description), not titles over what follows; under a row of stacks it titles the next.
      !(k > 0 && standsInColumns(titles, rows[k - 1] as Block[]))
    ) {
      for (const [i, title] of titles.entries()) result.push(title, stacks[i] as Block)
      k++
    } else {
      result.push(...titles)
    }
  }
  return result
}

/**
 * Whether the row after a row of titled stacks goes on in their columns as the next row of a
 * table does ("Room and board" and its description under "Tuition" and its own, under "Item"
 * and "Description"): the titles are then a table's header, read across. A further row of titles
 * over stacks of their own is no such row.
 */
function rowsGoOn(
  stacks: readonly Block[],
  after: readonly Block[] | undefined,
  further: readonly Block[] | undefined,
): boolean {
  if (after === undefined || (further !== undefined && titlesStacks(after, further))) return false
  return stacks.every((stack) =>
    after.some((block) => Math.abs(block.left - stack.left) <= stack.fontSize),
  )
}

/** Whether a row's blocks, one for one, start at the left edges of a row of one-line blocks. */
function standsInColumns(row: readonly Block[], above: readonly Block[]): boolean {
  return (
    row.length === above.length &&
    above.every((block) => block.lines.length === 1) &&
    row.every((block, i) => Math.abs(block.left - (above[i] as Block).left) <= block.fontSize)
  )
}

/** A title stands at most this many of its font sizes over the text it heads. */
const STACK_TITLE_GAP_EMS = 4

/**
 * Whether a row of one-line blocks titles the row of blocks under it, one each, side by side
 * ("For Harbour Supplies Ltd" over its signatory's name, title and date, beside the other
 * party's): each title starts where its block starts, close above it and clear of the next
 * block. Each title is read with its block, not the titles across and then the blocks.
 */
function titlesStacks(titles: readonly Block[], stacks: readonly Block[]): boolean {
  if (titles.length < 2 || stacks.length !== titles.length) return false
  if (!stacks.some((stack) => stack.lines.length > 1)) return false
  return titles.every((title, i) => {
    const stack = stacks[i] as Block
    const next = stacks[i + 1]
    const em = title.fontSize
    return (
      title.lines.length === 1 &&
      Math.abs(title.left - stack.left) <= em &&
      stack.top >= title.bottom &&
      stack.top - title.bottom <= STACK_TITLE_GAP_EMS * em &&
      (next === undefined || title.right < next.left) &&
      // A date beside a line of the block before is that line's field, not a block under a title.
      !(i > 0 && isFieldOf(stack, stacks[i - 1] as Block))
    )
  })
}

/** A field of a row (a date, an amount) holds at most this many characters. */
const FIELD_MAX_CHARS = 20

/**
 * Whether a block is a short field of one line in a row with a line of `block`, far right of it:
 * a résumé's dates at the page's edge beside a degree in the block of its section.
 */
function isFieldOf(field: Block, block: Block): boolean {
  const line = field.lines[0] as Line
  return (
    field.lines.length === 1 &&
    line.text.length <= FIELD_MAX_CHARS &&
    block.lines.some((other) => standsFarRightOf(line, other))
  )
}
