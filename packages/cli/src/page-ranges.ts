/** A run of 1-based page numbers; without `last` it runs to the end of the document. */
export interface PageRange {
  first: number
  last?: number
}

/** Pages chosen with `--pages`, in the order they were written. */
export type PageSelection = readonly PageRange[]

/**
 * Parses `1-3,7,10-` (single pages, closed ranges, and ranges open to the last page). Throws a
 * RangeError whose message can be shown to the user as it is.
 */
export function parsePageRanges(text: string): PageSelection {
  const ranges: PageRange[] = []
  for (const part of text.split(',')) {
    const match = /^\s*(\d+)\s*(?:(-)\s*(\d+)?)?\s*$/.exec(part)
    if (!match) {
      throw new RangeError(`"${part.trim()}" is not a page or a range such as 1-3, 7 or 10-`)
    }
    const first = Number(match[1])
    const last = match[3] === undefined ? (match[2] ? undefined : first) : Number(match[3])
    if (first < 1 || (last !== undefined && last < 1)) {
      throw new RangeError('pages are numbered from 1')
    }
    if (last !== undefined && last < first) {
      throw new RangeError(`"${part.trim()}" runs backwards`)
    }
    ranges.push(last === undefined ? { first } : { first, last })
  }
  return ranges
}

/**
 * Most pages a PDF may have: @pdfx/core refuses longer documents (its DEFAULT_MAX_PAGES), so
 * ranges open to the end, or running past this, stop here. A copy, not an import: option
 * parsing runs for `--help`, which must not load @pdfx/core; a test keeps the two equal.
 */
export const MOST_PAGES = 5000

/**
 * The selected page numbers, ascending and each once, up to `lastPage`: what @pdfx/core's
 * `pages` option takes. Open ranges (`10-`) run to `lastPage`.
 */
export function toPageNumbers(selection: PageSelection, lastPage = MOST_PAGES): number[] {
  const pages = new Set<number>()
  for (const range of selection) {
    const last = Math.min(range.last ?? lastPage, lastPage)
    for (let page = range.first; page <= last; page++) pages.add(page)
  }
  return [...pages].sort((a, b) => a - b)
}

/** True when a range starts or ends past the last page of a document with `pageCount` pages. */
export function reachesBeyond(selection: PageSelection, pageCount: number): boolean {
  return selection.some((range) => range.first > pageCount || (range.last ?? 0) > pageCount)
}
