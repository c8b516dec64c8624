import { medianFontSize } from './extent.js'
import { PAGE_NUMBER } from './page-label.js'
import { measureText } from './text-statistics.js'
import type { Block, Line } from './types.js'
import { countWords } from './words.js'

/** Share of the page height at the bottom where running footers live... */
const MARGIN_SHARE = 0.12
/** ...and at the top, where running heads live: LaTeX sets its heads 13% down the page. */
const TOP_MARGIN_SHARE = 0.14
/** Share of the page height at the top and at the bottom that a band stacked on a header or footer may reach. */
const STACKED_SHARE = 0.25
/** A margin text repeated on at least this share of pages is a running header or footer. */
const REPEAT_SHARE = 0.4
/** How far a repeated margin text's type size may stray from its usual size, as a share of it. */
const SIZE_TOLERANCE = 0.2
/**
 * Margin texts set at least this many times the body's size that repeat only with other numbers
 * inside them, not just a page number at one end, are numbered headings that open their pages
 * ("2 Area 2 overview", "Area 3 overview"), not running heads, which are set at or below the
 * body's size ("Domestic Trade 639" may be larger than a page of small table figures).
 */
const HEADING_SIZE_RATIO = 1.15

/**
 * A block in a page's top or bottom margin, or a bare number just outside it, read once for what
 * the detector asks of it.
 */
interface MarginBlock {
  block: Block
  zone: 'top' | 'bottom'
  /** The zone and the text with digits blanked out: equal keys repeat across pages. */
  key: string
  /** The zone and the text as it is. */
  exact: string
  /** Whether the text is a bare page number. */
  pageNumber: boolean
  /** The page number's value, when it is written in digits. */
  folio: number | undefined
  /**
   * Whether the block lies within the margin. A bare number outside it, with nothing between it
   * and the page's edge, counts only when its value keeps the page numbering: LaTeX sets its page
   * numbers that far from the edge of a letter page.
   */
  inMargin: boolean
}

/** One page's blocks with the page height, as the furniture detector sees them. */
export interface FurniturePage {
  height: number
  blocks: Block[]
}

/**
 * Marks running headers, footers and page numbers: blocks in the top or bottom margin whose text,
 * with digits blanked out, repeats across pages, bare page numbers in the margins, and the text
 * on a page number's line. A single-page document has no repetition to go by, so nothing is
 * marked there.
 */
