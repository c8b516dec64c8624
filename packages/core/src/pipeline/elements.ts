import type { Element } from '@pdfx/schema'
import { withLines } from './blocks.js'
import { isOrdered } from './classify.js'
import { continuesListing } from './code-listing.js'
import { extentOf } from './extent.js'
import { joinLines, type Spellings } from './join-lines.js'
import { checkState } from './list-markers.js'
import { continuesParagraph } from './paragraph-continuation.js'
import { roundBox } from './points.js'
import { tablePlainText } from './table-markdown.js'
import type { Block, Line, PageLayout } from './types.js'

/** A page number alone: "7", "- 7 -". */
const BARE_NUMBER = /^(?:- )?\d{1,4}(?: -)?$/
/**
 * A note's number set right against its text, as word processors set the numbers of the notes
 * at a page's foot ("1See the minutes"): a space parts them.
 */
const GLUED_NOTE_NUMBER = /^(\d{1,3})(?=\p{Lu}\p{Ll})/u
/** A listing's lines this many times its line pitch apart or more have a blank line between them. */
const BLANK_LINE_PITCH = 1.6

/** Element ids count from el_0001 in reading order, with more digits past 9999. */
export function elementId(index: number): string {
  return `el_${String(index + 1).padStart(4, '0')}`
}

/**
 * Builds the reading-order elements of the document. Paragraphs split by a column or page break
 * mid-sentence are joined again, and consecutive list items become one list element whose text
 * is the list in Markdown (nesting by indentation).
 */
export function buildElements(
  pages: readonly PageLayout[],
  spellings: Spellings,
  options: ElementOptions = { boxes: false },
): Element[] {
  const blocks = pages.flatMap((page) => page.blocks)
  const elements: Element[] = []
  /** Adds an element made from `sources`, whose box it gets in hybrid mode. */
  const push = (element: Omit<Element, 'id'>, sources: readonly Block[]) => {
    const built = { id: elementId(elements.length), ...element } as Element
    if (options.boxes) built.bbox = boxOf(sources, element.page)
    elements.push(built)
  }
  /**
   * Running heads and footers that stood inside a joined paragraph or list follow it, and so
   * does a page number that was not told from the text (the one page of a document).
   */
  const pushFurniture = (skipped: readonly Block[]) => {
    for (const block of skipped) {
      if (block.kind === 'footnote') {
        pushNote(block)
        continue
      }
      const type = isFurniture(block) ? block.kind : isBareNumber(block) ? 'paragraph' : undefined
      if (type === undefined) continue
      push({ type, page: block.page, text: blockText(block, spellings) }, [block])
    }
  }
  // The rests of notes broken over a page, read with the notes they end.
  const rests = notesOverleaf(blocks)
  const carried = new Set(rests.values())
  /** Adds a note, and its rests overleaf where it goes on there, over as many pages as it runs. */
  const pushNote = (note: Block) => {
    if (carried.has(note)) return
    const parts = [note]
    for (let rest = rests.get(note); rest !== undefined; rest = rests.get(rest)) parts.push(rest)
    const lines = parts.flatMap((part) => part.lines.map((line) => line.text))
    push({ type: 'footnote', page: note.page, text: noteText(joinLines(lines, spellings)) }, parts)
  }
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i] as Block
    if (carried.has(block)) continue
    if (block.kind === 'image') {
      const text = options.imageText?.(block)
      if (text !== undefined) push({ type: 'image', page: block.page, text }, [block])
      continue
    }
    if (block.kind === 'table' && block.table) {
      const table: Omit<Element, 'id'> = {
        type: 'table',
        page: block.page,
        text: tablePlainText(block.table),
        table: block.table,
      }
      if (block.continued) table.continued = true
      push(table, [block])
      continue
    }
    if (block.kind === 'list-item') {
      // The paragraphs taken as an item's own, told apart from an item's text cut off by a
      // column or page break as they are taken.
      const itemParagraphs = new Set<Block>()
      const { parts, end, skipped } = runOn(blocks, i, (last, next, j) => {
        if (next.kind === 'list-item' || continuesParagraph(last, next)) return true
        if (!isItemParagraph(last, next, blocks[j + 1])) return false
        itemParagraphs.add(next)
        return true
      })
      const items: ListItem[] = []
      for (const part of parts) {
        const item = items[items.length - 1]
        if (part.kind === 'list-item' || !item) items.push({ block: part, paragraphs: [] })
        else if (itemParagraphs.has(part)) item.paragraphs.push(part)
        else {
          // An item cut off by a column or page break goes on at the head of the next column.
          const cut = item.paragraphs.pop() ?? item.block
          const joined = withLines(cut, [...cut.lines, ...part.lines])
          if (cut === item.block) item.block = joined
          else item.paragraphs.push(joined)
        }
      }
      push(listElement(items, spellings), parts)
      pushFurniture(skipped)
      i = end
      continue
    }
    if (block.kind === 'paragraph') {
      const { parts, end, skipped } = runOn(blocks, i, continuesParagraph, isBareNumber)
      const lines = parts.flatMap((part) => part.lines.map((line) => line.text))
      push({ type: 'paragraph', page: block.page, text: joinLines(lines, spellings) }, parts)
      pushFurniture(skipped)
      i = end
      continue
    }
    if (block.kind === 'code') {
      const { parts, end, skipped } = runOn(
        blocks,
        i,
        (last, next, _at, listing) =>
          (next.kind === 'code' || isListingEndOverleaf(last, next)) &&
          continuesListing(listing, next),
      )
      push({ type: 'code', page: block.page, text: codeText(parts) }, parts)
      pushFurniture(skipped)
      i = end
      continue
    }
    const text = blockText(block, spellings)
    if (block.kind === 'heading') {
      push({ type: 'heading', page: block.page, text, level: block.level ?? 1 }, [block])
    } else if (block.kind === 'footnote') {
      pushNote(block)
    } else {
      push({ type: block.kind, page: block.page, text }, [block])
    }
  }
  return elements
}

