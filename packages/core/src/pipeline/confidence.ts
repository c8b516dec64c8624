import type { Confidence } from '@pdfx/schema'
import type { PageLayout } from './types.js'

/** Evidence gathered while extracting, from which the confidence report is computed. */
export interface ConfidenceEvidence {
  pages: readonly PageLayout[]
  /** Lines that look like rows of a table (several cells on one baseline, numbers). */
  tableLikeLines: number
  /** All lines of body text. */
  lines: number
  /** Evidence of each table the engine reconstructed (hybrid), in [0, 1]; none in fast mode. */
  tableEvidence: readonly number[]
}

/**
 * Scores in [0, 1]. `layout` is the share of pages whose reading order came from a clean column
 * structure; `tables` is low when the text shows table rows that the engine did not rebuild
 * (so "use hybrid"); `overall` also falls with the share of characters that had no reliable
 * Unicode mapping.
 */
export function computeConfidence(evidence: ConfidenceEvidence): Confidence {
  let chars = 0
  let unreliable = 0
  let clean = 0
  let textPages = 0
  for (const page of evidence.pages) {
    chars += page.chars
    unreliable += page.unreliableChars
    if (page.chars > 0) {
      textPages++
      if (page.cleanLayout) clean++
    }
  }
  const unicode = chars === 0 ? 0 : 1 - unreliable / chars
  const layout = textPages === 0 ? 0 : 0.5 + 0.5 * (clean / textPages)
  // Table-like rows counted in the text left after table reconstruction are tables missed. A few
  // aligned lines happen in any document; a tenth of all lines is a document with tables.
  const tableShare = evidence.lines === 0 ? 0 : evidence.tableLikeLines / evidence.lines
  const unhandled = Math.min(1, tableShare * 8)
  const found = evidence.tableEvidence
  const rebuilt =
    found.length === 0 ? 1 : found.reduce((sum, value) => sum + value, 0) / found.length
  const tables = round((1 - 0.85 * unhandled) * rebuilt)
  const overall = round(unicode * (0.7 + 0.3 * layout) * (0.85 + 0.15 * tables))
  return { overall, tables, layout: round(layout) }
}

function round(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000
}