export function markFurniture(pages: readonly FurniturePage[]): void {
  if (pages.length < 2) return
  // Each margin block once: its zone, its text with digits blanked out, its number if it is one.
  const candidates = pages.map((page) =>
    page.blocks.flatMap((block): MarginBlock[] => {
      const zone = marginZone(block, page.height)
      if (zone) {
        const text = blockText(block)
        const pageNumber = PAGE_NUMBER.test(text)
        const folio = pageNumber ? folioValue(text) : undefined
        const key = `${zone}:${furnitureKey(text)}`
        return [{ block, zone, key, exact: `${zone}:${text}`, pageNumber, folio, inMargin: true }]
      }
      const outer = outermostZone(block, page)
      const text = outer ? blockText(block) : ''
      if (!outer || !PAGE_NUMBER.test(text)) return []
      return [
        {
          block,
          zone: outer,
          key: '',
          exact: '',
          pageNumber: false,
          folio: folioValue(text),
          inMargin: false,
        },
      ]
    }),
  )
  const counts = countPages(candidates)
  const alternating = alternatingKeys(candidates)
  const exactCounts = countPages(
    candidates.map((onPage) => onPage.map(({ exact }) => ({ key: exact }))),
  )
  const sizes = typicalSizes(candidates)
  const threshold = Math.max(2, Math.ceil(REPEAT_SHARE * pages.length))
  // Asked only of numbered margin texts that do not repeat exactly, once.
  let headingSize: number | undefined
  const isHeadingSized = (block: Block) => {
    headingSize ??= HEADING_SIZE_RATIO * measureText(pages).bodySize
    return block.fontSize >= headingSize
  }
  const heads = new Set<string>()
  for (const onPage of candidates) {
    for (const { block, zone } of onPage) {
      if (zone === 'top' && block.lines.length === 1)
        for (const text of headTexts(block)) heads.add(text)
    }
  }
  const titles = titlesNamed(pages, heads)
  const folioOffset = pageNumberOffset(candidates)
  const foliosOf = (onPage: readonly MarginBlock[]) =>
    folioOffset === undefined
      ? []
      : onPage.filter(({ block, folio }) => folio === block.page + folioOffset)
  const slots = candidates.flatMap(foliosOf)
  // A table's header row repeated over each page it runs on stays content where it first
  // stands: the table's columns are named there.
  const headerRows = new Set<string>()
  for (const [index, onPage] of candidates.entries()) {
    const page = pages[index] as FurniturePage
    const folios = foliosOf(onPage)
    // Running heads stand on a page number's line, in digits or in Roman numerals (a bare number
    // in the margin that has no value in digits is one).
    const numbers = [
      ...folios,
      ...onPage.filter((c) => c.inMargin && c.pageNumber && c.folio === undefined),
    ]
    const outermost = outermostByKey(onPage)
    for (const { block, zone, key, exact, pageNumber, folio, inMargin } of onPage) {
      if (!inMargin) {
        if (folios.some((folio) => folio.block === block) || isFrontMatterFolio(block, slots))
          block.kind = zone === 'top' ? 'header' : 'footer'
        continue
      }
      const typical = sizes.get(key)
      // A running head's text set again on its page, further in, is content: a document's
      // symbol in its masthead under a header that repeats it.
      const repeated =
        outermost.get(key) === block &&
        ((counts.get(key) ?? 0) >= threshold || alternating.has(key)) &&
        isTypicalSize(block, typical?.size) &&
        (typical === undefined || typical.pages >= Math.min(threshold, counts.get(key) ?? 0)) &&
        (!key.includes('#') || (exactCounts.get(exact) ?? 0) >= threshold || !isHeadingSized(block))
      if (repeated && block.tableRow && zone === 'top' && !headerRows.has(exact)) {
        headerRows.add(exact)
        continue
      }
      // A number just left of a line of text level with it is a step's or a note's, however
      // often numbers stand in the margin ("2" of a note on page 1 numbered "27").
      if (pageNumber && numbersTextBeside(block, page)) continue
      // A number that breaks the document's page numbering is no page number: a table's cell
      // at the top of the page it runs on to ("53" on page 3 of pages numbered "Page 3").
      const numbersPage =
        pageNumber &&
        (folioOffset === undefined || folio === undefined || folio === block.page + folioOffset)
      if (
        repeated ||
        numbersPage ||
        (zone === 'bottom' && CONTINUED_MARK.test(exact.slice(zone.length + 1))) ||
        numbers.some((number) => isRunningHead(block, number.block)) ||
        (zone === 'top' &&
          namesTitleElsewhere(block, titles) &&
          !standsUnderTitle(block, page) &&
          !isLabelledValue(block, page))
      ) {
        block.kind = zone === 'top' ? 'header' : 'footer'
      }
    }
  }
  markHeadsOfOneTitle(candidates)
  markFolioHeads(candidates, isHeadingSized)
  markStackedFurniture(pages, threshold)
}

/** The block of each key on a page that stands nearest the page's edge, in its zone. */
function outermostByKey(onPage: readonly MarginBlock[]): Map<string, Block> {
  const outermost = new Map<string, Block>()
  for (const { block, zone, key } of onPage) {
    const other = outermost.get(key)
    const outer =
      other === undefined || (zone === 'top' ? block.top < other.top : block.bottom > other.bottom)
    if (outer) outermost.set(key, block)
  }
  return outermost
}

/** A running head's page number at either end of it: "58 Chapter 4", "4.3 Nominal Sets 59". */
const EDGE_FOLIO = /^(\d{1,4})\s+\D|\D\s+(\d{1,4})$/
/** Pages whose heads number them alike, at least, for their numbers to be the pages'... */
const MIN_FOLIO_HEADS = 3
/** ... of which at least this many are titled: two section headings may open their pages. */
const MIN_TITLED_HEADS = 2

/**
 * Marks the running heads that carry the page's number at one end, where they number the pages
 * in order but their text changes with each section (a book's odd pages name the section they
 * stand in), so that it repeats too seldom to tell. A line in a heading's size is no running
 * head: a manual's numbered chapters, one to a page ("1 Getting Started" on page 2).
 */
