import {
  type ExtensionGlyph,
  hangingBaseline,
  hangingSize,
  MathExtensionEvidence,
  readExtensionGlyphs,
} from './math-extension.js'
import { decodeTexControls, TexEncodingEvidence } from './tex-encodings.js'
import { normalizeText } from './text-normalize.js'
import type { TextRun } from './types.js'

/** The parts of a pdf.js text item this stage reads. */
export interface RawTextItem {
  str: string
  dir: string
  /** Text rendering matrix in PDF user space (origin bottom-left). */
  transform: number[]
  /** Advance width in user space units. */
  width: number
  fontName: string
}

/** The parts of a pdf.js text style this stage reads. */
export interface RawTextStyle {
  fontFamily: string
  ascent: number
  descent: number
  vertical?: boolean
}

/** Characters of writing set a full width each: Chinese, Japanese, Korean. */
const FULL_WIDTH_WRITING =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u

export interface PageText {
  runs: TextRun[]
  /** Text drawn at an angle (margin stamps, rotated labels), each piece with its bounding box. */
  rotated: TextRun[]
  chars: number
  unreliableChars: number
}

/**
 * Turns pdf.js text items into runs in top-left page coordinates. `viewport` is the page's
 * viewport transform at scale 1 (it flips y and applies the page rotation).
 */
export function toTextRuns(
  items: readonly RawTextItem[],
  styles: Readonly<Record<string, RawTextStyle>>,
  viewport: readonly number[],
): PageText {
  const runs: TextRun[] = []
  let chars = 0
  let unreliableChars = 0
  const rotated: TextRun[] = []
  const [va = 1, vb = 0, vc = 0, vd = 1, ve = 0, vf = 0] = viewport
  const tex = new TexEncodingEvidence()
  const math = new MathExtensionEvidence(styles)
  for (const item of items) {
    tex.add(item.fontName, item.str)
    math.add(item.fontName, item.str)
  }
  const undoubled = astralDoubled(items)
  // Math extension glyphs read as Unicode, whose size the runs around them tell.
  const sized: Array<{ run: number; sizes: readonly ExtensionGlyph[] }> = []
  // The item that a lam-alef ligature's unmapped alef belongs to (see isLamAlefRest).
  let alefAfter = -1
  for (const [index, item] of items.entries()) {
    // An empty item with a width is a glyph that pdf.js found no Unicode for (a bullet of a
    // bitmap font): kept, textless, like the control characters of unmapped glyphs below.
    const unmapped = item.str.length === 0 && item.width > 0
    if (item.str.length === 0 && !unmapped) continue
    if (isUnmappedSpace(items, index)) {
      markSpaceAfter(runs[runs.length - 1], item, viewport)
      continue
    }
    if (isLamAlefRest(items, index)) {
      alefAfter = index + 1
      continue
    }
    const encoding = tex.encodingOf(item.fontName)
    const extension = math.has(item.fontName)
      ? readExtensionGlyphs(item.str, math.givesCodes(item.fontName))
      : undefined
    // A piece of a delimiter built up from parts (its middle, an extension bar) reads as nothing.
    if (extension?.text.trim() === '') continue
    const normalized = normalizeText(
      extension
        ? extension.text
        : encoding === undefined
          ? item.str
          : decodeTexControls(item.str, encoding),
    )
    const text = alefAfter === index ? `${normalized.text}\u0627` : normalized.text
    const unreliable = unmapped ? 1 : normalized.unreliable
    const visible = text.trim().length
    chars += visible + unreliable
    unreliableChars += unreliable
    // A run of unmapped glyphs still takes up room on its line: keep it, textless, so that the
    // gap it leaves does not split the line in two.
    if (visible === 0 && unreliable === 0) {
      // pdf.js emits a whitespace item where it saw a word gap, however narrow: a space that
      // geometry alone would miss in tightly set text. One without width marks no gap: pdf.js
      // puts it after a glyph without advance (a browser's Arabic letter inside a ligature).
      if (item.width > NO_GAP) markSpaceAfter(runs[runs.length - 1], item, viewport)
      continue
    }
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform
    // Combined matrix viewport x item: maps text space to top-left page space.
    const ma = va * a + vc * b
    const mb = vb * a + vd * b
    const mc = va * c + vc * d
    const md = vb * c + vd * d
    const x = va * e + vc * f + ve
    const y = vb * e + vd * f + vf
    const style = styles[item.fontName]
    const fontSize = Math.hypot(mc, md)
    if (!(fontSize > 0.5) || !Number.isFinite(x) || !Number.isFinite(y)) continue
    const ascent = sane(style?.ascent, 0.3, 1.3, 0.8)
    if (style?.vertical || Math.abs(mb) > Math.abs(ma) * 0.09 || ma < 0) {
      // Rotated text (an arXiv stamp in the margin, a rotated column header) is kept as a piece
      // of its own: its bounding box is that of the rotated glyphs.
      const length = Math.hypot(ma, mb)
      if (!(length > 0) || visible === 0) continue
      const dx = (ma / length) * item.width
      const dy = (mb / length) * item.width
      const ux = mc * ascent
      const uy = md * ascent
      const xs = [x, x + dx, x + ux, x + dx + ux]
      const ys = [y, y + dy, y + uy, y + dy + uy]
      const bottom = Math.max(...ys)
      rotated.push({
        text: text.trim(),
        left: Math.min(...xs),
        right: Math.max(...xs),
        top: Math.min(...ys),
        bottom,
        baseline: bottom,
        fontSize,
        fontId: item.fontName,
        bold: false,
        italic: false,
        monospace: false,
        rtl: false,
      })
      continue
    }
    const descent = -sane(style?.descent === undefined ? undefined : -style.descent, 0, 0.6, 0.2)
    // TeX hangs a big operator or delimiter from a baseline of its own far above the formula's:
    // by the box it hangs in, it stands on the formula's line, as drawn.
    const hangs = extension?.depth
    if (extension?.sizes) sized.push({ run: runs.length, sizes: extension.sizes })
    runs.push({
      text: letterSpaced(text, item.width, fontSize)
        ? text.replace(/ /g, '')
        : undoubled
          ? text.replace(DOUBLED_ASTRAL, '$1')
          : text,
      left: x,
      right: x + Math.max(item.width, 0),
      top: hangs === undefined ? y - ascent * fontSize : y,
      bottom: y + (hangs ?? -descent) * fontSize,
      baseline: hangs === undefined ? y : hangingBaseline(y, hangs, fontSize),
      fontSize,
      fontId: item.fontName,
      // getTextContent names only a generic family: weight and slant need the font program.
      bold: false,
      italic: false,
      // Chinese, Japanese and Korean fonts set every character a full width, and are often
      // flagged fixed-pitch for it: their text is no typewriter type.
      monospace: style?.fontFamily === 'monospace' && !FULL_WIDTH_WRITING.test(text),
      rtl: item.dir === 'rtl',
      ...(extension?.operator && { operator: true }),
    })
  }
  for (const { run, sizes } of sized) settleHangingSize(runs, run, sizes)
  return { runs, rotated, chars, unreliableChars }
}

