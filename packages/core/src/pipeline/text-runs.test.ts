import { describe, expect, it } from 'vitest'
import { type RawTextItem, toTextRuns } from './text-runs.js'
import type { TextRun } from './types.js'

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

  it('takes text in a fixed-pitch font for typewriter type, but not Chinese set a full width a character', () => {
    const styles = { f1: { fontFamily: 'monospace', ascent: 0.8, descent: -0.2, vertical: false } }
    const page = toTextRuns(
      [
        item('int count = 0;', 72, 70),
        { ...item('导读这座名为', 72, 60), transform: [10, 0, 0, 10, 72, 680] },
      ],
      styles,
      [1, 0, 0, -1, 0, 792],
    )
    expect(page.runs.map((run) => [run.text, run.monospace])).toEqual([
      ['int count = 0;', true],
      ['导读这座名为', false],
    ])
  })

  it('takes a whitespace item with a width for a word space, but one without for no gap', () => {
    const rtl = (str: string, x: number, width: number) => ({ ...item(str, x, width), dir: 'rtl' })
    // A browser's Arabic: "ال" + "أ" of "الأنشطة", the alef drawn without advance, after which
    // pdf.js emits a whitespace item of no width; then a real word gap before "أهم".
    const page = toTextRuns(
      [rtl('أ', 177.7, 0), item(' ', 177.7, 0.0000092), rtl('ال', 177.7, 9), item(' ', 186.7, 3.5)],
      {},
      [1, 0, 0, -1, 0, 792],
    )
    expect(page.runs.map((run) => run.text)).toEqual(['أ', 'ال '])
  })

  it("reads the alef of a browser's lam-alef ligature that has no Unicode of its own", () => {
    const rtl = (str: string, x: number, width: number) => ({ ...item(str, x, width), dir: 'rtl' })
    // "أولاً": the tanwin, then a NUL without advance where "أول" ends on its ligature's lam.
    const page = toTextRuns(
      [item('\u064B', 501.8, 0), item('\u0000', 502.1, 0), rtl('أول', 502.1, 19.9)],
      {},
      [1, 0, 0, -1, 0, 792],
    )
    expect(page.runs.map((run) => run.text)).toEqual(['\u064B', 'أولا'])
    expect(page.unreliableChars).toBe(0)
    // A NUL elsewhere is an unmapped glyph, counted as such.
    const other = toTextRuns([item('\u0000', 72, 0), rtl('من', 90, 10)], {}, [1, 0, 0, -1, 0, 792])
    expect(other.runs.map((run) => run.text)).toEqual(['', 'من'])
    expect(other.unreliableChars).toBe(1)
  })

  it('reads a word set letter-spaced as the word, but not letters standing over columns', () => {
    const page = toTextRuns(
      // A 10 pt title tracked out: six letters in 64 pt. Spreadsheet column letters: 40 pt apart.
      [item('A N N U A L', 72, 64), item('A B C D E', 72, 200)],
      {},
      [1, 0, 0, -1, 0, 792],
    )
    expect(page.runs.map((run) => run.text)).toEqual(['ANNUAL', 'A B C D E'])
  })

  it('reads capitals tracked out as the word where a kerned pair leaves no space, but not short words', () => {
    // A browser's letter-spaced heading: "R" and "Y" kerned together. Capital two-letter words
    // side by side are words.
    const page = toTextRuns(
      [item('S U M M A RY', 72, 62), item('E D U C AT I O N', 72, 80), item('IT IS OK', 72, 40)],
      {},
      [1, 0, 0, -1, 0, 792],
    )
    expect(page.runs.map((run) => run.text)).toEqual(['SUMMARY', 'EDUCATION', 'IT IS OK'])
  })

  it('reads once the mathematical letters whose ToUnicode entries Word wrote twice', () => {
    const viewport = [1, 0, 0, -1, 0, 792]
    // Word: each Cambria Math letter reads doubled. Elsewhere a letter genuinely set twice stays.
    const word = toTextRuns([item('𝜇𝜇', 72, 5.5), item('L and 𝑥𝑥𝑦𝑦', 78, 40)], {}, viewport)
    expect(word.runs.map((run) => run.text)).toEqual(['𝜇', 'L and 𝑥𝑦'])
    const genuine = toTextRuns([item('𝑥𝑥', 72, 11), item('𝑦 = 1', 90, 20)], {}, viewport)
    expect(genuine.runs.map((run) => run.text)).toEqual(['𝑥𝑥', '𝑦 = 1'])
  })

  it("reads the big operators and delimiters of TeX's math extension font on the formula's line", () => {
    // pdflatex's cmex10: a text-style sum hangs from a baseline 0.75 em over the formula's;
    // pdf.js gives its codes (a big parenthesis is U+0000, an integral 'R').
    const styles = {
      f1: { fontFamily: 'serif', ascent: 0.69, descent: -0.19 },
      ex: { fontFamily: 'serif', ascent: 0.04, descent: -0.6 },
      ex2: { fontFamily: 'serif', ascent: 0.04, descent: -0.6 },
    }
    const at = (str: string, fontName: string, x: number, y: number, width: number) => ({
      str,
      dir: 'ltr',
      transform: [10, 0, 0, 10, x, y],
      width,
      fontName,
    })
    const page = toTextRuns(
      [
        at('The series', 'f1', 72, 700, 48),
        at('P', 'ex', 123, 707.5, 10.6),
        at('a', 'f1', 135, 700, 5),
        at('\u0000 R', 'ex', 142, 706, 12),
        at('b', 'f1', 155, 700, 5),
        at('\u0001', 'ex', 160, 706, 4.6),
      ],
      styles,
      [1, 0, 0, -1, 0, 792],
    )
    expect(page.runs.map((run) => run.text)).toEqual(['The series', '∑', 'a', '( ∫', 'b', ')'])
    const [text, sum] = page.runs as [TextRun, TextRun]
    expect(Math.abs(sum.baseline - text.baseline)).toBeLessThan(1)
    expect(page.unreliableChars).toBe(0)
    // A font that hangs as low but draws words, or whose glyphs have Unicode, reads as it is.
    const words = toTextRuns(
      [at('Partial', 'ex', 72, 700, 30), at('∫', 'ex2', 110, 700, 5)],
      styles,
      [1, 0, 0, -1, 0, 792],
    )
    expect(words.runs.map((run) => run.text)).toEqual(['Partial', '∫'])
  })

  it("reads a math extension font's delimiters as Unicode when it gives no codes", () => {
    // Latin Modern's lmex10 has a ToUnicode map: \bigl( reads "(" (as a code, a \Bigg brace),
    // hanging from a baseline 0.8 em over the formula's.
    const styles = {
      f1: { fontFamily: 'serif', ascent: 0.69, descent: -0.19 },
      ex: { fontFamily: 'serif', ascent: 0.04, descent: -0.6 },
    }
    const at = (str: string, x: number, y: number, fontName = 'ex') => ({
      str,
      dir: 'ltr',
      transform: [10, 0, 0, 10, x, y],
      width: 4.6,
      fontName,
    })
    const formula = [at('r ·', 72, 700, 'f1'), at('(', 90, 708), at('c', 95, 700, 'f1')]
    const page = toTextRuns([...formula, at(')', 100, 708)], styles, [1, 0, 0, -1, 0, 792])
    expect(page.runs.map((run) => run.text)).toEqual(['r ·', '(', 'c', ')'])
    const [text, open] = page.runs as [TextRun, TextRun]
    expect(Math.abs(open.baseline - text.baseline)).toBeLessThan(1)
    // The same font giving a \big delimiter's control code elsewhere on the page gives codes.
    const coded = toTextRuns([...formula, at('\u0001', 100, 708)], styles, [1, 0, 0, -1, 0, 792])
    expect(coded.runs.map((run) => run.text)).toEqual(['r ·', '{', 'c', ')'])
    // A displayed integral hangs deeper: the formula's text beside it tells its size.
    const display = toTextRuns(
      [at('∫', 72, 713.5), at('√x', 85, 700, 'f1')],
      styles,
      [1, 0, 0, -1, 0, 792],
    )
    const [integral, root] = display.runs as [TextRun, TextRun]
    expect(Math.abs(integral.baseline - root.baseline)).toBeLessThan(1)
    expect(integral.operator).toBe(true)
  })

  it('reads a word space that its font maps to no Unicode as a space, not as an unmapped glyph', () => {
    // Korean printed by Chromium: U+0001 for each space, flush between the words.
    const page = toTextRuns(
      [item('지역', 72, 20), item('\u0001', 92, 2.8), item('보고서', 94.8, 30)],
      {},
      [1, 0, 0, -1, 0, 792],
    )
    expect(page.runs.map((run) => run.text)).toEqual(['지역 ', '보고서'])
    expect(page.unreliableChars).toBe(0)
    // Justified, the next word starts a little further off: the space is stretched after it.
    const justified = toTextRuns(
      [item('서울특별시교육청', 72, 84), item('\u0001', 156, 2.9), item('(교육감', 159.9, 40)],
      {},
      [1, 0, 0, -1, 0, 792],
    )
    expect(justified.runs.map((run) => run.text)).toEqual(['서울특별시교육청 ', '(교육감'])
    // An unmapped glyph before its text, a bullet, stays a textless run.
    const bullet = toTextRuns(
      [item('\u0001', 72, 3.5), item('First', 80, 25)],
      {},
      [1, 0, 0, -1, 0, 792],
    )
    expect(bullet.runs.map((run) => run.text)).toEqual(['', 'First'])
  })
})
