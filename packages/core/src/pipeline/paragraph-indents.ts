import type { Line } from './types.js'

/** A paragraph's first line stands in from the line under it by this many font sizes at least... */
const INDENT_MIN_EM = 0.9
/** ...and at most. */
const INDENT_MAX_EM = 4
/** A paragraph's first line, which runs on, ends at most this many font sizes short of its next. */
const RUNS_ON_EM = 3
/** A page shows its paragraph indent in at least this many paragraphs. */
const MIN_PARAGRAPHS = 2

/** An edge where a page's paragraphs indent their first lines, in one type size. */
export interface ParagraphIndent {
  /** The indented first lines' left edge. */
  left: number
  /** The furthest right the paragraphs' lines reach there: their measure. */
  right: number
  fontSize: number
  /** Whether the indented first lines end where the lines under them do: justified text. */
  justified: boolean
}

/** How far apart, in points, the full lines of justified text may end (and a flush line start). */
export const JUSTIFIED_SLACK = 1

/**
 * Where a page's paragraphs indent their first lines: a line over the next line of its
 * paragraph (`below`, an index into `lines` or -1), which starts out to its left and ends no
 * further right than about where it ends, at one edge in two paragraphs or more. Book and novel pages mark paragraphs so,
 * with no space between them.
 */
export function findParagraphIndents(
  lines: readonly Line[],
  below: readonly number[],
): ParagraphIndent[] {
  const found: Array<ParagraphIndent & { paragraphs: number; firstRight: number }> = []
  for (const [i, j] of below.entries()) {
    if (j === -1) continue
    const first = lines[i] as Line
    const next = lines[j] as Line
    const em = first.fontSize
    const step = first.left - next.left
    if (step < INDENT_MIN_EM * em || step > INDENT_MAX_EM * em) continue
    if (first.right < next.right - RUNS_ON_EM * em) continue
    const right = Math.max(first.right, next.right)
    const known = found.find(
      (indent) => indent.fontSize === em && Math.abs(indent.left - first.left) < 0.2 * em,
    )
    if (known) {
      known.paragraphs++
      known.right = Math.max(known.right, right)
      // A first line is full, in justified text ending where every other first line ends.
      known.justified &&= Math.abs(first.right - known.firstRight) <= JUSTIFIED_SLACK
    } else {
      const fields = { left: first.left, right, fontSize: em, justified: true }
      found.push({ ...fields, paragraphs: 1, firstRight: first.right })
    }
  }
  return found
    .filter((indent) => indent.paragraphs >= MIN_PARAGRAPHS)
    .map(({ left, right, fontSize, justified }) => ({ left, right, fontSize, justified }))
}

/**
 * The paragraph indent of the page that `last` and `line` under it both start at, if any: there,
 * a line that ends short of the indent's measure ended its paragraph, and the line under it
 * opens the next (a novel's lines of dialogue, one paragraph each). Short means with room for
 * the next line's first word, or, in justified text, short of the measure at all.
 */
export function sharedIndent(
  indents: readonly ParagraphIndent[],
  last: Line,
  line: Line,
): ParagraphIndent | undefined {
  if (Math.abs(line.left - last.left) >= 0.2 * last.fontSize) return undefined
  return indentAt(indents, last.left, last.fontSize)
}

/**
 * The page's paragraph indent that `line` opens at, under `last` set flush left of it: the next
 * paragraph's first line under a paragraph's last line alone at the top of a column or page.
 */
export function opensAtIndent(
  indents: readonly ParagraphIndent[],
  last: Line,
  line: Line,
): ParagraphIndent | undefined {
  if (line.left - last.left < 0.5 * last.fontSize) return undefined
  return indentAt(indents, line.left, last.fontSize)
}

/** Whether a line starts at one of the page's paragraph indents for its size. */
export function standsAtIndent(indents: readonly ParagraphIndent[], line: Line): boolean {
  return indentAt(indents, line.left, line.fontSize) !== undefined
}

/** The page's paragraph indent for type of size `em` at `left`, if any. */
function indentAt(
  indents: readonly ParagraphIndent[],
  left: number,
  em: number,
): ParagraphIndent | undefined {
  return indents.find((edge) => edge.fontSize === em && Math.abs(edge.left - left) < 0.2 * em)
}