/**
 * The rests of notes broken over a page, by the note each ends: a page's first note, marked as
 * going on from the page before's last.
 */
function notesOverleaf(blocks: readonly Block[]): Map<Block, Block> {
  const rests = new Map<Block, Block>()
  let last: Block | undefined
  for (const block of blocks) {
    if (block.kind !== 'footnote') continue
    if (block.continuesNote && last !== undefined && last.page === block.page - 1) {
      rests.set(last, block)
    }
    last = block
  }
  return rests
}

/** A block's lines joined into its text, as `joinLines` joins them. */
function blockText(block: Block, spellings: Spellings): string {
  return joinLines(
    block.lines.map((line) => line.text),
    spellings,
  )
}

/** A note's text, its number parted from the text where it was set against it. */
function noteText(text: string): string {
  return text.replace(GLUED_NOTE_NUMBER, '$1 ')
}

/** Options of `buildElements`. */
export interface ElementOptions {
  /** Give every element its bounding box (hybrid). */
  boxes: boolean
  /** The Markdown that stands for an image block (its reference); no element when undefined. */
  imageText?: (block: Block) => string | undefined
}

/**
 * The block at `start` and those after it that go on from it one by one, by `goesOn` (told the
 * last one taken, and all those taken), past the running heads, footers and notes between them
 * at a page break, and past blocks that `passable` lets by: the blocks taken, the index of the
 * last, and the blocks passed, which follow them.
 */
function runOn(
  blocks: readonly Block[],
  start: number,
  goesOn: (last: Block, next: Block, at: number, taken: readonly Block[]) => boolean,
  passable: (block: Block) => boolean = () => false,
): { parts: Block[]; end: number; skipped: Block[] } {
  const parts = [blocks[start] as Block]
  const skipped: Block[] = []
  let end = start
  for (let j = start + 1; j < blocks.length; j++) {
    const next = blocks[j] as Block
    if (isFurniture(next) || passable(next)) continue
    if (!goesOn(parts[parts.length - 1] as Block, next, j, parts)) break
    for (let k = end + 1; k < j; k++) skipped.push(blocks[k] as Block)
    parts.push(next)
    end = j
  }
  return { parts, end, skipped }
}