function markFolioHeads(
  candidates: readonly MarginBlock[][],
  isHeadingSized: (block: Block) => boolean,
): void {
  const numbered: Array<{ block: Block; offset: number; trailing: boolean }> = []
  const offsets = candidates.map((onPage) => {
    const onThisPage: number[] = []
    for (const { block, zone, folio } of onPage) {
      // Bare page numbers keep the numbering too: a book's pages with no title in their heads.
      if (folio !== undefined) onThisPage.push(folio - block.page)
      if (zone !== 'top' || block.lines.length !== 1 || isHeadingSized(block)) continue
      const match = EDGE_FOLIO.exec(blockText(block))
      if (!match) continue
      const offset = Number(match[1] ?? match[2]) - block.page
      numbered.push({ block, offset, trailing: match[1] === undefined })
      onThisPage.push(offset)
    }
    return onThisPage
  })
  const pagesByOffset = countPagesByOffset(offsets)
  for (const { block, offset, trailing } of numbered) {
    const titled = numbered.filter(
      (head) => head.offset === offset && head.trailing === trailing,
    ).length
    // A number that ends the line is the page's: a section's number opens its title, so one
    // such head is enough (LaTeX's "2.1. Data collection 3", on the one page of its section).
    // Numbers that open lines are told from sections' numbers by standing so twice or more.
    if (
      (pagesByOffset.get(offset) ?? 0) >= MIN_FOLIO_HEADS &&
      (titled >= MIN_TITLED_HEADS || trailing)
    )
      block.kind = 'header'
  }
}

/**
 * The mark at a page's foot that says the text goes on overleaf, as press releases print it
 * ("-more-", "– more –", "(more)"), once or on every page but the last.
 */
const CONTINUED_MARK = /^[-–—(]*\s*more\s*[-–—)]*$/i

/** A step's number stands at most this many of its font sizes left of its text. */
const ITEM_NUMBER_GAP_EMS = 3

/**
 * Whether a number stands just left of a line of text level with it: a step's number in its
 * badge ("1" beside "Check your options"), which no page's number does.
 */
function numbersTextBeside(block: Block, page: FurniturePage): boolean {
  return page.blocks.some((other) => {
    const first = other.lines[0]
    return (
      other !== block &&
      first !== undefined &&
      first.top < block.bottom &&
      first.bottom > block.top &&
      first.left >= block.right &&
      first.left - block.right <= ITEM_NUMBER_GAP_EMS * block.fontSize
    )
  })
}

/** Where a running head's document title ends and the part naming the chapter starts. */
const HEAD_SEPARATOR = / (?:-|–|—|\||·|:) /g
/** Fewest characters of a document title that running heads share before their chapter's name. */
const HEAD_TITLE_MIN_CHARS = 10

/**
 * Marks a margin line as a running head where running heads found on other pages start with the
 * same document title, up to a separator, and only the chapter after it differs ("Operator
 * Manual - 2 Operation" on the one page of its chapter, after "Operator Manual - 1 Getting
 * Started" on two).
 */
function markHeadsOfOneTitle(candidates: readonly MarginBlock[][]): void {
  const titles = new Set<string>()
  for (const onPage of candidates) {
    for (const { block, zone } of onPage) {
      if (block.kind !== 'header' && block.kind !== 'footer') continue
      const title = headTitle(blockText(block))
      if (title !== undefined) titles.add(`${zone}:${title}`)
    }
  }
  if (titles.size === 0) return
  for (const onPage of candidates) {
    for (const { block, zone, inMargin } of onPage) {
      if (!inMargin || block.kind === 'header' || block.kind === 'footer') continue
      if (block.lines.length !== 1) continue
      const title = headTitle(blockText(block))
      if (title !== undefined && titles.has(`${zone}:${title}`)) {
        block.kind = zone === 'top' ? 'header' : 'footer'
      }
    }
  }
}

/** A running head's text up to its last separator, lowercased, when that is long enough. */
function headTitle(text: string): string | undefined {
  let end = -1
  for (const match of text.matchAll(HEAD_SEPARATOR)) end = match.index
  return end >= HEAD_TITLE_MIN_CHARS ? text.slice(0, end).toLowerCase() : undefined
}

