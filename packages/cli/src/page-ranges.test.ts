import { DEFAULT_MAX_PAGES } from '@pdfx/core'
import { describe, expect, it } from 'vitest'
import { MOST_PAGES, parsePageRanges, reachesBeyond, toPageNumbers } from './page-ranges.js'

describe('parsePageRanges', () => {
  it('reads single pages, closed ranges and ranges open to the end', () => {
    expect(parsePageRanges('1-3, 7,10-')).toEqual([
      { first: 1, last: 3 },
      { first: 7, last: 7 },
      { first: 10 },
    ])
  })

  it.each([
    ['', /is not a page/],
    ['1,,2', /is not a page/],
    ['a-b', /is not a page/],
    ['-3', /is not a page/],
    ['0', /numbered from 1/],
    ['5-2', /runs backwards/],
  ])('refuses %j', (text, message) => {
    expect(() => parsePageRanges(text)).toThrow(message)
  })

  it('lists the page numbers for @pdfx/core, and says whether a range goes past the document', () => {
    const selection = parsePageRanges('9-,2-3,3')
    expect(toPageNumbers(selection, 11)).toEqual([2, 3, 9, 10, 11])
    expect(toPageNumbers(parsePageRanges('4-6'), 5)).toEqual([4, 5])
    const open = toPageNumbers(parsePageRanges('4990-'))
    expect([open.length, open.at(-1)]).toEqual([MOST_PAGES - 4989, MOST_PAGES])
    expect(toPageNumbers(parsePageRanges('1-99999999'))).toHaveLength(MOST_PAGES)
    // Open ranges stop where @pdfx/core stops reading.
    expect(MOST_PAGES).toBe(DEFAULT_MAX_PAGES)
    expect(reachesBeyond(selection, 20)).toBe(false)
    expect(reachesBeyond(selection, 5)).toBe(true)
    expect(reachesBeyond(parsePageRanges('1-8'), 5)).toBe(true)
  })
})
