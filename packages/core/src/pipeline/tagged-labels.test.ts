import { describe, expect, it } from 'vitest'
import { type MarkedTextItem, withDrawnLabels } from './tagged-labels.js'
import type { RawTextItem } from './text-runs.js'

const text = (str: string, x = 90): RawTextItem => ({
  str,
  dir: 'ltr',
  transform: [10, 0, 0, 10, x, 700],
  width: str.length * 5,
  fontName: 'f1',
})
const begin = (tag: string, props = true): MarkedTextItem => ({
  type: props ? 'beginMarkedContentProps' : 'beginMarkedContent',
  tag,
})
const end: MarkedTextItem = { type: 'endMarkedContent' }

describe('withDrawnLabels', () => {
  it('puts a bullet an em before the text of an item whose label holds no text', () => {
    const items = withDrawnLabels([
      begin('Lbl'),
      end,
      begin('LBody'),
      text(''),
      text('Two pairs of wool socks'),
      end,
    ])
    expect(items.map((item) => item.str)).toEqual(['', '•', 'Two pairs of wool socks'])
    expect(items[1]?.transform[4]).toBe(80)
  })

  it('leaves items alone whose label is text, or whose empty label is no structure element', () => {
    const numbered = withDrawnLabels([
      begin('Lbl'),
      text('1.', 80),
      end,
      text('Check the forecast'),
    ])
    expect(numbered.map((item) => item.str)).toEqual(['1.', 'Check the forecast'])
    // An empty label, then the item's own "a.".
    const lettered = withDrawnLabels([
      begin('Lbl'),
      end,
      begin('Lbl'),
      text('a.', 80),
      end,
      text('The head and brain'),
    ])
    expect(lettered.map((item) => item.str)).toEqual(['a.', 'The head and brain'])
    // A bullet glyph drawn just before the item, outside its empty label, is the item's own.
    const glyph = withDrawnLabels([text('•', 80), begin('Lbl'), end, text('Sleep habits')])
    expect(glyph.map((item) => item.str)).toEqual(['•', 'Sleep habits'])
    // Without properties, a sequence has no MCID: the structure tree does not hold it.
    const unlinked = withDrawnLabels([begin('Lbl', false), end, text('A note')])
    expect(unlinked.map((item) => item.str)).toEqual(['A note'])
  })

  it('puts the bullet of a right-to-left item right of its first line', () => {
    // A browser draws the line left to right: the period first, then the words.
    const rtl = (str: string, x: number): RawTextItem => ({ ...text(str, x), dir: 'rtl' })
    const items = withDrawnLabels([
      begin('Lbl'),
      end,
      begin('LBody'),
      text('.', 100),
      rtl('בקיץ', 105),
      rtl('הביקוש עלה', 130),
      end,
    ])
    expect(items.map((item) => item.str)).toEqual(['•', '.', 'בקיץ', 'הביקוש עלה'])
    // The line ends at 180: the bullet stands an em past it, 3.5 pt wide.
    expect(items[0]?.transform[4]).toBe(186.5)
  })
})
