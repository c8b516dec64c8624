/** Unicode clean-up of the strings pdf.js returns, before any layout work. */

/**
 * Ligatures expand to their letters; typographic quotes, figure and en dashes, the minus and the
 * ellipsis fold to ASCII, as in the reference Markdown of the published benchmark and in most
 * text pipelines downstream. The em dash stays: set without spaces between words ("moment—just
 * one—of"), a hyphen in its place would make compounds of them.
 */
const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2012': '-',
  '\u2013': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u2217': '*',
  '\uFB00': 'ff',
  '\uFB01': 'fi',
  '\uFB02': 'fl',
  '\uFB03': 'ffi',
  '\uFB04': 'ffl',
  '\uFB05': 'st',
  '\uFB06': 'st',
}

/**
 * Thai fonts draw vowels and tone marks moved clear of a tall letter or of each other with
 * glyphs at U+F700-U+F71A, a private-use convention that Windows' Thai fonts set and most others
 * follow: each stands for the mark it shows ("ส\uF70Aวน" is "ส่วน").
 */
const THAI_SHIFTED = [
  '\u0E10',
  '\u0E34',
  '\u0E35',
  '\u0E36',
  '\u0E37',
  '\u0E48',
  '\u0E49',
  '\u0E4A',
  '\u0E4B',
  '\u0E4C',
  '\u0E48',
  '\u0E49',
  '\u0E4A',
  '\u0E4B',
  '\u0E4C',
  '\u0E0D',
  '\u0E31',
  '\u0E4D',
  '\u0E47',
  '\u0E48',
  '\u0E49',
  '\u0E4A',
  '\u0E4B',
  '\u0E4C',
  '\u0E38',
  '\u0E39',
  '\u0E3A',
] as const

/** Whether a code point is of the Thai block; NaN (before a string's start) is not. */
function isThai(code: number): boolean {
  return code >= 0x0e00 && code <= 0x0e7f
}

/** Result of cleaning one string: the text and how many characters had to be thrown away. */
export interface NormalizedText {
  text: string
  /** Control characters, U+FFFD and private-use characters: glyphs without a real Unicode value. */
  unreliable: number
}

/**
 * Expands ligatures, folds typographic punctuation to ASCII, reads Arabic and Hebrew presentation
 * forms as their letters, turns exotic spaces into plain ones
 * and drops characters that carry no text (C0/C1 controls and U+FFFD appear when a font has no
 * usable ToUnicode map). A soft hyphen is kept only at the very end, where it marks a
 * hyphenation the line joiner should undo.
 */
export function normalizeText(input: string): NormalizedText {
  let out = ''
  let unreliable = 0
  const last = input.length - 1
  // Characters kept as they are, from `kept` on, join `out` in one piece when one is not: most
  // strings are printable ASCII and keep every character.
  let kept = 0
  for (let i = 0; i <= last; i++) {
    const code = input.charCodeAt(i)
    if (code >= 0x20 && code < 0x7f) continue
    let put: string
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0xfffd) {
      if (code !== 0x09 && code !== 0x0a && code !== 0x0d) unreliable++
      put = code === 0x09 ? ' ' : ''
    } else if (code >= 0xe000 && code <= 0xf8ff) {
      out += input.slice(kept, i)
      kept = i
      // An icon font's glyphs share the range: a mark stands on a Thai letter.
      const thai =
        code >= 0xf700 && code <= 0xf71a && isThai(out.charCodeAt(out.length - 1))
          ? THAI_SHIFTED[code - 0xf700]
          : undefined
      // Private-use code points are symbol-font glyphs (bullets, check marks) with no meaning.
      if (thai === undefined) unreliable++
      put = thai ?? ''
    } else if (code === 0xad) {
      if (i === last) continue
      put = ''
    } else if (
      code === 0xa0 ||
      (code >= 0x2000 && code <= 0x200a) ||
      code === 0x202f ||
      code === 0x3000
    ) {
      put = ' '
    } else if (code === 0x200b || code === 0xfeff || code === 0x200e || code === 0x200f) {
      put = ''
    } else if ((code >= 0xfb1d && code <= 0xfdff) || (code >= 0xfe70 && code <= 0xfefc)) {
      // Hebrew and Arabic presentation forms (a letter in the shape its place in the word gives
      // it, as PDF producers draw Arabic) read as the letters they show: "ﻟﻤﻴﺎه" is "لمياه".
      put = (input[i] as string).normalize('NFKC')
    } else {
      const replaced = code >= 0x2000 ? REPLACEMENTS[input[i] as string] : undefined
      if (replaced === undefined) continue
      put = replaced
    }
    out += input.slice(kept, i) + put
    kept = i + 1
  }
  out = kept === 0 ? input : out + input.slice(kept)
  // Thai and Lao Sara Am drawn as its two parts, the nikhahit and the sara aa (with a tone mark
  // between them where one sits on top), is one letter after the tone mark: "นํ้า" is "น้ำ".
  if (out.includes('\u0E4D') || out.includes('\u0ECD')) {
    out = out
      .replace(/\u0E4D([\u0E48-\u0E4B]?)\u0E32/g, '$1\u0E33')
      .replace(/\u0ECD([\u0EC8-\u0ECB]?)\u0EB2/g, '$1\u0EB3')
  }
  return { text: out, unreliable }
}

