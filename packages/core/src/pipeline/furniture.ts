import type { Block } from './types.js'

/** Share of the page height at the top and at the bottom where running headers and footers live. */
const MARGIN_SHARE = 0.12
/** A margin text repeated on at least this share of pages is a running header or footer. */
const REPEAT_SHARE = 0.4

const PAGE_NUMBER =
  /^(?:page\s+)?[-–—(]?\s*(?:\d{1,4}|[ivxlcdm]{1,7})\s*[-–—)]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i

/** One page's blocks with the page height, as the furniture detector sees them. */
export interface FurniturePage {
  height: number
  blocks: Block[]
}

/**
 * Marks running headers, footers and page numbers: blocks in the top or bottom margin whose text,
 * with digits blanked out, repeats across pages, and bare page numbers in the margins. A
 * single-page document has no repetition to go by, so nothing is marked there.
 */
export function markFurniture(pages: readonly FurniturePage[]): void {
  if (pages.length < 2) return
  const counts = new Map<string, number>()
  const keysOf = (page: FurniturePage) => {
    const keys = new Set<string>()
    for (const block of page.blocks) {
      const zone = marginZone(block, page.height)
      if (zone) keys.add(`${zone}:${furnitureKey(block)}`)
    }
    return keys
  }
  const pageKeys = pages.map(keysOf)
  for (const keys of pageKeys) {
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  const threshold = Math.max(2, Math.ceil(REPEAT_SHARE * pages.length))
  for (const page of pages) {
    for (const block of page.blocks) {
      const zone = marginZone(block, page.height)
      if (!zone) continue
      const text = blockText(block)
      const repeated = (counts.get(`${zone}:${furnitureKey(block)}`) ?? 0) >= threshold
      if (repeated || PAGE_NUMBER.test(text)) block.kind = zone === 'top' ? 'header' : 'footer'
    }
  }
}

function marginZone(block: Block, height: number): 'top' | 'bottom' | undefined {
  if (block.lines.length > 3) return undefined
  if (block.bottom <= height * MARGIN_SHARE) return 'top'
  if (block.top >= height * (1 - MARGIN_SHARE)) return 'bottom'
  return undefined
}

/** Text with digits blanked, so "Page 3 of 9" and "Page 4 of 9" match. */
function furnitureKey(block: Block): string {
  return blockText(block).toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ')
}

function blockText(block: Block): string {
  return block.lines
    .map((line) => line.text)
    .join(' ')
    .trim()
}
