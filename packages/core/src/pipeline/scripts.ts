import type { TextRun } from './types.js'

/**
 * Raised text under this many times its neighbour's size is a superscript: browsers set `<sup>` in
 * "smaller" type, five sixths of the text's.
 */
export const SUPERSCRIPT_MIN_SHRINK = 0.85
/** A script starts at most this many of its glyph's font sizes from the glyph's right edge. */
const SCRIPT_AGAINST_EM = 0.1

/**
 * Whether a run is a script of a glyph: set smaller and starting right against its right edge,
 * as TeX and browsers set sub- and superscripts (a fraction's part or a word leaves a space).
 */
export function isScriptAgainst(script: TextRun, glyph: TextRun): boolean {
  return (
    script.fontSize < SUPERSCRIPT_MIN_SHRINK * glyph.fontSize &&
    Math.abs(script.left - glyph.right) <= SCRIPT_AGAINST_EM * glyph.fontSize
  )
}
