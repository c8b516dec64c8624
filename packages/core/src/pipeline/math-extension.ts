/**
 * TeX's math extension fonts (cmex10 and the fonts that share its OMX encoding): the big
 * operators and delimiters of formulas. Their glyph names (`summationtext`, `parenleftbig`) are
 * in no glyph list, so pdf.js returns the character codes: a sum reads "P", a big parenthesis a
 * control character. Each glyph also hangs from its baseline, which TeX sets well above the
 * formula's, so by its baseline the glyph would stand on a line of its own.
 */

/** What a glyph of the encoding reads as, and how far it hangs below its baseline, in ems. */
interface ExtensionGlyph {
  text: string
  depth: number
  /** A big operator in display size (∑, ∫), whose limits a formula sets above and below it. */
  operator?: true
}

/** A glyph that takes no part in the text: a piece of a delimiter built up from parts, an accent. */
const PIECE: ExtensionGlyph = { text: '', depth: 1 }

/** Delimiters in one of TeX's sizes, in the order the encoding repeats them. */
const DELIMITERS = ['(', ')', '[', ']', '⌊', '⌋', '⌈', '⌉', '{', '}', '⟨', '⟩'] as const

/** The OMX encoding by character code; codes it leaves out are pieces. */
const OMX: ReadonlyMap<number, ExtensionGlyph> = (() => {
  const table = new Map<number, ExtensionGlyph>()
  /** Glyphs of one depth at consecutive codes from `start`. */
  const put = (start: number, texts: readonly string[], depth: number, operator = false) => {
    for (const [i, text] of texts.entries()) {
      table.set(start + i, operator ? { text, depth, operator } : { text, depth })
    }
  }
  put(0x00, [...DELIMITERS, '|', '‖', '/', '\\'], 1.2) // \big
  put(0x0c, ['|', '‖'], 0.6) // bars, less deep than the \big delimiters around them
  put(0x10, ['(', ')'], 1.8) // \Big parentheses
  put(0x12, [...DELIMITERS, '/', '\\'], 2.4) // \bigg
  put(0x20, [...DELIMITERS, '/', '\\'], 3) // \Bigg
  put(0x2e, ['/', '\\'], 1.8)
  put(0x44, ['⟨', '⟩'], 1.8)
  // The big operators in pairs, text style then display style: limits go over and under the
  // display style's, beside the text style's.
  const operators = ['⨆', '∮', '⨀', '⨁', '⨂'] as const
  for (const [i, text] of operators.entries()) {
    put(0x46 + 2 * i, [text], 1)
    put(0x47 + 2 * i, [text], text === '∮' ? 2.2 : 1.4, true)
  }
  const big = ['∑', '∏', '∫', '⋃', '⋂', '⊎', '⋀', '⋁'] as const
  put(0x50, big, 1)
  put(0x58, big, 1.4, true)
  put(0x52, ['∫'], 1.1)
  put(0x5a, ['∫'], 2.2, true)
  put(0x60, ['∐'], 1)
  put(0x61, ['∐'], 1.4, true)
  put(0x68, DELIMITERS.slice(2, 10), 1.8) // \Big brackets, floors, ceilings and braces
  for (const [i, depth] of [1.2, 1.8, 2.4, 3].entries()) put(0x70 + i, ['√'], depth)
  return table
})()

/** Three glyphs in a row without a space: more than a formula sets side by side. */
const WORD = /\S{3}/

/** A font whose glyphs rise at most this many ems above their baseline hangs from it. */
const HANGING_MAX_ASCENT = 0.1
/** ... and reaches at least this many ems below it. */
const HANGING_MIN_DESCENT = 0.4

/**
 * Tells, per font, whether it is a math extension font: one whose glyphs hang from their
 * baseline (by the ascent and descent its descriptor gives) and that draws no words. Call `add`
 * for every string of the page, then `has` a font.
 */
export class MathExtensionEvidence {
  private readonly hanging = new Set<string>()
  private readonly refuted = new Set<string>()

  constructor(styles: Readonly<Record<string, { ascent: number; descent: number }>>) {
    for (const [font, style] of Object.entries(styles)) {
      if (style.ascent <= HANGING_MAX_ASCENT && style.descent <= -HANGING_MIN_DESCENT) {
        this.hanging.add(font)
      }
    }
  }

  add(font: string, text: string): void {
    // TeX draws these glyphs one by one, or a few side by side: words are some other font's.
    if (this.hanging.has(font) && WORD.test(text)) this.refuted.add(font)
  }

  has(font: string): boolean {
    return this.hanging.has(font) && !this.refuted.has(font)
  }
}

/**
 * What a string of a math extension font reads as, and how far its glyphs hang below their
 * baseline, in ems: a piece of a delimiter built up from parts reads as nothing. A character past
 * the encoding's 128 codes is one that pdf.js found the Unicode of (a font with a ToUnicode
 * map): such a string reads as it is, and undefined is returned.
 */
export function readExtensionGlyphs(text: string): ExtensionGlyph | undefined {
  let read = ''
  let depth = 0
  let operators = 0
  let glyphs = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 0x20) {
      read += ' '
      continue
    }
    if (!(code < 0x80)) return undefined
    const glyph = OMX.get(code) ?? PIECE
    read += glyph.text
    depth = Math.max(depth, glyph.depth)
    glyphs++
    if (glyph.operator) operators++
  }
  return glyphs === 1 && operators === 1
    ? { text: read, depth, operator: true }
    : { text: read, depth }
}
