import type { Block } from './types.js'

/** Statistics of the whole document that classification compares blocks against. */
export interface TextStatistics {
  /** Size of the body text: the size that draws the most characters. */
  bodySize: number
  /** Font id that draws the most characters. */
  bodyFontId: string
  /** Whether the body text itself is in a monospace font (a typewritten document). */
  bodyMonospace: boolean
}

/** A typewritten document draws more than this share of its characters in typewriter type... */
const TYPEWRITTEN_MIN_SHARE = 0.6
/** ... and has fewer blocks than this in other type, or a smaller share of its characters. */
const TYPESET_MIN_BLOCKS = 3
const TYPESET_MIN_SHARE = 0.05

/** Measures the body text size and font over every line of the document. */
export function measureText(pages: readonly { blocks: readonly Block[] }[]): TextStatistics {
  // Code listings are counted apart: a manual's examples may outweigh its prose, which is still
  // the body its headings stand out from.
  const bySize = new Map<number, number>()
  const byFont = new Map<string, number>()
  const codeBySize = new Map<number, number>()
  const codeByFont = new Map<string, number>()
  let monospaceChars = 0
  let allChars = 0
  let proportionalBlocks = 0
  for (const page of pages) {
    for (const block of page.blocks) {
      // Running heads and footers repeat on every page: on slides they outweigh the body text.
      if (block.kind === 'header' || block.kind === 'footer') continue
      if (!block.monospace && block.kind !== 'table') proportionalBlocks++
      // Running text comes in blocks of several lines; labels, captions and a table's cells do not.
      const weight = block.lines.length > 1 && block.kind !== 'table' ? 2 : 1
      for (const line of block.lines) {
        const n = line.text.length * weight
        const size = Math.round(line.fontSize * 2) / 2
        const sizes = line.monospace ? codeBySize : bySize
        const fonts = line.monospace ? codeByFont : byFont
        sizes.set(size, (sizes.get(size) ?? 0) + n)
        fonts.set(line.fontId, (fonts.get(line.fontId) ?? 0) + n)
        allChars += n
        if (line.monospace) monospaceChars += n
      }
    }
  }
  // A typewritten document is typewriter type throughout, but for a letterhead or a stamp; a
  // cheat sheet's code may outweigh its prose, headed and introduced in type of its own.
  const mostlyMonospace = monospaceChars > allChars * TYPEWRITTEN_MIN_SHARE
  const bodyMonospace =
    mostlyMonospace &&
    (proportionalBlocks < TYPESET_MIN_BLOCKS ||
      allChars - monospaceChars < TYPESET_MIN_SHARE * allChars)
  // Mostly code, the headings still stand out from the code's size: the little prose there is
  // may be outweighed by them.
  if (mostlyMonospace || bySize.size === 0) {
    for (const [size, n] of codeBySize) bySize.set(size, (bySize.get(size) ?? 0) + n)
    for (const [font, n] of codeByFont) byFont.set(font, (byFont.get(font) ?? 0) + n)
  }
  return {
    bodySize: argMax(bySize) ?? 10,
    bodyFontId: argMax(byFont) ?? '',
    bodyMonospace,
  }
}

function argMax<K>(counts: Map<K, number>): K | undefined {
  let best: K | undefined
  let bestCount = -1
  for (const [key, count] of counts) {
    if (count > bestCount) {
      best = key
      bestCount = count
    }
  }
  return best
}
