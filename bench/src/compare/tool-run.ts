/** The tools of the comparison, in the order reports list them. */
export const TOOL_IDS = ['pdfjs', 'fast', 'hybrid', 'unpdf', 'pdftotext', 'opendataloader'] as const
export type ToolId = (typeof TOOL_IDS)[number]

/** A PDF a tool failed on: it counts no pages and scores as empty output. */
export interface ToolFailure {
  stem: string
  error: string
}

/** One run of one tool over every chosen PDF; sizes in bytes. */
export interface ToolRun {
  /**
   * Time spent on the PDFs. Node tools: the sum of each PDF's read, extraction and output
   * write, in a process whose code is already loaded. pdftotext: the sum of its processes, one
   * per PDF, spawn to exit. opendataloader: its one JVM, spawn to exit, less the JVM start-up.
   */
  readingSeconds: number
  /** Spawn to exit of every process of the run: what a batch costs from a shell. */
  wallSeconds: number
  /** Peak RSS of the tool's process (pdftotext: of its largest process). */
  peakRssBytes: number
  /** RSS of a Node tool's process once its code is loaded, before the first PDF. */
  baselineRssBytes: number | undefined
  /** Node tools: from process start until the tool's code was loaded. */
  startupMs: number | undefined
  /** Pages the tool reported, where it reports them (Node tools). */
  reportedPages: number | undefined
  failures: ToolFailure[]
  /** Warnings the tool attached to its results, e.g. pdfx hybrid running past its time budget. */
  warnings: { stem: string; warning: string }[]
}

/** Whether a tool can run here, with its version, or why not. */
export type ToolProbe = { available: true; version: string } | { available: false; reason: string }

/** The median of a non-empty list. */
export function medianOf(values: readonly number[]): number {
  if (values.length === 0) throw new Error('medianOf needs at least one value')
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}