/** One-line blocks by their text in lower case, with the pages and sizes they are set on. */
type Titles = Map<string, Array<{ page: number; fontSize: number }>>

/** The one-line blocks of a document that read as one of `texts` (lower case). */
function titlesNamed(pages: readonly FurniturePage[], texts: ReadonlySet<string>): Titles {
  const titles: Titles = new Map()
  for (const page of pages) {
    for (const block of page.blocks) {
      if (block.lines.length !== 1) continue
      const text = blockText(block).toLowerCase()
      if (!texts.has(text)) continue
      const seen = titles.get(text)
      if (seen) seen.push({ page: block.page, fontSize: block.fontSize })
      else titles.set(text, [{ page: block.page, fontSize: block.fontSize }])
    }
  }
  return titles
}

/** A page number at either end of a running head's line: "The Night Ferry 3", "12 Contents". */
const HEAD_FOLIO = /^\d{1,4}\s+(?=\S)|(?<=\S)\s+\d{1,4}$/

/**
 * A one-line running head's text in lower case, whole ("chapter 2") and without the page number
 * it may carry ("the night ferry").
 */
function headTexts(block: Block): string[] {
  const text = blockText(block).toLowerCase()
  const title = text.replace(HEAD_FOLIO, '')
  return title === text ? [text] : [text, title]
}

/**
 * Whether a line in the top margin repeats a title set larger: a running head naming the chapter
 * it runs through ("The Tenant" over the page after the chapter opens with it, or over the
 * opening page itself, above the title, or "The Night Ferry 3" beside the page's number),
 * whatever other pages carry.
 */
function namesTitleElsewhere(block: Block, titles: Titles): boolean {
  if (block.lines.length !== 1) return false
  return headTexts(block).some(
    (text) =>
      /\p{L}{3}/u.test(text) &&
      (titles.get(text) ?? []).some(
        (title) => title.fontSize >= HEADING_SIZE_RATIO * block.fontSize,
      ),
  )
}

/** Most words of a label that names the value beside it on its row. */
const LABEL_MAX_WORDS = 3

/**
 * Whether a block is a value in a row of a document's control table, a label of a few words
 * standing left of it on its line ("Title" beside "New Starter Account Provisioning"): no
 * running head, though it names the document's title.
 */
function isLabelledValue(block: Block, page: FurniturePage): boolean {
  const line = block.lines[0] as Line
  return page.blocks.some((other) => {
    const label = other.lines[other.lines.length - 1]
    return (
      other !== block &&
      label !== undefined &&
      other.right <= block.left &&
      Math.abs(label.baseline - line.baseline) < 0.3 * line.fontSize &&
      countWords(label.text) <= LABEL_MAX_WORDS
    )
  })
}

/**
 * Whether larger type stands over a block on its page, or the end of a sentence in its own: a
 * contents entry under "Contents" names a section set larger elsewhere as a running head does,
 * but no running head stands under a title, nor under text.
 */
function standsUnderTitle(block: Block, page: FurniturePage): boolean {
  return page.blocks.some(
    (other) =>
      other.bottom <= block.top &&
      (other.fontSize >= HEADING_SIZE_RATIO * block.fontSize || endsProseOver(other, block)),
  )
}

/**
 * Whether `upper` is a line of text in the type of `block` that ends a sentence or a clause: a
 * letter's "Sincerely," over its signature atop the last page, no running head's place.
 */
function endsProseOver(upper: Block, block: Block): boolean {
  return (
    upper.fontId === block.fontId &&
    Math.abs(upper.fontSize - block.fontSize) <= 0.05 * block.fontSize &&
    /[.,;:!?]$/.test(blockText(upper))
  )
}

/** A page number in Roman numerals, as front matter is numbered. */
const ROMAN_FOLIO = /^[ivxlcdm]{1,7}$/i

/**
 * Whether a bare Roman numeral stands where the document's page numbers stand on other pages
 * (the same line, centred alike): the front matter's numbering ("iii" under a contents page, set
 * as far from the edge as the "1" under the first chapter's opening page).
 */
