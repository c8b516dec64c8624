import type { Chunk, Element, Table } from '@pdfx/schema'
import { toMarkdown } from './markdown.js'
import { tableToMarkdown } from './table-markdown.js'
import { countTokens, splitByTokens } from './tokens.js'

/** Options of chunking. */
export interface ChunkOptions {
  /** Most tokens (o200k_base) in one chunk. */
  tokens: number
}

/**
 * Where a sentence ends: after its full stop and the spaces before a capital or a figure, or
 * right after a Chinese or Japanese full stop, which no space follows.
 */
const SENTENCE_END = /(?<=[.!?]["')\]]?\s+)(?=["'([]?[\p{Lu}\d])|(?<=[。！？][」』）]?)/u

function chunkId(index: number): string {
  return `ch_${String(index + 1).padStart(4, '0')}`
}

interface Piece {
  text: string
  page: number
  elementId: string
}

/**
 * Packs whole elements, in reading order, into chunks of at most `tokens` tokens. A heading
 * closes the chunk before it, so a chunk stays inside one section when it can, and opens the
 * chunk of the text under it: headings in a row (a title over its first section's heading) wait
 * for that text, and no chunk holds headings alone unless the document ends with them. An element
 * larger than the budget is split at sentence boundaries (at token boundaries only when one
 * sentence is larger still); a table between its rows, each part under the table's header rows.
 * Running headers and footers are left out.
 */
export function chunkElements(elements: readonly Element[], options: ChunkOptions): Chunk[] {
  const budget = Math.max(1, Math.floor(options.tokens))
  const chunks: Chunk[] = []
  let section = ''
  let current: Piece[] = []
  let currentTokens = 0
  /** Headings that wait for the text under them. */
  let headings: Piece[] = []
  let headingTokens = 0
  // "\n\n" is one token, and a join can merge two tokens at the seam: count two to stay under.
  const separatorTokens = 2
  const join = (total: number, tokens: number) => total + (total > 0 ? separatorTokens : 0) + tokens

  const flush = (pieces: Piece[]) => {
    if (pieces.length === 0) return
    const text = pieces.map((piece) => piece.text).join('\n\n')
    chunks.push({
      id: chunkId(chunks.length),
      text,
      tokens: countTokens(text),
      page: (pieces[0] as Piece).page,
      section,
      elementIds: [...new Set(pieces.map((piece) => piece.elementId))],
    })
  }
  const add = (piece: Piece, tokens: number) => {
    if (current.length > 0 && join(currentTokens, tokens) > budget) {
      flush(current)
      current = []
      currentTokens = 0
    }
    current.push(piece)
    currentTokens = join(currentTokens, tokens)
  }

  for (const element of elements) {
    if (element.type === 'header' || element.type === 'footer') continue
    if (element.type === 'heading') {
      flush(current)
      current = []
      currentTokens = 0
      for (const { text, tokens } of splitToBudget(toMarkdown([element]).trimEnd(), budget)) {
        // Headings that would leave their text little room make a chunk of their own.
        if (headings.length > 0 && join(headingTokens, tokens) > budget / 2) {
          flush(headings)
          headings = []
          headingTokens = 0
        }
        headings.push({ text, page: element.page, elementId: element.id })
        headingTokens = join(headingTokens, tokens)
      }
      section = element.text
      continue
    }
    // The headings waiting for this text take their room out of its first chunk.
    const room = Math.max(1, budget - (headings.length > 0 ? join(headingTokens, 0) : 0))
    const pieces =
      element.type === 'table' && element.table
        ? tableParts(element.table, room)
        : splitToBudget(toMarkdown([element]).trimEnd(), room)
    for (const { text, tokens } of pieces) {
      if (text.length === 0) continue
      if (headings.length > 0) {
        current = headings
        currentTokens = headingTokens
        headings = []
        headingTokens = 0
      }
      add({ text, page: element.page, elementId: element.id }, tokens)
    }
  }
  flush(current)
  flush(headings)
  return chunks
}

/** Text and its count of tokens, counted once. */
interface Measured {
  text: string
  tokens: number
}

/** Splits text larger than the budget at sentence ends, packing sentences greedily. */
function splitToBudget(text: string, budget: number): Measured[] {
  const whole = countTokens(text)
  if (whole <= budget) return [{ text, tokens: whole }]
  const pieces: Measured[] = []
  let current = ''
  let currentTokens = 0
  // Each sentence keeps the spaces after it: they are put back as they were.
  for (const sentence of text.split(SENTENCE_END)) {
    const candidate = countTokens((current + sentence).trimEnd())
    if (candidate <= budget) {
      current += sentence
      currentTokens = candidate
      continue
    }
    if (current.length > 0) pieces.push({ text: current.trimEnd(), tokens: currentTokens })
    const alone = countTokens(sentence.trimEnd())
    if (alone <= budget) {
      current = sentence
      currentTokens = alone
    } else {
      for (const part of splitByTokens(sentence.trimEnd(), budget)) {
        pieces.push({ text: part, tokens: countTokens(part) })
      }
      current = ''
    }
  }
  if (current.length > 0) pieces.push({ text: current.trimEnd(), tokens: currentTokens })
  return pieces
}

/**
 * A table as Markdown in parts of at most `budget` tokens, cut between rows only: each part
 * repeats the header rows, so that it reads on its own. A row too large for a part of its own
 * is split like text.
 */
function tableParts(table: Table, budget: number): Measured[] {
  const whole = tableToMarkdown(table)
  const wholeTokens = countTokens(whole)
  if (wholeTokens <= budget) return [{ text: whole, tokens: wholeTokens }]
  const header = Array.from({ length: Math.min(table.headerRows, table.rows - 1) }, (_, i) => i)
  const render = (rows: readonly number[]) =>
    tableToMarkdown(tableRows(table, [...header, ...rows]))
  const headerTokens = header.length > 0 ? countTokens(render([])) : 0
  const parts: Measured[] = []
  let group: number[] = []
  let groupTokens = headerTokens
  const close = () => {
    if (group.length === 0) return
    const text = render(group)
    const tokens = countTokens(text)
    // Rows counted one by one may add up to a little less than their table: cut it again.
    if (tokens > budget && group.length > 1) {
      const rows = group
      const half = Math.ceil(rows.length / 2)
      group = rows.slice(0, half)
      close()
      group = rows.slice(half)
      close()
      return
    }
    if (tokens <= budget) parts.push({ text, tokens })
    else parts.push(...splitToBudget(text, budget))
    group = []
    groupTokens = headerTokens
  }
  for (let row = header.length; row < table.rows; row++) {
    const tokens = countTokens(render([row])) - headerTokens
    if (group.length > 0 && groupTokens + tokens > budget) close()
    group.push(row)
    groupTokens += tokens
  }
  close()
  return parts
}

/** The table of `rows` alone, in that order, spans clipped to them. */
function tableRows(table: Table, rows: readonly number[]): Table {
  const position = new Map(rows.map((row, index) => [row, index]))
  const cells = []
  for (const cell of table.cells) {
    const row = position.get(cell.row)
    if (row === undefined) continue
    let rowSpan = 1
    while (rowSpan < cell.rowSpan && position.get(cell.row + rowSpan) === row + rowSpan) rowSpan++
    cells.push({ ...cell, row, rowSpan })
  }
  return {
    ...table,
    rows: rows.length,
    headerRows: Math.min(table.headerRows, rows.length),
    cells,
  }
}
