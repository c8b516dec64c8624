import type { TextRun } from './types.js'

/**
 * TeX's math extension fonts (cmex10 and the fonts that share its OMX encoding): the big
 * operators and delimiters of formulas. Their glyph names (`summationtext`, `parenleftbig`) are
 * in no glyph list, so pdf.js returns the character codes: a sum reads "P", a big parenthesis a
 * control character. Each glyph also hangs from its baseline, which TeX sets well above the
 * formula's, so by its baseline the glyph would stand on a line of its own.
 */

/** What a glyph of the encoding reads as, and how far it hangs below its baseline, in ems. */
export interface ExtensionGlyph {
  text: string
  depth: number
  /** A big operator in display size (∑, ∫), whose limits a formula sets above and below it. */
  operator?: true
  /**
   * For a string read as Unicode, which names a glyph but not its size: the glyph at each size
   * of the encoding, shallowest first (`depth` and `operator` are the first's until the formula
   * around it tells the size; see `hangingSize`).
   */
  sizes?: readonly ExtensionGlyph[]
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

/**
 * A glyph by the character pdf.js gives for it when it knows the glyph's Unicode (a font with a
 * ToUnicode map, as Latin Modern's): its entries at every size of the encoding, shallowest first.
 */
const BY_UNICODE: ReadonlyMap<string, readonly ExtensionGlyph[]> = (() => {
  const table = new Map<string, ExtensionGlyph[]>()
  for (const glyph of OMX.values()) {
    const sizes = table.get(glyph.text) ?? []
    if (!sizes.some((size) => size.depth === glyph.depth)) sizes.push(glyph)
    table.set(glyph.text, sizes)
  }
  for (const sizes of table.values()) sizes.sort((a, b) => a.depth - b.depth)
  return table
})()

/** A control character: a code of the encoding, which only a font without Unicode gives. */
const CONTROL = /\p{Cc}/u

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
  private readonly coded = new Set<string>()

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
    if (CONTROL.test(text)) this.coded.add(font)
  }

  /**
   * Whether a font's strings are the encoding's codes rather than Unicode: it gives control
   * characters (a `\big` delimiter's code) somewhere on the page. Without that evidence a
   * delimiter that reads as itself, "(" for Latin Modern's `\bigl(`, is taken as Unicode.
   */
  givesCodes(font: string): boolean {
    return this.coded.has(font)
  }

  has(font: string): boolean {
    return this.hanging.has(font) && !this.refuted.has(font)
  }
}

/**
 * What a string of a math extension font reads as, and how far its glyphs hang below their
 * baseline, in ems: a piece of a delimiter built up from parts reads as nothing. A string that
 * is Unicode (a character past the encoding's 128 codes, or delimiters as Unicode writes them
 * from a font that gives no codes) reads as it is, hanging as deep as its glyphs' smallest size;
 * undefined when one of them is no glyph of the encoding.
 */
export function readExtensionGlyphs(text: string, givesCodes: boolean): ExtensionGlyph | undefined {
  if (/\P{ASCII}/u.test(text) || (!givesCodes && isUnicodeDelimiters(text))) {
    return readUnicodeGlyphs(text)
  }
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

/** Whether a string is made of delimiters as Unicode writes them ("(", "‖"), and spaces. */
function isUnicodeDelimiters(text: string): boolean {
  for (const char of text) if (char !== ' ' && !BY_UNICODE.has(char)) return false
  return text.trim() !== ''
}

/**
 * A string of the font read as Unicode: its glyphs as they are. It hangs as its deepest glyph
 * does, at each size that glyph comes in (a string of several glyphs is no big operator).
 */
function readUnicodeGlyphs(text: string): ExtensionGlyph | undefined {
  let deepest: readonly ExtensionGlyph[] = []
  let glyphs = 0
  for (const char of text) {
    if (char === ' ') continue
    const sizes = BY_UNICODE.get(char)
    if (sizes === undefined) return undefined
    glyphs++
    if ((sizes.at(-1)?.depth ?? 0) > (deepest.at(-1)?.depth ?? 0)) deepest = sizes
  }
  const single = glyphs === 1
  const sizes = deepest.map((size) =>
    size.operator && single
      ? { text, depth: size.depth, operator: true as const }
      : { text, depth: size.depth },
  )
  const [first] = sizes
  return first && { ...first, sizes }
}

/** Baselines of the formula's own text lie at most this many ems from a size's, to tell it. */
const SIZE_MATCH_EM = 0.3
/** The formula's text beside a glyph starts or ends within this many of its ems of it. */
const BESIDE_EM = 3

/**
 * Which of a Unicode glyph's sizes it is, from the formula around it: the size whose baseline
 * (a glyph hangs from its top, centred on the formula's axis) meets the baseline of text in
 * the glyph's own type size or larger beside it. A limit or script set smaller stands on a
 * baseline of its own and tells nothing. Without such text among `runs`, the shallowest size.
 */
export function hangingSize(
  sizes: readonly ExtensionGlyph[],
  glyph: TextRun,
  runs: readonly TextRun[],
): ExtensionGlyph | undefined {
  const em = glyph.fontSize
  let best: ExtensionGlyph | undefined
  let bestDistance = SIZE_MATCH_EM * em
  for (const run of runs) {
    // The extension font's own glyphs hang as this one does.
    if (run.fontId === glyph.fontId || run.fontSize < em * 0.95) continue
    if (run.left > glyph.right + BESIDE_EM * em || run.right < glyph.left - BESIDE_EM * em) continue
    for (const size of sizes) {
      const distance = Math.abs(hangingBaseline(glyph.top, size.depth, em) - run.baseline)
      if (distance < bestDistance) {
        best = size
        bestDistance = distance
      }
    }
  }
  return best ?? sizes[0]
}

/** The height of TeX's math axis over the baseline, in ems: where fractions' bars stand. */
const AXIS_HEIGHT_EM = 0.25

/**
 * The baseline of the formula a glyph hanging from `top` stands on: TeX centres a big operator
 * or delimiter on the formula's axis, a quarter em above its baseline.
 */
export function hangingBaseline(top: number, depth: number, fontSize: number): number {
  return top + (depth / 2 + AXIS_HEIGHT_EM) * fontSize
}
