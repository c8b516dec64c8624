import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { OutputKind } from '@pdfx/schema'
import type { Command } from 'commander'
import { EXIT, type ExitCode } from '../exit-codes.js'
import { type ExtractResult, type ExtractSettings, runExtractJob } from '../extract-job.js'
import { expandInputs, type Input } from '../inputs.js'
import { planOutputPaths } from '../output-naming.js'
import { BatchProgress } from '../progress.js'
import { formatError, formatWarning } from '../report-error.js'
import { type Outcome, runInWorkers } from '../worker-pool.js'
import type { ExtractFlags } from './extract.js'

/** Runs `pdfx extract` and returns its exit code. */
export async function runExtract(
  args: readonly string[],
  flags: ExtractFlags,
  command: Command,
): Promise<ExitCode> {
  if (flags.outputs && flags.format !== 'json') {
    command.error('error: --outputs applies to --format json only', { exitCode: EXIT.usage })
  }
  const { inputs, failures } = await expandInputs(args)
  const total = inputs.length + failures.length
  const [failure] = failures
  if (total === 1 && failure) {
    process.stderr.write(formatError(failure.error, failure.label))
    return EXIT.failure
  }
  const settings: ExtractSettings = {
    mode: flags.mode,
    format: flags.format,
    outputs: outputsOf(flags),
    chunkTokens: flags.chunkTokens,
    keepFurniture: flags.keepFurniture ?? false,
    pages: flags.pages,
    // Decided by what was asked for, not by what failed: a script reading JSON Lines from
    // several inputs still gets JSON Lines when all but one of them fail.
    layout: !flags.out && total > 1 ? 'stream' : 'whole',
  }
  const out = flags.out
  if (out !== undefined && inputs.length > 0) {
    try {
      await mkdir(out, { recursive: true })
    } catch (error) {
      process.stderr.write(formatError(error, out))
      return EXIT.failure
    }
  }
  const names = inputs.map((input) => input.name)
  const targets =
    out === undefined
      ? undefined
      : planOutputPaths(names, flags.format).map((path) => join(out, path))

  const [input] = inputs
  if (total === 1 && input) return extractOne(input, settings, targets?.[0])
  const failed = await extractBatch(inputs, failures, settings, targets, flags)
  if (failed === 0) return EXIT.ok
  return failed === total ? EXIT.failure : EXIT.partial
}

/** What the document must carry for the format asked for. */
function outputsOf(flags: ExtractFlags): OutputKind[] {
  if (flags.format === 'markdown') return ['markdown']
  if (flags.format === 'chunks') return ['chunks']
  return flags.outputs ?? ['markdown', 'elements']
}

/**
 * One input: extracted on this thread (a worker would only add its start-up), the result on
 * stdout or in its `--out` file; stderr stays empty unless something is wrong.
 */
async function extractOne(
  input: Input,
  settings: ExtractSettings,
  target: string | undefined,
): Promise<ExitCode> {
  try {
    const result = await runExtractJob(input, settings)
    for (const warning of result.warnings) {
      process.stderr.write(formatWarning(warning, input.label))
    }
    if (target) await writeResult(target, result.text)
    else process.stdout.write(result.text)
    return EXIT.ok
  } catch (error) {
    process.stderr.write(formatError(error, input.label))
    return EXIT.failure
  }
}

/**
 * Several inputs, spread over `--jobs` worker threads. Results reach stdout in input order (a
 * finished document waits for the ones before it); `--out` files are written as each finishes.
 * Returns how many inputs failed, failed arguments included.
 */
async function extractBatch(
  inputs: readonly Input[],
  failures: readonly { label: string; error: unknown }[],
  settings: ExtractSettings,
  targets: readonly string[] | undefined,
  flags: ExtractFlags,
): Promise<number> {
  const progress = await BatchProgress.start({
    total: inputs.length + failures.length,
    quiet: flags.quiet ?? false,
  })
  let failed = failures.length
  for (const failure of failures) progress.failed(failure.label, failure.error)

  const pending: (Outcome<ExtractResult> | undefined)[] = inputs.map(() => undefined)
  let nextToPrint = 0
  const writes: Promise<void>[] = []
  const report = (input: Input, result: ExtractResult, target?: string) => {
    for (const warning of result.warnings) progress.warn(input.label, warning)
    progress.succeeded({
      label: input.label,
      pages: result.pages,
      seconds: result.seconds,
      ...(target === undefined ? {} : { target }),
    })
  }

  await runInWorkers<Input, ExtractResult>(
    inputs,
    {
      size: Math.min(flags.jobs, inputs.length),
      workerUrl: new URL('./extract-worker.js', import.meta.url),
      workerData: settings,
    },
    (index, outcome) => {
      const input = inputs[index] as Input
      if (!outcome.ok) {
        failed++
        progress.failed(input.label, outcome.error)
      } else if (targets) {
        const target = targets[index] as string
        writes.push(
          writeResult(target, outcome.value.text).then(
            () => report(input, outcome.value, target),
            (error: unknown) => {
              failed++
              progress.failed(input.label, error)
            },
          ),
        )
      } else {
        report(input, outcome.value)
      }
      pending[index] = outcome
      // Flush every finished document that no earlier one is still holding back.
      for (let next = pending[nextToPrint]; next !== undefined; next = pending[nextToPrint]) {
        if (next.ok && !targets) process.stdout.write(next.value.text)
        pending[nextToPrint++] = undefined
      }
    },
  )
  await Promise.all(writes)
  progress.finish()
  return failed
}

async function writeResult(target: string, text: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true })
  await writeFile(target, text)
}
