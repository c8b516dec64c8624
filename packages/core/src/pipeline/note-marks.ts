import type { Line } from './types.js'

/**
 * The mark that opens a note and points to it from the text: a number, one to three reference
 * symbols, or superscript figures. Shared by the lines (a raised mark before a note's first
 * word) and the classification (a block that opens with a mark is a note).
 */
export const NOTE_MARK = '(?:\\d{1,3}|[*†‡§¶⋆☆]{1,3}|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)'

/** A note mark and nothing else. */
export const LONE_NOTE_MARK = new RegExp(`^${NOTE_MARK}$`)

/** A citation alone: a note mark, or a reference's number in brackets ("[2]", "[3, 4]", "[5–7]"). */
export const LONE_CITATION = new RegExp(
  `^(?:\\[\\d{1,3}(?:\\s*[,–-]\\s*\\d{1,3})*\\]|${NOTE_MARK})$`,
)

/** A note's number at the start of its first line: "4Parker", "5 Feinsod", "12. See". */
const NOTE_NUMBER = /^(\d{1,3})(?=[\s.)]|\p{L})/u
/**
 * A note's number in lower-case roman numerals, as word processors number endnotes ("iv Ibid."),
 * apart from a note that does not open in lower case.
 */
const ROMAN_NOTE_NUMBER = /^(?=[ivx])(x{0,3}(?:ix|iv|v?i{0,3})) +(?=[^\s\p{Ll}])/u
const ROMAN_DIGITS: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10 }
/** The symbols that mark notes, in the order they are used (LaTeX's \thanks, journals' notes). */
const NOTE_SYMBOLS = ['*', '†', '‡', '§', '¶', '‖', '**', '††', '‡‡']
/** A symbol opening a line as a note's mark: "† Example Labs", "**Present address". */
const NOTE_SYMBOL = /^(\*\*|††|‡‡|[*†‡§¶‖])(?!\*)/
/**
 * Roman numbers and symbols count after every number a note may carry, so that no two kinds of
 * mark ever follow each other.
 */
const ROMAN_BASE = 1000
const SYMBOL_BASE = 2000

/**
 * The place in its sequence of the note that `text` opens: its number, roman or not, or its
 * symbol's place among the symbols; undefined when it opens with no note's mark.
 */
export function noteNumber(text: string): number | undefined {
  const match = NOTE_NUMBER.exec(text)
  if (match) return Number(match[1])
  const roman = romanNoteNumber(text)
  if (roman !== undefined) return roman
  const symbol = NOTE_SYMBOL.exec(text)?.[1]
  return symbol === undefined ? undefined : SYMBOL_BASE + NOTE_SYMBOLS.indexOf(symbol)
}

/** `noteNumber` of a note that opens with a number in lower-case roman numerals, else undefined. */
export function romanNoteNumber(text: string): number | undefined {
  const roman = ROMAN_NOTE_NUMBER.exec(text)?.[1]
  return roman ? ROMAN_BASE + romanValue(roman) : undefined
}

/** The value of a roman numeral in lower case up to 39 ("xiv" is 14). */
function romanValue(numeral: string): number {
  let value = 0
  for (let index = 0; index < numeral.length; index++) {
    const digit = ROMAN_DIGITS[numeral.charAt(index)] ?? 0
    const next = ROMAN_DIGITS[numeral.charAt(index + 1)] ?? 0
    value += digit < next ? -digit : digit
  }
  return value
}

/**
 * Whether `line` opens the note numbered `number` in a block of notes whose first line is
 * `first`: its mark stands where the first note's does, raised if that one is. A note's line
 * that wraps to the notes' margin may start with a volume, a year or a page ("3 (2008): 1-24.").
 */
export function opensNote(first: Line, line: Line, number: number): boolean {
  return (
    noteNumber(line.text) === number &&
    Math.abs(line.left - first.left) < 1 &&
    (line.openingMark === undefined) === (first.openingMark === undefined)
  )
}
