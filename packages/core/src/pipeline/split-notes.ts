import { withLines } from './blocks.js'
import { noteNumber, opensNote } from './note-marks.js'
import type { Block, Line } from './types.js'

/**
 * A footnote block that holds several numbered notes, one after the other ("4 Parker, K. ..."
 * then "5 Feinsod, F.M. ..."), or notes marked with symbols in their order ("* University of
 * Somewhere" then "† Example Labs"), becomes one block per note. A line opens a note only when it
 * starts with the number after the current note's, set as the first note's number is.
 */
export function splitNotes(block: Block): Block[] {
  const first = block.lines[0]
  let number = first ? noteNumber(first.text) : undefined
  if (first === undefined || number === undefined) return [block]
  const notes: Line[][] = [[]]
  for (const line of block.lines) {
    if (line !== first && opensNote(first, line, number + 1)) {
      notes.push([])
      number++
    }
    ;(notes[notes.length - 1] as Line[]).push(line)
  }
  if (notes.length === 1) return [block]
  // Each note keeps the block's kind and style; its box is its own lines'.
  return notes.map((lines) => withLines(block, lines))
}
