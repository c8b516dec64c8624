import { countLetters } from './letters.js'
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
 * would, an em before the start of the item's first line: left of it, or right of it where the
 * line is right-to-left text, so that the item reads as a bulleted one. Labels with text
 * (numbers, bullet glyphs) are the text's own.
 */
export function withDrawnLabels(items: readonly MarkedTextItem[]): RawTextItem[] {
  const text: RawTextItem[] = []
  // Open marked-content sequences: whether each is a label, and whether text showed inside it.
  const open: { label: boolean; shown: boolean }[] = []
  let pending = false
  let previous: RawTextItem | undefined
  // Where the first line of an item that takes a bullet starts in `text`, until the line is read.
  let marked: number | undefined
  for (const item of items) {
    if ('str' in item) {
      if (item.str.trim().length > 0) {
        if (marked !== undefined && item.transform[5] !== text[marked]?.transform[5]) {
          placeBullet(text, marked)
          marked = undefined
        }
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
          marked = text.length
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
  if (marked !== undefined) placeBullet(text, marked)
  return text
}

/**
 * Puts a `•` item at `start` in `text`, an em before the line of upright text that starts there
 * (its items on that baseline): left of it, or right of it when most of its letters are of a
 * right-to-left script. A rotated line gets none.
 */
function placeBullet(text: RawTextItem[], start: number): void {
  const first = text[start] as RawTextItem
  const [a = 0, b = 0, c = 0, d = 0, , f = 0] = first.transform
  if (b !== 0 || c !== 0 || a <= 0) return
  let left = Number.POSITIVE_INFINITY
  let right = Number.NEGATIVE_INFINITY
  let rtl = 0
  let letters = 0
  for (let i = start; i < text.length; i++) {
    const item = text[i] as RawTextItem
    if (item.transform[5] !== f || item.str.trim().length === 0) continue
    const x = item.transform[4] ?? 0
    left = Math.min(left, x)
    right = Math.max(right, x + item.width)
    const count = countLetters(item.str)
    letters += count
    if (item.dir === 'rtl') rtl += count
  }
  const x =
    rtl * 2 > letters
      ? right + (BULLET_OFFSET_EMS - BULLET_WIDTH_EMS) * a
      : left - BULLET_OFFSET_EMS * a
  text.splice(start, 0, {
    str: '•',
    dir: 'ltr',
    transform: [a, b, c, d, x, f],
    width: BULLET_WIDTH_EMS * a,
    fontName: first.fontName,
  })
}
