import type { CorpusPdf } from './corpus-files'

/** Reads one PDF and returns how many pages it read. */
export type PageReader = (bytes: Uint8Array) => Promise<number>

/** One reader's times for one PDF: wall-clock seconds of each round. */
export interface DocumentTimes {
  pdf: CorpusPdf
  pages: number
  roundSeconds: number[]
}

/** The times of every reader (outer index, as given) for every PDF (inner index). */
export type InterleavedTimes = DocumentTimes[][]

/**
 * Reads every PDF with every reader, `rounds` times. The readers take turns on each document,
 * and who goes first rotates with the document and the round, so slow spells of a shared machine
 * fall on all readers alike instead of on whichever pass ran during them. The bytes are already
 * in memory: the seconds are parsing and text extraction only.
 */
export async function timeInterleaved(
  pdfs: readonly CorpusPdf[],
  readers: readonly PageReader[],
  rounds: number,
  onRound: (round: number, secondsPerReader: number[]) => void = () => undefined,
): Promise<InterleavedTimes> {
  const times: InterleavedTimes = readers.map(() =>
    pdfs.map((pdf) => ({ pdf, pages: 0, roundSeconds: [] })),
  )
  for (let round = 0; round < rounds; round++) {
    const roundTotals = readers.map(() => 0)
    for (const [index, pdf] of pdfs.entries()) {
      for (let turn = 0; turn < readers.length; turn++) {
        const which = (turn + index + round) % readers.length
        const read = readers[which] as PageReader
        const entry = times[which]?.[index] as DocumentTimes
        const start = performance.now()
        try {
          entry.pages = await read(pdf.bytes)
        } catch (error) {
          throw new Error(`Reading ${pdf.set}/${pdf.name} failed`, { cause: error })
        }
        const seconds = (performance.now() - start) / 1000
        entry.roundSeconds.push(seconds)
        roundTotals[which] = (roundTotals[which] ?? 0) + seconds
      }
    }
    onRound(round, roundTotals)
  }
  return times
}

/** One reader's figures over a group of PDFs; seconds are sums over the documents. */
export interface TimingSummary {
  documents: number
  pages: number
  /** Sum over documents of each document's fastest round. */
  bestSeconds: number
  /** Sum over documents of each document's median round. */
  medianSeconds: number
  /** Total of each round, in the order they ran. */
  roundSeconds: number[]
}

/**
 * Sums a reader's times over documents. Each document counts with its fastest round: on a
 * shared machine other load only ever adds time, so the fastest read is the least disturbed.
 */
export function summarizeTimes(times: readonly DocumentTimes[]): TimingSummary {
  const rounds = Math.max(0, ...times.map((entry) => entry.roundSeconds.length))
  const roundSeconds = Array.from({ length: rounds }, (_, round) =>
    times.reduce((sum, entry) => sum + (entry.roundSeconds[round] ?? 0), 0),
  )
  let bestSeconds = 0
  let medianSeconds = 0
  let pages = 0
  for (const entry of times) {
    pages += entry.pages
    bestSeconds += Math.min(...entry.roundSeconds)
    medianSeconds += median(entry.roundSeconds)
  }
  return { documents: times.length, pages, bestSeconds, medianSeconds, roundSeconds }
}

/** The middle value, or the mean of the two middle values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median needs at least one value')
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}
