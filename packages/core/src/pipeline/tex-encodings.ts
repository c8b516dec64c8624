/**
 * TeX's own font encodings, read where a font gives no Unicode for its glyphs. A TeX font
 * embedded as a Type 3 bitmap (pdflatex without the cm-super fonts, old dvips output) has a
 * custom encoding without glyph names, and pdf.js then returns the character codes themselves:
 * control characters where TeX keeps its ligatures, dashes and quotes ("\u001cxed" for "fixed").
 * The two encodings put different glyphs there, so each font's text says which one it uses: its
 * ligatures, the commonest of these glyphs in any language, stand at 0x1B-0x1F in T1 (Cork) and
 * at 0x0B-0x0F in OT1, TeX's original encoding.
 */

export type TexEncoding = 'T1' | 'OT1'

/** T1 (Cork): quotes, guillemets, dashes, dotless letters and ligatures at 0x0D-0x1F. */
const T1: Record<number, string> = {
  13: '\u201A',
  14: '\u2039',
  15: '\u203A',
  16: '\u201C',
  17: '\u201D',
  18: '\u201E',
  19: '\u00AB',
  20: '\u00BB',
  21: '\u2013',
  22: '\u2014',
  25: '\u0131',
  26: '\u0237',
  27: 'ff',
  28: 'fi',
  29: 'fl',
  30: 'ffi',
  31: 'ffl',
}

/** OT1: ligatures at 0x0B-0x0F, dotless letters, then ß, æ, œ, ø, Æ, Œ and Ø at 0x19-0x1F. */
const OT1: Record<number, string> = {
  11: 'ff',
  12: 'fi',
  13: 'fl',
  14: 'ffi',
  15: 'ffl',
  16: '\u0131',
  17: '\u0237',
  25: '\u00DF',
  26: '\u00E6',
  27: '\u0153',
  28: '\u00F8',
  29: '\u00C6',
  30: '\u0152',
  31: '\u00D8',
}

/** A code that either encoding gives a ligature, or T1 a dash. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these codes are what pdf.js returns
const TELLING_CODE = /[\x0b-\x0f\x15\x16\x1b-\x1f]/

/**
 * Tallies, per font, the ligature codes of each encoding that its strings hold within words:
 * call `add` for every string, then `encodingOf` a font. A font with none of them is left alone.
 */
export class TexEncodingEvidence {
  private readonly counts = new Map<string, [t1: number, ot1: number]>()

  add(font: string, text: string): void {
    // Every string of every page comes here; nearly none holds such a code.
    if (!TELLING_CODE.test(text)) return
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i)
      const before = text.charCodeAt(i - 1)
      const after = text.charCodeAt(i + 1)
      let t1: boolean
      if (code === 0x15 || code === 0x16) {
        // T1's dashes stand between words or figures ("fonts \u0015 with", "10\u001520"); OT1's
        // accents there stand against the letters they go over.
        if (!opensOnWord(text, i, -1) || !opensOnWord(text, i, 1)) continue
        t1 = true
      } else if (code < 0x20 && (code >= 0x1b || (code >= 0x0b && code <= 0x0f))) {
        // A ligature stands in a word, against a lower-case letter; codes among other codes or
        // spaces are some other font's symbols.
        if (!isLowerLatin(before) && !isLowerLatin(after)) continue
        t1 = code >= 0x1b
      } else continue
      let count = this.counts.get(font)
      if (count === undefined) {
        count = [0, 0]
        this.counts.set(font, count)
      }
      count[t1 ? 0 : 1]++
    }
  }

  encodingOf(font: string): TexEncoding | undefined {
    const count = this.counts.get(font)
    if (count === undefined || count[0] === count[1]) return undefined
    return count[0] > count[1] ? 'T1' : 'OT1'
  }
}

/** Replaces the control characters that stand for glyphs of `encoding` by their text. */
export function decodeTexControls(text: string, encoding: TexEncoding): string {
  const table = encoding === 'T1' ? T1 : OT1
  let out = ''
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const glyph = text.charCodeAt(i) < 0x20 ? table[text.charCodeAt(i)] : undefined
    if (glyph === undefined) continue
    out += text.slice(start, i) + glyph
    start = i + 1
  }
  return start === 0 ? text : out + text.slice(start)
}

/**
 * Whether the code at `i` stands, on the side `step` points to, against a figure, or a space and
 * then a Latin letter or figure: a dash between words or numbers, not a glyph among glyphs.
 */
function opensOnWord(text: string, i: number, step: 1 | -1): boolean {
  const next = text.charCodeAt(i + step)
  if (isDigit(next)) return true
  const beyond = text.charCodeAt(i + 2 * step)
  return next === 0x20 && (isDigit(beyond) || isLowerLatin(beyond | 0x20))
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39
}

/** a-z; NaN (past either end of a string) is none. */
function isLowerLatin(code: number): boolean {
  return code >= 0x61 && code <= 0x7a
}