/**
 * Gives a math extension glyph read as Unicode the size the formula's text beside it shows,
 * and the box and baseline of that size.
 */
function settleHangingSize(runs: TextRun[], index: number, sizes: readonly ExtensionGlyph[]): void {
  const glyph = runs[index] as TextRun
  const size = hangingSize(sizes, glyph, runs)
  if (size === undefined) return
  const { operator: _, ...rest } = glyph
  runs[index] = {
    ...rest,
    bottom: glyph.top + size.depth * glyph.fontSize,
    baseline: hangingBaseline(glyph.top, size.depth, glyph.fontSize),
    ...(size.operator && { operator: true }),
  }
}

/** A whitespace item narrower than this (points) stands for no gap: rounding's leftovers. */
const NO_GAP = 0.01

/** Single letters with a space between each: the way pdf.js reads a word set letter-spaced. */
const SPACED_LETTERS = /^\p{L}(?: \p{L}){2,}$/u
/** Capitals standing alone or in pairs, with a space between each: tracked-out capitals. */
const SPACED_CAPITALS = /^\p{Lu}{1,2}(?: \p{Lu}{1,2}){2,}$/u
/** Tracked-out capitals have a kerned pair at most in every this many letters' groups. */
const TRACKED_PAIR_SHARE = 4
/** Letter-spaced type advances at most this many font sizes a letter; a row of labels, more. */
const SPACED_LETTER_MAX_EM = 1.5

/**
 * Whether a run is one word set letter-spaced ("A N N U A L", a title tracked out), not single
 * letters standing apart (a spreadsheet's column letters over their columns).
 */
function letterSpaced(text: string, width: number, fontSize: number): boolean {
  if (!SPACED_LETTERS.test(text) && !isTrackedCapitals(text)) return false
  const letters = text.replaceAll(' ', '').length
  return width / letters < SPACED_LETTER_MAX_EM * fontSize
}

/**
 * Capitals tracked out where a kerned pair ("RY", "AT") leaves pdf.js no gap for its space:
 * "S U M M A RY". Single letters are most of them; a run of two-letter words is words.
 */
function isTrackedCapitals(text: string): boolean {
  if (!SPACED_CAPITALS.test(text)) return false
  const groups = text.split(' ')
  const pairs = groups.filter((group) => group.length === 2).length
  return pairs * TRACKED_PAIR_SHARE <= groups.length
}

