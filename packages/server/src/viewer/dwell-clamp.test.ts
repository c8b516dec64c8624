import { describe, expect, it } from 'vitest'
import { clampDwell, DWELL_SLACK_MS, MAX_BATCH_DWELL_MS } from './dwell-clamp.js'

describe('clampDwell', () => {
  it('keeps a batch that fits the time that passed', () => {
    expect(
      clampDwell(
        [
          { page: 2, ms: 4_000 },
          { page: 1, ms: 6_000 },
        ],
        10_000,
      ),
    ).toEqual([
      { page: 1, ms: 6_000 },
      { page: 2, ms: 4_000 },
    ])
  })

  it('adds up entries of one page and drops empty ones', () => {
    const batch = [
      { page: 3, ms: 1_000 },
      { page: 3, ms: 500 },
      { page: 4, ms: 0 },
    ]
    expect(clampDwell(batch, 60_000)).toEqual([{ page: 3, ms: 1_500 }])
  })

  it('scales a batch down to the elapsed time plus the slack, keeping its proportions', () => {
    const clamped = clampDwell(
      [
        { page: 1, ms: 30_000 },
        { page: 2, ms: 10_000 },
      ],
      6_000,
    )
    expect(clamped).toEqual([
      { page: 1, ms: 6_000 },
      { page: 2, ms: 2_000 },
    ])
    expect(clamped.reduce((sum, entry) => sum + entry.ms, 0)).toBe(6_000 + DWELL_SLACK_MS)
  })

  it('never lets one batch add more than five minutes, nor count a clock that ran backwards', () => {
    const total = (batch: { ms: number }[]) => batch.reduce((sum, entry) => sum + entry.ms, 0)
    expect(total(clampDwell([{ page: 1, ms: 3_600_000 }], 3_600_000))).toBe(MAX_BATCH_DWELL_MS)
    expect(total(clampDwell([{ page: 1, ms: 10_000 }], -5_000))).toBe(DWELL_SLACK_MS)
  })

  it('rounds down, so the scaled sum stays within the allowance', () => {
    const batch = [1, 2, 3].map((page) => ({ page, ms: 1_000 }))
    const clamped = clampDwell(batch, 0)
    expect(clamped.every((entry) => Number.isInteger(entry.ms))).toBe(true)
    expect(clamped.reduce((sum, entry) => sum + entry.ms, 0)).toBeLessThanOrEqual(DWELL_SLACK_MS)
  })
})