/**
 * Whether a line in typewriter type alone atop a page, which reads as a line of its own there, is
 * the last line of the listing at the foot of the page before: no further left than the
 * listing's last part (text in typewriter type throughout sets its next term further left).
 */
function isListingEndOverleaf(last: Block, next: Block): boolean {
  return (
    next.monospace &&
    next.lines.length === 1 &&
    next.page !== last.page &&
    next.left > last.left - 0.5 * last.fontSize
  )
}

/** The box around an element's blocks on its first page (a paragraph may go on overleaf). */
function boxOf(blocks: readonly Block[], page: number): [number, number, number, number] {
  // Nearly every element is one block, on its own page: no list to filter.
  const own = blocks.length === 1 ? blocks : blocks.filter((block) => block.page === page)
  const { left, top, right, bottom } = extentOf(own)
  return roundBox([left, top, right, bottom])
}

/**
 * Whether a block is a paragraph of a bare number: between the parts of a paragraph that a
 * column break cut mid-sentence, the number of a page that has no other to repeat it.
 */
function isBareNumber(block: Block): boolean {
  return (
    block.kind === 'paragraph' &&
    block.lines.length === 1 &&
    BARE_NUMBER.test(block.lines[0]?.text ?? '')
  )
}

type FurnitureBlock = Block & { kind: 'header' | 'footer' | 'footnote' }

function isFurniture(block: Block): block is FurnitureBlock {
  return block.kind === 'header' || block.kind === 'footer' || block.kind === 'footnote'
}

/** A list item, with the paragraphs of its own set under its text after its first. */
interface ListItem {
  block: Block
  paragraphs: Block[]
}

/**
 * Whether `paragraph` is a further paragraph of the list item `item`: set under it, in line with
 * its text where its lines hang right of its marker, with the list going on after it (`after`,
 * an item in line with `item`). A paragraph after a list's last item is the text's own.
 */
function isItemParagraph(item: Block, paragraph: Block, after: Block | undefined): boolean {
  if (item.kind !== 'list-item' || paragraph.kind !== 'paragraph') return false
  if (after?.kind !== 'list-item' || Math.abs(after.left - item.left) > 0.5 * item.fontSize) {
    return false
  }
  const em = item.fontSize
  const hanging = item.lines[1]
  // Where the item's text starts: its wrapped lines' edge; an item of one line shows none, and
  // its paragraph may stand anywhere a marker's width or a tab's right of its marker.
  const underText =
    hanging === undefined
      ? paragraph.left >= item.left + 0.5 * em && paragraph.left <= item.left + ITEM_TAB_EM * em
      : hanging.left >= item.left + 0.5 * em && Math.abs(paragraph.left - hanging.left) <= 0.3 * em
  return (
    underText &&
    paragraph.page === item.page &&
    // Lines set solid touch: the paragraph's top may meet the item's foot.
    paragraph.top > item.bottom - 1 &&
    paragraph.top - item.bottom < ITEM_PARAGRAPH_GAP_EM * em
  )
}

/** Furthest right of its marker, in font sizes, that a one-line item's paragraph stands. */
const ITEM_TAB_EM = 4
/** Most space between a list item and a paragraph of its own, in font sizes. */
const ITEM_PARAGRAPH_GAP_EM = 2.5

