import { describe, expect, it } from 'vitest'
import type { CorpusPdf } from './corpus-files'
import { type DocumentTimes, median, summarizeTimes, timeInterleaved } from './pass-timing'

const pdfs: CorpusPdf[] = [
  { set: 'realworld', name: 'a.pdf', bytes: new Uint8Array(3) },
  { set: 'realworld', name: 'b.pdf', bytes: new Uint8Array(5) },
  { set: 'dpbench', name: 'c.pdf', bytes: new Uint8Array(1) },
]

describe('median', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 2, 3])).toBe(2.5)
    expect(() => median([])).toThrow('at least one value')
  })
})

describe('timeInterleaved', () => {
  it('lets the readers take turns, rotating who goes first', async () => {
    const calls: string[] = []
    const reader = (name: string) => async (bytes: Uint8Array) => {
      calls.push(`${name}${bytes.length}`)
      return bytes.length
    }
    const rounds: number[] = []
    const times = await timeInterleaved(pdfs, [reader('x'), reader('y')], 2, (round) => {
      rounds.push(round)
    })
    expect(calls).toEqual(['x3', 'y3', 'y5', 'x5', 'x1', 'y1', 'y3', 'x3', 'x5', 'y5', 'y1', 'x1'])
    expect(rounds).toEqual([0, 1])
    expect(
      times[1]?.map((entry) => [entry.pdf.name, entry.pages, entry.roundSeconds.length]),
    ).toEqual([
      ['a.pdf', 3, 2],
      ['b.pdf', 5, 2],
      ['c.pdf', 1, 2],
    ])
  })

  it('names the document that failed', async () => {
    const failing = timeInterleaved(
      pdfs,
      [
        async (bytes) => {
          if (bytes.length === 5) throw new Error('bad xref')
          return 1
        },
      ],
      1,
    )
    await expect(failing).rejects.toThrow('Reading realworld/b.pdf failed')
  })
})

describe('summarizeTimes', () => {
  it("sums each document's fastest and median rounds, and each round's total", () => {
    const times: DocumentTimes[] = [
      { pdf: pdfs[0] as CorpusPdf, pages: 3, roundSeconds: [3, 1, 2] },
      { pdf: pdfs[1] as CorpusPdf, pages: 5, roundSeconds: [1, 5, 4] },
    ]
    expect(summarizeTimes(times)).toEqual({
      documents: 2,
      pages: 8,
      bestSeconds: 2,
      medianSeconds: 6,
      roundSeconds: [4, 6, 6],
    })
  })
})
