import { join } from 'node:path'
import type { ComparePdf } from './compare-corpus'
import { runMeasured } from './measured-process'
import { medianOf, type ToolProbe, type ToolRun } from './tool-run'

/**
 * pdftotext's text modes. `reading` (no flag) is poppler's reading-order mode: it finds columns
 * and reads each top to bottom, which is what DP-Bench's reference text follows. `layout` lays
 * columns side by side on the same lines; `raw` keeps content-stream order.
 */
export const PDFTOTEXT_MODES = ['reading', 'layout', 'raw'] as const
export type PdftotextMode = (typeof PDFTOTEXT_MODES)[number]

const MODE_FLAGS: Record<PdftotextMode, string[]> = {
  reading: [],
  layout: ['-layout'],
  raw: ['-raw'],
}

/** The command, from PATH (Debian's poppler-utils; scripts/ensure-bench-tools.sh installs it). */
const PDFTOTEXT = 'pdftotext'

function isMissingCommand(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT'
}

/** Whether pdftotext runs here, and its version line (`pdftotext version 22.12.0`). */
export async function probePdftotext(): Promise<ToolProbe> {
  try {
    const run = await runMeasured(PDFTOTEXT, ['-v'])
    const version = `${run.stderr}${run.stdout}`.split('\n')[0]?.trim() ?? ''
    return { available: true, version: version || 'pdftotext, version unknown' }
  } catch (error) {
    if (!isMissingCommand(error)) throw error
    return {
      available: false,
      reason: 'pdftotext is not on PATH: run scripts/ensure-bench-tools.sh (poppler-utils)',
    }
  }
}

/** Median milliseconds of `pdftotext -v`, spawn to exit: what every PDF's process pays first. */
export async function measurePdftotextStartup(runs: number): Promise<number> {
  const times: number[] = []
  for (let run = 0; run < runs; run++)
    times.push((await runMeasured(PDFTOTEXT, ['-v'])).wallSeconds)
  return medianOf(times) * 1000
}

/**
 * One pdftotext process per PDF (it takes one file), writing UTF-8 text to `<stem>.md` without
 * form feeds between pages. Reading seconds are the processes' wall times, start-up included:
 * that is how pdftotext is used on a batch.
 */
export async function runPdftotext(
  pdfs: readonly ComparePdf[],
  outDir: string,
  mode: PdftotextMode,
): Promise<ToolRun> {
  let seconds = 0
  let peakRssBytes = 0
  const failures: ToolRun['failures'] = []
  for (const pdf of pdfs) {
    const args = [...MODE_FLAGS[mode], '-enc', 'UTF-8', '-nopgbrk', '-q', pdf.path]
    const run = await runMeasured(PDFTOTEXT, [...args, join(outDir, `${pdf.stem}.md`)])
    seconds += run.wallSeconds
    peakRssBytes = Math.max(peakRssBytes, run.peakRssBytes)
    if (run.code !== 0) {
      failures.push({
        stem: pdf.stem,
        error: `exit ${run.signal ?? run.code}: ${run.stderr.trim()}`,
      })
    }
  }
  return {
    readingSeconds: seconds,
    wallSeconds: seconds,
    peakRssBytes,
    baselineRssBytes: undefined,
    startupMs: undefined,
    reportedPages: undefined,
    failures,
    warnings: [],
  }
}
