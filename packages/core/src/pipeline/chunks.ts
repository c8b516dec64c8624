import type { Chunk, Element } from '@pdfx/schema'
import { toMarkdown } from './markdown.js'
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
  tokens: number
  page: number
  elementId: string
}

/**
 * Packs whole elements, in reading order, into chunks of at most `tokens` tokens. A heading
 * closes the chunk before it, so a chunk stays inside one section when it can; an element larger
 * than the budget is split at sentence boundaries (at token boundaries only when one sentence is
 * larger still). Running headers and footers are left out.
 */
export function chunkElements(elements: readonly Element[], options: ChunkOptions): Chunk[] {
  const budget = Math.max(1, Math.floor(options.tokens))
  const chunks: Chunk[] = []
  let section = ''
  let current: Piece[] = []
  let currentTokens = 0
  // "\n\n" is one token, and a join can merge two tokens at the seam: count two to stay under.
  const separatorTokens = 2

  const flush = () => {
    if (current.length === 0) return
    const text = current.map((piece) => piece.text).join('\n\n')
    chunks.push({
      id: chunkId(chunks.length),
      text,
      tokens: countTokens(text),
      page: (current[0] as Piece).page,
      section,
      elementIds: [...new Set(current.map((piece) => piece.elementId))],
    })
    current = []
    currentTokens = 0
  }

  for (const element of elements) {
    if (element.type === 'header' || element.type === 'footer') continue
    if (element.type === 'heading') {
      flush()
      section = element.text
    }
    const text = toMarkdown([element]).trimEnd()
    if (text.length === 0) continue
    for (const piece of splitToBudget(text, budget)) {
      const tokens = countTokens(piece)
      if (current.length > 0 && currentTokens + separatorTokens + tokens > budget) flush()
      current.push({ text: piece, tokens, page: element.page, elementId: element.id })
      currentTokens += (current.length > 1 ? separatorTokens : 0) + tokens
    }
  }
  flush()
  return chunks
}

/** Splits text larger than the budget at sentence ends, packing sentences greedily. */
function splitToBudget(text: string, budget: number): string[] {
  if (countTokens(text) <= budget) return [text]
  const pieces: string[] = []
  let current = ''
  // Each sentence keeps the spaces after it: they are put back as they were.
  for (const sentence of text.split(SENTENCE_END)) {
    const candidate = current + sentence
    if (countTokens(candidate.trimEnd()) <= budget) {
      current = candidate
      continue
    }
    if (current.length > 0) pieces.push(current.trimEnd())
    if (countTokens(sentence.trimEnd()) <= budget) {
      current = sentence
    } else {
      pieces.push(...splitByTokens(sentence.trimEnd(), budget))
      current = ''
    }
  }
  if (current.length > 0) pieces.push(current.trimEnd())
  return pieces
}
