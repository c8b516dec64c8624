import { describe, expect, it } from 'vitest'
import { judgeFlatness, measureGrowth } from './flatness'
import type { MemoryReport } from './memory-report'

const MIB = 2 ** 20

/** A child's report with only the fields the growth uses set meaningfully. */
function report(pages: number, baselineMib: number, peakMib: number): MemoryReport {
  return {
    reader: 'extract',
    pages,
    seconds: 1,
    baselineRssBytes: baselineMib * MIB,
    baselineHeapUsedBytes: 0,
    sampledPeakRssBytes: peakMib * MIB,
    sampledPeakHeapUsedBytes: 0,
    samples: 1,
    peakRssBytes: peakMib * MIB,
  }
}

describe('measureGrowth', () => {
  it('measures peaks above each baseline, per 100 extra pages', () => {
    const growth = measureGrowth(report(100, 130, 190), report(500, 120, 240))
    expect(growth).toEqual({ shortMib: 60, longMib: 120, perHundredPagesMib: 15 })
  })

  it('needs a longer second document', () => {
    expect(() => measureGrowth(report(100, 0, 1), report(100, 0, 1))).toThrow('more pages')
  })
})

describe('judgeFlatness', () => {
  const pdfjs = measureGrowth(report(100, 130, 180), report(500, 130, 240)) // 15 MiB per 100 pages

  it('passes growth within 1.5 times pdf.js plus noise', () => {
    const extract = measureGrowth(report(100, 130, 190), report(500, 130, 280)) // 22.5
    expect(judgeFlatness(extract, pdfjs)).toEqual({ pass: true, limitPerHundredPagesMib: 24.5 })
  })

  it('fails growth beyond that', () => {
    const extract = measureGrowth(report(100, 130, 190), report(500, 130, 300)) // 27.5
    expect(judgeFlatness(extract, pdfjs).pass).toBe(false)
  })
})
