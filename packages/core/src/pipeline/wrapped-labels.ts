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

/** A line that goes on mid-phrase: in lower case, or in capitals as a label set in capitals. */
const MID_PHRASE = /^(?:\p{Ll}|\p{Lu}(?:\p{Lu}|\s|$))/u

/**
 * Whether `next` is the next line of the same wrapped label as `line`, in a table that sets its
 * figures level with a label's last line: flush with it and going on mid-phrase ("Lowest fifth of
 * households," over "including those receiving"), where the first row under a group's title
 * opens with a capitalised word ("Public elementary and secondary schools" over "Total
 * enrollment") or stands indented.
 */
export function goesOnBelow(line: Line, next: Line): boolean {
  return Math.abs(next.left - line.left) <= 0.5 * line.fontSize && MID_PHRASE.test(next.text)
}
