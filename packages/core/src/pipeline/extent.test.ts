import { describe, expect, it } from 'vitest'
import { extentOf, gapBetween, gapInEms, medianFontSize, middleWithin } from './extent.js'
import { groupLines } from './lines.js'
import { block, run } from './test-helpers.js'

describe('extent helpers', () => {
  it('measure the box of some lines, their largest type and the space between two rows', () => {
    const [header, body] = [
      groupLines([run('Region', 10, 100, { fontSize: 12 }), run('Units', 200, 100)]),
      groupLines([run('North', 10, 130), run('1,204', 200, 130)]),
    ] as const
    expect(extentOf(header)).toEqual({ left: 10, top: 90.4, right: 225, bottom: 102.4, em: 12 })
    // 10 pt body text tops at 122; the header's lowest line ends at 102.4.
    expect(gapBetween(header, body)).toBeCloseTo(19.6)
    // In ems of the lower row's 10 pt type.
    expect(gapInEms(header, body)).toBeCloseTo(1.96)
  })

  it('give an empty box for no lines, which any real box outgrows', () => {
    expect(extentOf([])).toEqual({
      left: Number.POSITIVE_INFINITY,
      top: Number.POSITIVE_INFINITY,
      right: Number.NEGATIVE_INFINITY,
      bottom: Number.NEGATIVE_INFINITY,
      em: Number.NEGATIVE_INFINITY,
    })
  })

  it('box blocks as they box lines, and tell whose middle lies inside a box', () => {
    const cells = [block(['Region', 'North'], 10, 100), block(['Units', '1,204'], 200, 100)]
    const box = extentOf(cells)
    expect(box).toEqual({ left: 10, top: 92, right: 225, bottom: 114, em: 10 })
    expect(middleWithin(block(['a note inside'], 60, 104), box)).toBe(true)
    expect(middleWithin(block(['a note below'], 60, 130), box)).toBe(false)
  })

  it('take the median type size, or a fallback for nothing', () => {
    const sized = (fontSize: number) => ({ fontSize })
    expect(medianFontSize([sized(12), sized(8), sized(10), sized(10), sized(30)])).toBe(10)
    expect(medianFontSize([])).toBe(10)
    expect(medianFontSize([], 7)).toBe(7)
  })
})
