import { describe, expect, it } from 'vitest'
import { decodeTexControls, TexEncodingEvidence } from './tex-encodings.js'
import { type RawTextItem, toTextRuns } from './text-runs.js'

/** A pdf.js item of `font` at size 10, its baseline `y` points from the bottom of the page. */
const item = (str: string, font: string, y = 700): RawTextItem => ({
  str,
  dir: 'ltr',
  transform: [10, 0, 0, 10, 72, y],
  width: str.length * 5,
  fontName: font,
})

describe('TeX encodings', () => {
  it('reads the ligatures, dashes and quotes of a T1 font that pdf.js left as control codes', () => {
    const items = [
      item('o\u001bered a \u001cne \u001fu\u001by wa\u001fe, e\u001ecient', 'cork', 700),
      item('pages 10\u001520 for the \u0010quoted\u0011 text \u0016 as set', 'cork', 688),
    ]
    const { runs, unreliableChars } = toTextRuns(items, {}, [1, 0, 0, -1, 0, 792])
    expect(runs.map((run) => run.text.trim())).toEqual([
      'offered a fine ffluffy waffle, efficient',
      'pages 10-20 for the "quoted" text \u2014 as set',
    ])
    expect(unreliableChars).toBe(0)
  })

  it('tells OT1 fonts, whose ligatures come first, from T1 ones, font by font', () => {
    const evidence = new TexEncodingEvidence()
    evidence.add('cmr', 'the \u000cxed e\u000eciency of o\u000bers')
    evidence.add('ec', 'the \u001cxed e\u001eciency')
    evidence.add('plain', 'no codes here')
    expect(evidence.encodingOf('cmr')).toBe('OT1')
    expect(evidence.encodingOf('ec')).toBe('T1')
    expect(evidence.encodingOf('plain')).toBeUndefined()
    expect(decodeTexControls('the \u000cxed \u001c set', 'OT1')).toBe('the fixed \u00f8 set')
  })

  it('reads the dashes of a T1 font that sets no ligature, between words or figures', () => {
    const items = [item('Text set in EC fonts \u0015 with an en dash, pages 10\u001520', 'ec')]
    const { runs } = toTextRuns(items, {}, [1, 0, 0, -1, 0, 792])
    expect(runs.map((run) => run.text.trim())).toEqual([
      'Text set in EC fonts - with an en dash, pages 10-20',
    ])
    // A lone glyph of some other font's between spaces, with no word beyond them, says nothing.
    const evidence = new TexEncodingEvidence()
    evidence.add('glyphs', '\u0015 \u0016 \u0015')
    expect(evidence.encodingOf('glyphs')).toBeUndefined()
  })

  it('leaves a symbol font alone whose codes stand among other codes, not in words', () => {
    const items = [item('\u001d\u0017\u0016 \u0015\u0014\u0013 narratives', 'symbols')]
    const { runs } = toTextRuns(items, {}, [1, 0, 0, -1, 0, 792])
    expect(runs.map((run) => run.text.trim())).toEqual(['narratives'])
  })
})
