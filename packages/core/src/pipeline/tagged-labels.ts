import { isBullet } from './list-markers.js'
import type { RawTextItem } from './text-runs.js'

/** A pdf.js text-content item: a piece of text, or the start or end of a marked-content sequence. */
export type MarkedTextItem = RawTextItem | { type: string; tag?: string }

/** Where a drawn bullet stands before its item's text, and how wide it is, in ems of that text. */
const BULLET_OFFSET_EMS = 1
const BULLET_WIDTH_EMS = 0.35

/**
 * The text items of a tagged page, with a `•` item in front of each list item whose label holds
 * no text. A browser tags each list item's label (`Lbl`) but draws a bullet as a shape, which the
 * text layer never shows: the label's marked content is empty. The `•` stands where a bullet
 * would, an em before the item's first text, so that the item reads as a bulleted one. Labels
 * with text (numbers, bullet glyphs) are the text's own.
 */
export function withDrawnLabels(items: readonly MarkedTextItem[]): RawTextItem[] {
  const text: RawTextItem[] = []
  // Open marked-content sequences: whether each is a label, and whether text showed inside it.
  const open: { label: boolean; shown: boolean }[] = []
  let pending = false
  let previous: RawTextItem | undefined
  for (const item of items) {
    if ('str' in item) {
      if (item.str.trim().length > 0) {
        for (const sequence of open) sequence.shown = true
        // A label with text of its own after an empty one: the item is marked by that text.
        if (open.some((sequence) => sequence.label)) pending = false
        // So is an item whose bullet glyph was drawn outside its label, just before it.
        if (
          previous &&
          isBullet(previous.str.trim()) &&
          previous.transform[5] === item.transform[5]
        )
          pending = false
        if (pending) {
          const bullet = bulletBefore(item)
          if (bullet) text.push(bullet)
          pending = false
        }
        previous = item
      }
      text.push(item)
    } else if (item.type === 'beginMarkedContent' || item.type === 'beginMarkedContentProps') {
      // Only a sequence with properties belongs to the structure tree (its MCID links it there).
      open.push({
        label: item.tag === 'Lbl' && item.type === 'beginMarkedContentProps',
        shown: false,
      })
    } else if (item.type === 'endMarkedContent') {
      const closed = open.pop()
      if (closed?.label && !closed.shown) pending = true
    }
  }
  return text
}

/** A `•` item an em before `item` on its baseline; none for rotated or right-to-left text. */
function bulletBefore(item: RawTextItem): RawTextItem | undefined {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform
  if (b !== 0 || c !== 0 || a <= 0 || item.dir === 'rtl') return undefined
  return {
    str: '•',
    dir: 'ltr',
    transform: [a, b, c, d, e - BULLET_OFFSET_EMS * a, f],
    width: BULLET_WIDTH_EMS * a,
    fontName: item.fontName,
  }
}
