import { endsContentsEntry } from './blocks.js'
import type { Block } from './types.js'

/** The punctuation that closes a sentence, a clause list or a quotation. */
const CLOSED = /[.!?:;"”')\]]$/

/**
 * Whether a paragraph goes on in `next`, after a column or page break (or small print) cut it
 * mid-sentence: no closing punctuation before, a lowercase start after, the same type size. A
 * contents entry ends at its page number, punctuation or not.
 */
export function continuesParagraph(previous: Block, next: Block): boolean {
  if (next.kind !== 'paragraph') return false
  const ratio = next.fontSize / previous.fontSize
  if (ratio > 1.1 || ratio < 0.9) return false
  const last = previous.lines[previous.lines.length - 1]
  const first = next.lines[0]
  return (
    last !== undefined &&
    first !== undefined &&
    !CLOSED.test(last.text) &&
    !endsContentsEntry(last.text) &&
    /^\p{Ll}/u.test(first.text)
  )
}