function listElement(items: readonly ListItem[], spellings: Spellings): Omit<Element, 'id'> {
  const texts: string[] = []
  const markdown: string[] = []
  // The items the next one may nest under, each with its depth and where its text starts:
  // CommonMark nests an item only under an item whose text starts no further right than it
  // does ("2. " takes three spaces). A list may open deeper than it goes on (its first items
  // indented past a later, shallower one), so depths count relative to the items still open.
  const open: Array<{ depth: number; textColumn: number }> = []
  for (const { block: item, paragraphs } of items) {
    const marker = item.marker ?? ''
    const lines = item.lines.map((line) => line.text)
    lines[0] = (lines[0] ?? '').slice((lines[0] ?? '').indexOf(marker) + marker.length).trimStart()
    const paragraphTexts = [joinLines(lines, spellings)]
    for (const paragraph of paragraphs) paragraphTexts.push(blockText(paragraph, spellings))
    // A checklist's item keeps its box: whether it is ticked is part of what it says.
    const check = checkState(marker)
    texts.push(`${check === undefined ? '' : `${marker} `}${paragraphTexts.join('\n\n')}`)
    const number = isOrdered(item) ? itemNumber(marker) : undefined
    const bullet = number ?? '-'
    // Letters, Roman numerals and numbers in brackets ("(a)", "iv.", "(2)") make no CommonMark
    // list: such an item is a bullet that keeps its label, or its lines would run together. A
    // checklist's box is a GFM task item's.
    const label =
      check !== undefined
        ? `[${check === 'done' ? 'x' : ' '}] `
        : isOrdered(item) && number === undefined
          ? `${marker} `
          : ''
    const depth = item.depth ?? 0
    while (open.length > 0 && (open[open.length - 1] as { depth: number }).depth >= depth) {
      open.pop()
    }
    const indent = open[open.length - 1]?.textColumn ?? 0
    const textColumn = indent + bullet.length + 1
    open.push({ depth, textColumn })
    // An item's further paragraphs stand under its text, a blank line apart.
    const [first, ...more] = paragraphTexts
    markdown.push(`${' '.repeat(indent)}${bullet} ${label}${first}`)
    for (const paragraph of more) markdown.push('', `${' '.repeat(textColumn)}${paragraph}`)
  }
  const page = (items[0] as ListItem).block.page
  return { type: 'list', page, text: markdown.join('\n'), items: texts }
}

/**
 * An item number as CommonMark lists it: "2." and "2)" as they are, a bare "2" as "2."; undefined
 * for a number in brackets, which CommonMark lists no items by (a statute's "(2)", cited as such:
 * "subsection (2)(b)"), and for a marker of letters or Roman numerals.
 */
function itemNumber(marker: string): string | undefined {
  const number = /^(\d+)([.)]?)$/.exec(marker)
  return number ? `${number[1]}${number[2] || '.'}` : undefined
}

/**
 * The lines of a listing's blocks (one page's, one after another), indented from its leftmost
 * line in characters of its type, with a blank line wherever lines stand a blank line apart:
 * further than the listing's closest line pitch would put them.
 */
function codeText(parts: readonly Block[]): string {
  const left = Math.min(...parts.map((part) => part.left))
  const lines = parts.flatMap((part) => part.lines)
  const steps = lines.map((line, i) => line.baseline - (lines[i - 1]?.baseline ?? line.baseline))
  let pitch = Number.POSITIVE_INFINITY
  for (const step of steps) if (step > 0) pitch = Math.min(pitch, step)
  const advance = characterWidth(lines)
  return lines
    .map((line, i) => {
      const spaces = Math.max(0, Math.round((line.left - left) / advance))
      const text = ' '.repeat(Math.min(spaces, MAX_INDENT)) + line.text
      return (steps[i] as number) > BLANK_LINE_PITCH * pitch ? `\n${text}` : text
    })
    .join('\n')
}

/** A listing's indentation is kept up to this many characters. */
const MAX_INDENT = 40

/**
 * The advance of one character of a listing's typewriter type: the median over its lines of a
 * line's width per character, or 0.6 em (a typical typewriter face) for lines too short to tell.
 */
function characterWidth(lines: readonly Line[]): number {
  const widths = lines
    .filter((line) => line.text.length >= 4)
    .map((line) => (line.right - line.left) / line.text.length)
    .sort((a, b) => a - b)
  const median = widths[Math.floor(widths.length / 2)]
  return median ?? 0.6 * (lines[0]?.fontSize ?? 10)
}
