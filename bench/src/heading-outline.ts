import { normalizedLevenshtein } from './scoring/levenshtein'

/** A heading of an outline: its text and level 1-6. */
export interface OutlineHeading {
  text: string
  level: number
}

/** How well a predicted heading outline matches the reference outline. */
export interface OutlineScore {
  reference: number
  predicted: number
  matched: number
  precision: number
  recall: number
  f1: number
  /** Share of matched headings with the same level; null when nothing matched. */
  levelExact: number | null
  /** Same, after ranking each side's levels of matched headings densely (H1, H3, H4 → 1, 2, 3). */
  levelRelative: number | null
}

// "1.", "2.3.1", "IV.", "A)", "(b)" before a heading: numbering that tags and text layers
// disagree on, while the words after it are what we compare.
const LEADING_NUMBERING = /^(?:\(?(?:\d+(?:\.\d+)*|[ivxlcdm]+|[a-z])[.)]\s+|\d+(?:\.\d+)*\s+)/u
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu

/** The comparison key of a heading: NFKC, lower case, leading numbering dropped, only letters and digits kept. */
export function headingKey(text: string): string {
  const lower = text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim()
  return lower.replace(LEADING_NUMBERING, '').replace(NOT_LETTER_OR_DIGIT, '')
}

/** Near-equal keys still match (a dropped hyphen or ligature), but only on long headings. */
const MAX_KEY_DISTANCE = 0.1
const MIN_FUZZY_LENGTH = 12

function sameHeading(a: string, b: string): boolean {
  if (a === b) return a !== ''
  if (Math.min(a.length, b.length) < MIN_FUZZY_LENGTH) return false
  return normalizedLevenshtein(a, b) <= MAX_KEY_DISTANCE
}

/** Index pairs of reference and predicted headings matched in order (longest common subsequence). */
export function alignHeadings(
  reference: readonly string[],
  predicted: readonly string[],
): [number, number][] {
  const n = reference.length
  const m = predicted.length
  const table = new Uint32Array((n + 1) * (m + 1))
  const at = (i: number, j: number) => i * (m + 1) + j
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[at(i, j)] = sameHeading(reference[i] as string, predicted[j] as string)
        ? (table[at(i + 1, j + 1)] as number) + 1
        : Math.max(table[at(i + 1, j)] as number, table[at(i, j + 1)] as number)
    }
  }
  const pairs: [number, number][] = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (sameHeading(reference[i] as string, predicted[j] as string)) {
      pairs.push([i, j])
      i++
      j++
    } else if ((table[at(i + 1, j)] as number) >= (table[at(i, j + 1)] as number)) i++
    else j++
  }
  return pairs
}

function denseRanks(levels: readonly number[]): Map<number, number> {
  const sorted = [...new Set(levels)].sort((a, b) => a - b)
  return new Map(sorted.map((level, rank) => [level, rank + 1]))
}

/** Precision, recall and F1 of heading texts, and level agreement on the matched ones. */
export function scoreOutline(
  reference: readonly OutlineHeading[],
  predicted: readonly OutlineHeading[],
): OutlineScore {
  const pairs = alignHeadings(
    reference.map((heading) => headingKey(heading.text)),
    predicted.map((heading) => headingKey(heading.text)),
  )
  const matched = pairs.length
  const precision = predicted.length > 0 ? matched / predicted.length : 0
  const recall = reference.length > 0 ? matched / reference.length : 0
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0
  // Ranked over the matched headings only: an extra heading is already counted against precision,
  // and must not also shift the rank of every matched heading below its level.
  const refRanks = denseRanks(pairs.map(([i]) => (reference[i] as OutlineHeading).level))
  const predRanks = denseRanks(pairs.map(([, j]) => (predicted[j] as OutlineHeading).level))
  let exact = 0
  let relative = 0
  for (const [i, j] of pairs) {
    const ref = reference[i] as OutlineHeading
    const pred = predicted[j] as OutlineHeading
    if (ref.level === pred.level) exact++
    if (refRanks.get(ref.level) === predRanks.get(pred.level)) relative++
  }
  return {
    reference: reference.length,
    predicted: predicted.length,
    matched,
    precision,
    recall,
    f1,
    levelExact: matched > 0 ? exact / matched : null,
    levelRelative: matched > 0 ? relative / matched : null,
  }
}
