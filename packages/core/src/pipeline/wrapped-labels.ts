import type { Line } from './types.js'

/**
 * Lines of one cell stand at most this many font sizes apart, baseline to baseline, where a row's
 * figures stand centred between two of them.
 */
export const CELL_LINE_PITCH_EMS = 1.6

/**
 * A header's rows this close, baseline to baseline, in font sizes, are no lines of one title:
 * titles centred on the header, broken over different numbers of lines, interleave.
 */
export const INTERLEAVED_EMS = 0.8

/**
 * A line that goes on mid-phrase: in lower case, or wholly in capitals as a label set in capitals
 * ("X - Northern", a row's numeral before words in lower case, opens a row).
 */
const MID_PHRASE = /^(?:\p{Ll}|\p{Lu}\P{Ll}*$)/u

/** A label's wrapped lines stand at most this many font sizes right of its first line. */
const HANGING_INDENT_EMS = 2

/**
 * Whether `next` is the next line of the same wrapped label as `line`, in a table that sets its
 * figures level with a label's last line: flush with it, or indented under it as a statistical
 * table hangs its labels' wrapped lines, and going on mid-phrase ("Lowest fifth of households,"
 * over "including those receiving"; "Building material & garden equipment &" over "supplies
 * dealers"), where the first row under a group's title opens with a capitalised word ("Public
 * elementary and secondary schools" over "Total enrollment").
 */
export function goesOnBelow(line: Line, next: Line): boolean {
  const indent = next.left - line.left
  const em = line.fontSize
  if (Math.abs(indent) <= 0.5 * em) return MID_PHRASE.test(next.text)
  // Indented, only a word in lower case goes on: capitals there are codes of rows of their own.
  return indent > 0 && indent <= HANGING_INDENT_EMS * em && /^\p{Ll}/u.test(next.text)
}

/**
 * Whether `next` goes on `line`'s cell within a cell's line pitch, where a row's figures may
 * stand between the two lines (goesOnBelow).
 */
export function goesOnInCell(line: Line, next: Line): boolean {
  return (
    goesOnBelow(line, next) && next.baseline - line.baseline <= CELL_LINE_PITCH_EMS * line.fontSize
  )
}
