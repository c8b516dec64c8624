import type { Line } from './types.js'

// What a book's index sets on its lines: a term, then the pages it is found on.

/** One page reference: "12", "15-17", "23f.", "178n" (a note on page 178). */
const PAGE = String.raw`\d+(?:[-\u2013]\d+|ff?\.|n)?`

/** The page numbers that end an index's entry: "12", "15-17", "44, 49", "23f.". */
export const PAGE_REFERENCES = new RegExp(String.raw`(?:^|[\s,])${PAGE}$`, 'u')
/**
 * An index's entry, a term then its pages ("Cauchy product, 23-25", "neurons 173"), or the letter
 * over the entries it starts.
 */
export const INDEX_ENTRY = new RegExp(String.raw`^(?:\p{L}.*?,?(?: ${PAGE},?)+|\p{Lu})$`, 'u')
/** The pages after an index entry's term and comma: ", 12", ", 57-63, 201", ", 178n". */
export const PAGES_AFTER_COMMA = new RegExp(`,(?: ${PAGE},?)+$`, 'u')
/** The rest of an entry's pages, wrapped under it: "112", "204, 210n". */
const WRAPPED_PAGES = new RegExp(`^${PAGE}(?:, ${PAGE})*,?$`, 'u')

/** Whether a line holds the rest of the pages of the index entry above it, which ends in a comma. */
export function wrapsPages(entry: Line | undefined, line: Line): boolean {
  return entry?.text.trimEnd().endsWith(',') === true && WRAPPED_PAGES.test(line.text)
}
