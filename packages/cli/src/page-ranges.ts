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

/** True when `page` is in one of the ranges. */
export function includesPage(selection: PageSelection, page: number): boolean {
  return selection.some((range) => page >= range.first && page <= (range.last ?? page))
}

/** True when a range starts or ends past the last page of a document with `pageCount` pages. */
export function reachesBeyond(selection: PageSelection, pageCount: number): boolean {
  return selection.some((range) => range.first > pageCount || (range.last ?? 0) > pageCount)
}
