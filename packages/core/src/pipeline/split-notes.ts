import { withLines } from './blocks.js'
import type { Block, Line } from './types.js'

/** A note's number at the start of its first line: "4Parker", "5 Feinsod", "12. See". */
const NOTE_NUMBER = /^(\d{1,3})(?=[\s.)]|\p{L})/u
/** The symbols that mark notes, in the order they are used (LaTeX's \thanks, journals' notes). */
const NOTE_SYMBOLS = ['*', '†', '‡', '§', '¶', '‖', '**', '††', '‡‡']
/** A symbol opening a line as a note's mark: "† Example Labs", "**Present address". */
const NOTE_SYMBOL = /^(\*\*|††|‡‡|[*†‡§¶‖])(?!\*)/
/** Symbols count after every number a note may carry, so that the two never follow each other. */
const SYMBOL_BASE = 1000

/**
 * A footnote block that holds several numbered notes, one after the other ("4 Parker, K. ..."
 * then "5 Feinsod, F.M. ..."), or notes marked with symbols in their order ("* University of
 * Somewhere" then "† Example Labs"), becomes one block per note. A line opens a note only when it
 * starts with the number after the current note's, so a wrapped line that starts with a year, a
 * volume or a page number stays in its note.
 */
export function splitNotes(block: Block): Block[] {
  const first = block.lines[0]
  let number = first ? noteNumber(first) : undefined
  if (number === undefined) return [block]
  const notes: Line[][] = [[]]
  for (const line of block.lines) {
    if (line !== first && noteNumber(line) === number + 1) {
      notes.push([])
      number++
    }
    ;(notes[notes.length - 1] as Line[]).push(line)
  }
  if (notes.length === 1) return [block]
  // Each note keeps the block's kind and style; its box is its own lines'.
  return notes.map((lines) => withLines(block, lines))
}

/** A note's place in its sequence: its number, or its symbol's place among the symbols. */
function noteNumber(line: Line): number | undefined {
  const match = NOTE_NUMBER.exec(line.text)
  if (match) return Number(match[1])
  const symbol = NOTE_SYMBOL.exec(line.text)?.[1]
  return symbol === undefined ? undefined : SYMBOL_BASE + NOTE_SYMBOLS.indexOf(symbol)
}
