import type { MemoryReport } from './memory-report'

/** Slack for RSS noise between two fresh processes (GC timing, page granularity), in MiB. */
const NOISE_MIB = 2
/** How much more than pdf.js per page extract may keep: room for its own result. */
const PDFJS_FACTOR = 1.5

const MIB = 2 ** 20

/** Peak-RSS growth with document length for one reader, from a short and a long document. */
export interface MemoryGrowth {
  /** Peak RSS above the child's baseline, in MiB, for the short and the long document. */
  shortMib: number
  longMib: number
  /** Extra MiB of peak RSS per 100 extra pages. */
  perHundredPagesMib: number
}

/** Peak RSS above the baseline of its fresh process (which holds Node, tsx and the code), in MiB. */
export function peakIncreaseMib(report: MemoryReport): number {
  return (report.peakRssBytes - report.baselineRssBytes) / MIB
}

/** How peak RSS grows from the short document to the long one. */
export function measureGrowth(short: MemoryReport, long: MemoryReport): MemoryGrowth {
  const shortMib = peakIncreaseMib(short)
  const longMib = peakIncreaseMib(long)
  const extraPages = long.pages - short.pages
  if (extraPages <= 0) throw new Error('The long document must have more pages than the short one')
  return { shortMib, longMib, perHundredPagesMib: ((longMib - shortMib) / extraPages) * 100 }
}

/** Whether extract's memory stays flat, and the growth per 100 pages it was held to. */
export interface FlatnessVerdict {
  pass: boolean
  limitPerHundredPagesMib: number
}

/**
 * Judges extract's memory flatness against bare pdf.js on the same two documents. A reader built
 * on one open pdf.js document keeps what pdf.js keeps until destroy() (about 15 MiB per 100
 * generated pages with pdfjs-dist 5.5.207), and extract returns its whole result, which grows
 * with the document: so "flat" cannot mean zero growth. It means extract adds no whole-document
 * buffers of its own: its growth per 100 pages is at most 1.5 times pdf.js's, plus 2 MiB of
 * noise. In four runs when this was written, extract grew 12.8-15.5 and pdf.js 14.8-16.2 MiB
 * per 100 pages. The ratio of raw peaks (500 pages over 100 pages, about 1.3) is printed
 * but not judged: it mostly measures the fixed baseline of Node, tsx and the code.
 */
export function judgeFlatness(extract: MemoryGrowth, pdfjs: MemoryGrowth): FlatnessVerdict {
  const limit = PDFJS_FACTOR * Math.max(pdfjs.perHundredPagesMib, 0) + NOISE_MIB
  return { pass: extract.perHundredPagesMib <= limit, limitPerHundredPagesMib: limit }
}