/** Spacing accents that TeX and others draw as glyphs of their own, and their combining forms. */
const COMBINING: Record<string, string> = {
  '\u00A8': '\u0308', // ¨ diaeresis
  '\u00B4': '\u0301', // ´ acute
  '\u02C6': '\u0302', // ˆ circumflex
  '\u02DC': '\u0303', // ˜ tilde
  '\u00B8': '\u0327', // ¸ cedilla
  '\u02C7': '\u030C', // ˇ caron
  '\u02D8': '\u0306', // ˘ breve
  '\u02DA': '\u030A', // ˚ ring
  '\u02DD': '\u030B', // ˝ double acute
  '\u02D9': '\u0307', // ˙ dot above
  '\u00AF': '\u0304', // ¯ macron
  '\u0060': '\u0300', // ` grave
}
const ACCENTS = `[${Object.keys(COMBINING).join('')}]`
const ACCENT_BEFORE_LETTER = new RegExp(`(${ACCENTS})(\\p{L})`, 'gu')
/** Any spacing accent: most lines have none, and are left as they are at once. */
const ANY_ACCENT = new RegExp(ACCENTS)
const LETTER_AT_END = /\p{L}$/u
/** What follows an apostrophe in an English contraction: "it´s", "don´t", "we´re", "I´ll". */
const CONTRACTION = /^(?:[stdm]|ll|re|ve)(?!\p{L})/u

/** Whether a text is one spacing accent that `composeSpacingAccents` sets on a letter. */
export function isSpacingAccent(text: string): boolean {
  return text.length === 1 && COMBINING[text] !== undefined
}

/** TeX's \not, a slash drawn over the relation after it, and the relation, maybe a space apart. */
const NEGATION_BEFORE = /\u0338 ?(\S)/g

/**
 * Sets TeX's negating slash, drawn before the relation it strikes through, onto the relation:
 * "a ̸ = 0" reads "a ≠ 0", "x ̸∈ S" "x ∉ S". Only where the two make one precomposed sign.
 */
export function composeNegations(text: string): string {
  if (!text.includes('\u0338')) return text
  return text.replace(NEGATION_BEFORE, (pair, relation: string) => {
    const composed = `${relation}\u0338`.normalize('NFC')
    return composed.length === 1 ? composed : pair
  })
}

/**
 * Sets a spacing accent drawn before its letter onto the letter: "na¨ıve" reads "naïve",
 * "B¨orsch" "Börsch", "Petrovi´c" "Petrović". Only where the two make one precomposed letter.
 * An acute also stands in for an apostrophe: before the end of an English contraction ("it´s",
 * "we´re") it stays. A grave accent is also a backtick that opens code ("`echo`"): it is set
 * only inside a word ("Lef`evre"). A dotless i under an accent is an i.
 */
export function composeSpacingAccents(text: string): string {
  if (!ANY_ACCENT.test(text)) return text
  return composeBefore(text).replace(CEDILLA_AFTER_LETTER, (pair, letter: string) => {
    const composed = `${letter}\u0327`.normalize('NFC')
    return composed.length === 1 ? composed : pair
  })
}

/**
 * A cedilla drawn after the letter it hangs from ("S¸ahin"), where none went onto the letter
 * after it ("Fran¸cois" is "François").
 */
const CEDILLA_AFTER_LETTER = /(\p{L})\u00B8/gu

function composeBefore(text: string): string {
  return text.replace(
    ACCENT_BEFORE_LETTER,
    (pair, accent: string, letter: string, at: number, whole: string) => {
      // Two code units hold any letter before, one outside the Basic Multilingual Plane too.
      if (accent === '\u0060' && !LETTER_AT_END.test(whole.slice(Math.max(0, at - 2), at))) {
        return pair
      }
      if (accent === '\u00B4' && CONTRACTION.test(whole.slice(at + 1))) return pair
      const base = letter === '\u0131' ? 'i' : letter
      const composed = `${base}${COMBINING[accent]}`.normalize('NFC')
      return composed.length === 1 ? composed : pair
    },
  )
}