function isFrontMatterFolio(block: Block, slots: readonly MarginBlock[]): boolean {
  const line = block.lines[0]
  if (block.lines.length !== 1 || line === undefined || !ROMAN_FOLIO.test(line.text.trim()))
    return false
  const centre = (block.left + block.right) / 2
  return slots.some(({ block: folio }) => {
    const folioLine = folio.lines[0] as Line
    return (
      Math.abs(folioLine.baseline - line.baseline) <= 0.3 * line.fontSize &&
      Math.abs((folio.left + folio.right) / 2 - centre) <= line.fontSize
    )
  })
}

/**
 * The difference between printed page numbers and page positions (a front matter counted apart
 * shifts them) that most pages agree on, when at least two do; undefined otherwise. A number in
 * the margin that keeps it is the page's number, not a note mark or a table's figure.
 */
function pageNumberOffset(candidates: readonly MarginBlock[][]): number | undefined {
  const pagesByOffset = countPagesByOffset(
    candidates.map((onPage) =>
      onPage.flatMap(({ block, folio }) => (folio === undefined ? [] : [folio - block.page])),
    ),
  )
  let best: number | undefined
  let bestPages = 1
  for (const [offset, count] of pagesByOffset) {
    if (count > bestPages) {
      best = offset
      bestPages = count
    }
  }
  return best
}

/** How many pages give each offset of their numbers from the pages', each page once. */
function countPagesByOffset(offsets: readonly (readonly number[])[]): Map<number, number> {
  const pages = new Map<number, number>()
  for (const onPage of offsets) {
    for (const offset of new Set(onPage)) pages.set(offset, (pages.get(offset) ?? 0) + 1)
  }
  return pages
}

/** The value of a bare page number in digits ("12", "- 12 -"); undefined for Roman numerals. */
function folioValue(pageNumber: string): number | undefined {
  const digits = /^\D*(\d+)\D*$/.exec(pageNumber)?.[1]
  return digits === undefined ? undefined : Number(digits)
}

/**
 * Whether a margin block is the running head printed on the line of the page's number: a book's
 * "Chapter 2: Structures ... 3", whose title changes with each chapter and so repeats on too
 * few pages to be found by repetition.
 */
function isRunningHead(block: Block, folio: Block): boolean {
  const line = block.lines[0]
  const folioLine = folio.lines[0]
  if (block.lines.length !== 1 || line === undefined || folioLine === undefined) return false
  const size = Math.max(line.fontSize, folioLine.fontSize)
  return Math.abs(line.baseline - folioLine.baseline) <= 0.3 * size
}

/**
 * A band repeated under a running header (or over a running footer) belongs to it, although it
 * reaches out of the margin: a document title and department printed under the header of every
 * page. Its first occurrence stays content: there it is the document's title.
 */
function markStackedFurniture(pages: readonly FurniturePage[], threshold: number): void {
  const candidates = pages.map((page) =>
    page.blocks.flatMap((block) => {
      const zone = stackedZone(block, page)
      // Exact text: out of the margin, body text that differs only in its numbers ("Section 2
      // says ...") is common, and is not furniture.
      return zone ? [{ block, zone, key: `${zone}:${blockText(block)}` }] : []
    }),
  )
  const counts = countPages(candidates)
  const seen = new Set<string>()
  for (const { block, zone, key } of candidates.flat()) {
    if ((counts.get(key) ?? 0) >= threshold && seen.has(key)) {
      block.kind = zone === 'top' ? 'header' : 'footer'
    }
    seen.add(key)
  }
}

/**
 * The median type size of each key's blocks, and how many pages hold the key in that size. A
 * running header keeps its size from page to page; the title on the first page that it repeats
 * ("Annual Review" over a header "Annual Review", as browsers print a page's title) is set far
 * larger, and is content, as is a letterhead's name that a signature overleaf repeats.
 */
function typicalSizes(
  candidates: readonly MarginBlock[][],
): Map<string, { size: number; pages: number }> {
  const byKey = new Map<string, Array<{ block: Block; page: number }>>()
  for (const [page, onPage] of candidates.entries()) {
    for (const { key, block } of onPage) {
      const blocks = byKey.get(key)
      if (blocks) blocks.push({ block, page })
      else byKey.set(key, [{ block, page }])
    }
  }
  const typical = new Map<string, { size: number; pages: number }>()
  for (const [key, placed] of byKey) {
    const size = medianFontSize(placed.map(({ block }) => block))
    const pages = new Set<number>()
    for (const { block, page } of placed) if (isTypicalSize(block, size)) pages.add(page)
    typical.set(key, { size, pages: pages.size })
  }
  return typical
}

