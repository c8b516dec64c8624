import { describe, expect, it } from 'vitest'
import { type RawTextItem, toTextRuns } from './text-runs.js'

const item = (str: string, x: number, width: number): RawTextItem => ({
  str,
  dir: 'ltr',
  transform: [10, 0, 0, 10, x, 700],
  width,
  fontName: 'f1',
})

describe('toTextRuns', () => {
  it('keeps a glyph pdf.js found no Unicode for as a textless run, counted unreliable', () => {
    const page = toTextRuns(
      [item('', 72, 0), item('', 72, 5), item(' ', 77, 5), item('First item', 82, 50)],
      {},
      [1, 0, 0, -1, 0, 792],
    )
    expect(page.runs.map((run) => [run.text, run.left, run.right])).toEqual([
      [' ', 72, 77],
      ['First item', 82, 132],
    ])
    expect(page.unreliableChars).toBe(1)
  })
})
