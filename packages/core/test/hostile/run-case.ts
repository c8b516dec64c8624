/**
 * Child-process entry of the core hostile suite: extracts one case of the corpus (its name is the
 * only argument) and writes one JSON line to stdout with the outcome, the time it took and the
 * peak resident set of this process. Run by `runInChild` in core.hostile-test.ts; a fresh process
 * per case keeps the peak memory of one case apart from the others.
 */
import { loadPdfJs } from '../../src/pipeline/load.js'
import { extractOutcome } from './extract-outcome.js'
import { hostileCase } from './hostile-pdfs.js'
import { type ChildReport, readStatusMb } from './run-in-child.js'

const name = process.argv[2]
if (name === undefined) throw new Error('usage: run-case.ts <case name>')
const bytes = hostileCase(name).bytes()
// Loaded first, so that the time is the case's own and every peak includes the engine at rest.
await loadPdfJs()
const started = performance.now()
const outcome = await extractOutcome(bytes)
const report: ChildReport = {
  outcome,
  elapsedMs: Math.round(performance.now() - started),
  // VmHWM starts afresh with this process image; getrusage's maxrss would be at least the RSS
  // the test runner had when it forked this child. maxrss (KiB) where there is no /proc.
  maxRssMb: Math.round(readStatusMb('self', 'VmHWM') ?? process.resourceUsage().maxRSS / 1024),
}
process.stdout.write(`${JSON.stringify(report)}\n`)