function isTypicalSize(block: Block, typical: number | undefined): boolean {
  return typical === undefined || Math.abs(block.fontSize - typical) <= SIZE_TOLERANCE * typical
}

/** How many pages hold each key. */
/** Fewest pages a margin text set on every other page must stand on to be a running head. */
const ALTERNATE_MIN_PAGES = 3

/**
 * The keys of margin texts set on every other page, without a gap, on a few pages at least: a
 * book's title over its left-hand pages, where its right-hand pages name the chapter. In a short
 * document, or one with much front matter, those pages may fall short of the share that
 * repetition asks for.
 */
function alternatingKeys(candidates: readonly MarginBlock[][]): Set<string> {
  const pagesOf = new Map<string, number[]>()
  for (const onPage of candidates) {
    for (const { key, block, inMargin } of onPage) {
      if (!inMargin) continue
      const pages = pagesOf.get(key)
      if (pages === undefined) pagesOf.set(key, [block.page])
      else if (pages[pages.length - 1] !== block.page) pages.push(block.page)
    }
  }
  const keys = new Set<string>()
  for (const [key, pages] of pagesOf) {
    if (pages.length < ALTERNATE_MIN_PAGES) continue
    if (pages.every((page, i) => i === 0 || page - (pages[i - 1] as number) === 2)) keys.add(key)
  }
  return keys
}

function countPages(candidates: readonly { key: string }[][]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const onPage of candidates) {
    for (const key of new Set(onPage.map((candidate) => candidate.key))) {
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
  }
  return counts
}

/**
 * The zone of a block within the band that sits on the page's header (or footer): only header
 * (footer) blocks lie between it and the page's edge.
 */
function stackedZone(block: Block, page: FurniturePage): 'top' | 'bottom' | undefined {
  if (block.kind !== 'paragraph' || block.lines.length > 3) return undefined
  let zone: 'top' | 'bottom' | undefined
  if (block.bottom <= page.height * STACKED_SHARE) zone = 'top'
  else if (block.top >= page.height * (1 - STACKED_SHARE)) zone = 'bottom'
  else return undefined
  let besideFurniture = false
  for (const other of page.blocks) {
    const between = zone === 'top' ? other.bottom <= block.top : other.top >= block.bottom
    if (!between) continue
    if (other.kind !== (zone === 'top' ? 'header' : 'footer')) return undefined
    besideFurniture = true
  }
  return besideFurniture ? zone : undefined
}

/**
 * The zone of a one-line block within the band where a stacked header or footer may reach, when
 * no other block lies between it and the page's edge.
 */
function outermostZone(block: Block, page: FurniturePage): 'top' | 'bottom' | undefined {
  if (block.lines.length !== 1 || block.kind === 'table' || block.kind === 'image') return undefined
  let zone: 'top' | 'bottom'
  if (block.bottom <= page.height * STACKED_SHARE) zone = 'top'
  else if (block.top >= page.height * (1 - STACKED_SHARE)) zone = 'bottom'
  else return undefined
  for (const other of page.blocks) {
    if (zone === 'top' ? other.bottom <= block.top : other.top >= block.bottom) return undefined
  }
  return zone
}

function marginZone(block: Block, height: number): 'top' | 'bottom' | undefined {
  if (block.lines.length > 3 || block.kind === 'table' || block.kind === 'image') return undefined
  if (block.bottom <= height * TOP_MARGIN_SHARE) return 'top'
  if (block.top >= height * (1 - MARGIN_SHARE)) return 'bottom'
  return undefined
}

/**
 * Text with digits blanked, so "Page 3 of 9" and "Page 4 of 9" match, and without a number at
 * either end: a running title read apart from the page number beside it on one page matches the
 * title and number read as one line on the others.
 */
function furnitureKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ')
    .replace(/^# (?=.*\p{L})|(?<=\p{L}.*) #$/u, '')
}

function blockText(block: Block): string {
  return block.lines
    .map((line) => line.text)
    .join(' ')
    .trim()
}
