// Child process of the speed benchmark, started by measureInChild: reads one PDF from stdin,
// reads it once with the reader named in argv (`extract` or `pdfjs`) and prints a MemoryReport
// as one JSON line. A fresh process makes the peak RSS belong to that one document.
import { extract } from '@pdfx/core'
import { ownPeakRssBytes } from '../peak-rss'
import type { MemoryReader, MemoryReport } from './memory-report'
import { readTextWithPdfJs } from './pdfjs-text'

/** How often rss and heapUsed are polled while reading, in milliseconds. */
const SAMPLE_INTERVAL_MS = 5

const reader = process.argv[2]
if (reader !== 'extract' && reader !== 'pdfjs') {
  throw new Error(`usage: memory-child.ts extract|pdfjs < file.pdf (got ${String(reader)})`)
}

const chunks: Buffer[] = []
for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
const bytes = new Uint8Array(Buffer.concat(chunks))
chunks.length = 0

/** Reads the document and returns its page count. */
async function read(kind: MemoryReader): Promise<number> {
  if (kind === 'pdfjs') return readTextWithPdfJs(bytes)
  const doc = await extract(bytes, { mode: 'fast' })
  return doc.source.pages
}

// pdf.js was imported before this file (see childNodeFlags), so the baseline holds all the
// code and what comes on top of it is the document's data.
const baseline = process.memoryUsage()
let sampledPeakRss = baseline.rss
let peakHeapUsedBytes = baseline.heapUsed
let samples = 0
const sample = (): void => {
  const usage = process.memoryUsage()
  sampledPeakRss = Math.max(sampledPeakRss, usage.rss)
  peakHeapUsedBytes = Math.max(peakHeapUsedBytes, usage.heapUsed)
  samples++
}
const timer = setInterval(sample, SAMPLE_INTERVAL_MS)
const start = performance.now()
const pages = await read(reader)
const seconds = (performance.now() - start) / 1000
clearInterval(timer)
sample()

const report: MemoryReport = {
  reader,
  pages,
  seconds,
  baselineRssBytes: baseline.rss,
  baselineHeapUsedBytes: baseline.heapUsed,
  sampledPeakRssBytes: sampledPeakRss,
  sampledPeakHeapUsedBytes: peakHeapUsedBytes,
  samples,
  peakRssBytes: ownPeakRssBytes(),
}
process.stdout.write(`${JSON.stringify(report)}\n`)
