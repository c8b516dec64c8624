import { describe, expect, it } from 'vitest'
import { extentOf, gapBetween } from './line-extent.js'
import { groupLines } from './lines.js'
import { run } from './test-helpers.js'

describe('extentOf and gapBetween', () => {
  it('measure the box of some lines, their largest type and the space between two rows', () => {
    const [header, body] = [
      groupLines([run('Region', 10, 100, { fontSize: 12 }), run('Units', 200, 100)]),
      groupLines([run('North', 10, 130), run('1,204', 200, 130)]),
    ] as const
    expect(extentOf(header)).toEqual({ left: 10, top: 90.4, right: 225, bottom: 102.4, em: 12 })
    // 10 pt body text tops at 122; the header's lowest line ends at 102.4.
    expect(gapBetween(header, body)).toBeCloseTo(19.6)
  })

  it('give an empty box for no lines, as Math.min and Math.max of nothing do', () => {
    expect(extentOf([])).toEqual({
      left: Number.POSITIVE_INFINITY,
      top: Number.POSITIVE_INFINITY,
      right: Number.NEGATIVE_INFINITY,
      bottom: Number.NEGATIVE_INFINITY,
      em: Number.NEGATIVE_INFINITY,
    })
  })
})
