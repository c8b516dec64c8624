import { describe, expect, it } from 'vitest'
import { includesPage, parsePageRanges, reachesBeyond } from './page-ranges.js'

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

  it('answers which pages are in, and whether a range goes past the document', () => {
    const selection = parsePageRanges('2-3,9-')
    expect([1, 2, 3, 4, 9, 50].map((page) => includesPage(selection, page))).toEqual([
      false,
      true,
      true,
      false,
      true,
      true,
    ])
    expect(reachesBeyond(selection, 20)).toBe(false)
    expect(reachesBeyond(selection, 5)).toBe(true)
    expect(reachesBeyond(parsePageRanges('1-8'), 5)).toBe(true)
  })
})
