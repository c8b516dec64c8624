import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { ComparePdf } from './compare-corpus'
import { runNodeTool } from './node-tool-run'
import { measureJvmStartup, runOpendataloader } from './opendataloader'
import { measurePdftotextStartup, type PdftotextMode, runPdftotext } from './pdftotext'
import { medianOf, type ToolId, type ToolRun } from './tool-run'
import { TOOLS } from './tools'

/** Starts of `pdftotext -v`, and of the JVM before each opendataloader round; the median counts. */
const PDFTOTEXT_STARTUP_RUNS = 5
const JVM_STARTUP_RUNS = 3

/** One tool's figures over its rounds. */
export interface ToolSummary {
  tool: ToolId
  label: string
  version: string
  runs: ToolRun[]
  /** The round with the fewest reading seconds: other load on the machine only adds time. */
  best: ToolRun
  /** PDFs the tool converted in its best round, of all chosen. */
  documentsDone: number
  /** pdf.js's page count of the PDFs the tool converted in its best round. */
  pages: number
  /** pages / best.readingSeconds */
  pagesPerSecond: number
  /** pages / best.wallSeconds: the batch from a shell, start-up and code loading included. */
  batchPagesPerSecond: number
  /** Highest over the rounds. */
  peakRssBytes: number
  /** Node tools: median over rounds of start to code loaded; pdftotext: per process; JVM: once. */
  startupMs: number | undefined
}

/** A tool that could not run here, and why. */
export interface SkippedTool {
  tool: ToolId
  label: string
  reason: string
}

/** Options of {@link runComparison}. */
export interface ComparisonOptions {
  pdfs: readonly ComparePdf[]
  /** Available tools with their versions, in report order. */
  tools: readonly { tool: ToolId; version: string }[]
  rounds: number
  pdftotextMode: PdftotextMode
  /** Each tool writes into `<outRoot>/<tool>/`. */
  outRoot: string
  onProgress: (message: string) => void
}

/** Where a tool's outputs go. */
export function toolOutDir(outRoot: string, tool: ToolId): string {
  return join(outRoot, tool)
}

/**
 * Runs every tool over every PDF, `rounds` times. Each round runs each tool once, in a fresh
 * process of its own; who goes first rotates with the round, so a slow spell of a shared machine
 * does not always fall on the same tool. The outputs of the last round stay in each tool's folder.
 */
export async function runComparison(options: ComparisonOptions): Promise<ToolSummary[]> {
  const { pdfs, tools, rounds, onProgress } = options
  const runs = new Map<ToolId, ToolRun[]>(tools.map(({ tool }) => [tool, []]))
  const jvmStartups: number[] = []
  let pdftotextStartupMs: number | undefined
  if (tools.some(({ tool }) => tool === 'pdftotext')) {
    pdftotextStartupMs = await measurePdftotextStartup(PDFTOTEXT_STARTUP_RUNS)
  }
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < tools.length; turn++) {
      const entry = tools[(turn + round) % tools.length]
      if (entry === undefined) continue
      const { tool } = entry
      const outDir = toolOutDir(options.outRoot, tool)
      // a fresh folder each run: a file left from an earlier run never passes for output
      await rm(outDir, { recursive: true, force: true })
      await mkdir(outDir, { recursive: true })
      let run: ToolRun
      if (tool === 'pdftotext') run = await runPdftotext(pdfs, outDir, options.pdftotextMode)
      else if (tool === 'opendataloader') {
        const startupMs = await measureJvmStartup(JVM_STARTUP_RUNS)
        jvmStartups.push(startupMs)
        run = await runOpendataloader(pdfs, outDir, startupMs)
      } else run = await runNodeTool(tool, pdfs, outDir)
      runs.get(tool)?.push(run)
      onProgress(
        `round ${round + 1}/${rounds}: ${TOOLS[tool].label} ${run.readingSeconds.toFixed(2)} s reading, ${run.wallSeconds.toFixed(2)} s wall, peak RSS ${(run.peakRssBytes / 2 ** 20).toFixed(0)} MiB`,
      )
    }
  }
  return tools.map(({ tool, version }) => {
    const toolRuns = runs.get(tool) ?? []
    const best = toolRuns.reduce((a, b) => (b.readingSeconds < a.readingSeconds ? b : a))
    // a PDF the tool refused counts no pages: its time is still in the reading seconds
    const failed = new Set(best.failures.map((failure) => failure.stem))
    const done = pdfs.filter((pdf) => !failed.has(pdf.stem))
    const pages = done.reduce((sum, pdf) => sum + pdf.pages, 0)
    const nodeStartups = toolRuns.flatMap((run) =>
      run.startupMs === undefined ? [] : [run.startupMs],
    )
    const startupMs =
      tool === 'pdftotext'
        ? pdftotextStartupMs
        : tool === 'opendataloader'
          ? medianOf(jvmStartups)
          : nodeStartups.length > 0
            ? medianOf(nodeStartups)
            : undefined
    return {
      tool,
      label: TOOLS[tool].label,
      version,
      runs: toolRuns,
      best,
      documentsDone: done.length,
      pages,
      pagesPerSecond: pages / best.readingSeconds,
      batchPagesPerSecond: pages / best.wallSeconds,
      peakRssBytes: Math.max(...toolRuns.map((run) => run.peakRssBytes)),
      startupMs,
    }
  })
}