/** A character outside the Basic Multilingual Plane, and one drawn twice in a row. */
const ASTRAL = /[\u{10000}-\u{10FFFF}]/u
const DOUBLED_ASTRAL = /([\u{10000}-\u{10FFFF}])\1/gu

/**
 * Whether a page's text shows Word's doubled ToUnicode entries: Word writes the entry of every
 * character outside the Basic Multilingual Plane twice (its Cambria Math letters: "𝜇𝜇L" for "𝜇L"),
 * so on such a page each of them stands doubled, and no other page gives that pattern everywhere.
 */
function astralDoubled(items: readonly RawTextItem[]): boolean {
  let doubled = false
  for (const item of items) {
    if (!/[\uD800-\uDBFF]/.test(item.str)) continue
    if (ASTRAL.test(item.str.replace(DOUBLED_ASTRAL, ''))) return false
    doubled = true
  }
  return doubled
}

/** An unmapped glyph as wide as this many font sizes, at least and at most, may be a word space. */
const SPACE_MIN_EM = 0.15
const SPACE_MAX_EM = 0.5
/** Glyphs of one word touch within this many font sizes. */
const TOUCH_EM = 0.05
/** A justified line's word space is stretched by at most this many font sizes. */
const STRETCH_MAX_EM = 1

/**
 * Whether an item is a word space that its font maps to no Unicode (a control character, or
 * nothing): one glyph about a space wide, drawn flush after a piece of text on its baseline and
 * before another, or before a stretched gap to it.
 * Browsers subset some fonts so (Korean text printed by Chromium had a U+0001 between its words).
 * A bullet with no Unicode stands before its text, not between two.
 */
function isUnmappedSpace(items: readonly RawTextItem[], index: number): boolean {
  const item = items[index] as RawTextItem
  const code = item.str.charCodeAt(0)
  if (item.str.length > 1 || code === 0x09 || code === 0x0a || code === 0x0d || code >= 0x20) {
    return false
  }
  const before = items[index - 1]
  const after = items[index + 1]
  if (!before || !after || before.str.trim() === '' || after.str.trim() === '') return false
  const [a = 1, b = 0, c = 0, d = 1, x = 0, y = 0] = item.transform
  if (b !== 0 || c !== 0 || a <= 0) return false
  const size = Math.abs(d)
  if (before.transform[5] !== y || after.transform[5] !== y) return false
  const lead = x - ((before.transform[4] ?? 0) + before.width)
  const trail = (after.transform[4] ?? 0) - (x + item.width)
  // A justified line stretches the space after the glyph (Chromium's, in Korean text).
  return (
    item.width >= SPACE_MIN_EM * size &&
    item.width <= SPACE_MAX_EM * size &&
    Math.abs(lead) <= TOUCH_EM * size &&
    trail >= -TOUCH_EM * size &&
    trail <= STRETCH_MAX_EM * size
  )
}

/**
 * Whether an item is the alef of a lam-alef ligature that a browser wrote without Unicode: a NUL
 * without advance at the very spot where the next item, right-to-left text, ends on its lam
 * (Chromium maps the ligature's glyph to the lam alone and gives the alef an unmapped glyph of
 * its own, so "أولاً" would read "أول").
 */
function isLamAlefRest(items: readonly RawTextItem[], index: number): boolean {
  const item = items[index] as RawTextItem
  const next = items[index + 1]
  if (
    item.str !== '\u0000' ||
    item.width !== 0 ||
    next?.dir !== 'rtl' ||
    !next.str.endsWith('\u0644')
  )
    return false
  const size = Math.abs(item.transform[3] ?? 0)
  return (
    next.transform[5] === item.transform[5] &&
    Math.abs((next.transform[4] ?? 0) - (item.transform[4] ?? 0)) <= 0.05 * size
  )
}

function markSpaceAfter(
  run: TextRun | undefined,
  item: RawTextItem,
  viewport: readonly number[],
): void {
  if (!run || run.text.endsWith(' ')) return
  const [va = 1, vb = 0, vc = 0, vd = 1, ve = 0, vf = 0] = viewport
  const e = item.transform[4] ?? 0
  const f = item.transform[5] ?? 0
  const x = va * e + vc * f + ve
  const y = vb * e + vd * f + vf
  if (
    Math.abs(y - run.baseline) < 0.3 * run.fontSize &&
    x >= run.right - 0.5 * run.fontSize &&
    x <= run.right + run.fontSize
  ) {
    run.text += ' '
    run.spaceAfter = true
  }
}

function sane(value: number | undefined, min: number, max: number, fallback: number): number {
  return value !== undefined && value >= min && value <= max ? value : fallback
}
