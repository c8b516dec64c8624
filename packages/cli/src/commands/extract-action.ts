import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { DEFAULT_OUTPUTS, MAX_CHUNK_TOKENS, MIN_CHUNK_TOKENS, type OutputKind } from '@pdfx/schema'
import type { Command } from 'commander'
import { explainApiError, openClient } from '../api-client.js'
import { EXIT, type ExitCode } from '../exit-codes.js'
import { type ExtractResult, type ExtractSettings, runExtractJob } from '../extract-job.js'
import { expandInputs, type Input } from '../inputs.js'
import { isHttpUrl } from '../option-values.js'
import { planOutputPaths } from '../output-naming.js'
import { BatchProgress } from '../progress.js'
import { extractRemotely } from '../remote-extract.js'
import { formatError, formatWarning } from '../report-error.js'
import { runConcurrently } from '../run-concurrently.js'
import { type Outcome, runInWorkers } from '../worker-pool.js'
import type { ExtractFlags } from './extract.js'

/** Requests `pdfx extract --remote` keeps in flight when --jobs is not given. */
const REMOTE_JOBS = 4

/** How the inputs of one run are extracted: here (@pdfx/core) or on the API (--remote). */
interface Extractor {
  /** One input, on this thread. */
  one(input: Input): Promise<ExtractResult>
  /** Several inputs; `onSettled` once per input, as each finishes. */
  all(
    inputs: readonly Input[],
    onSettled: (index: number, outcome: Outcome<ExtractResult>) => void,
  ): Promise<void>
}

/** Runs `pdfx extract` and returns its exit code. */
export async function runExtract(
  args: readonly string[],
  flags: ExtractFlags,
  command: Command,
): Promise<ExitCode> {
  if (flags.outputs && flags.format !== 'json') {
    command.error('error: --outputs applies to --format json only', { exitCode: EXIT.usage })
  }
  if (flags.remote) checkRemoteUsage(args, flags, command)
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
  let extractor: Extractor
  try {
    extractor = flags.remote
      ? await remoteExtractor(settings, remoteJobs(flags, command))
      : localExtractor(settings, flags.jobs)
  } catch (error) {
    // No client: a broken config file or PDFX_BASE_URL. Nothing was sent.
    process.stderr.write(formatError(error))
    return EXIT.failure
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
  if (total === 1 && input) return extractOne(input, extractor, targets?.[0])
  const failed = await extractBatch(inputs, failures, extractor, targets, flags)
  if (failed === 0) return EXIT.ok
  return failed === total ? EXIT.failure : EXIT.partial
}

/**
 * Usage errors of `--remote` (exit 2, before anything is sent): every input must be an http(s)
 * URL, and options the API does not have are refused rather than silently dropped.
 */
function checkRemoteUsage(args: readonly string[], flags: ExtractFlags, command: Command): void {
  const fail = (message: string) => command.error(`error: ${message}`, { exitCode: EXIT.usage })
  for (const arg of args) {
    if (!isHttpUrl(arg)) {
      fail(
        `--remote sends http(s) URLs to the API; "${arg}" is not one (extract local files without --remote)`,
      )
    }
  }
  if (flags.pages) fail('--pages is not available with --remote: the API extracts whole documents')
  if (flags.keepFurniture) fail('--keep-furniture is not available with --remote')
  if (flags.chunkTokens < MIN_CHUNK_TOKENS || flags.chunkTokens > MAX_CHUNK_TOKENS) {
    fail(`--chunk-tokens must lie in ${MIN_CHUNK_TOKENS}-${MAX_CHUNK_TOKENS} with --remote`)
  }
}

/** `--jobs` as given, else REMOTE_JOBS: the number of cores says nothing about a server. */
function remoteJobs(flags: ExtractFlags, command: Command): number {
  return command.getOptionValueSource('jobs') === 'default' ? REMOTE_JOBS : flags.jobs
}

/** @pdfx/core on this machine: one input on this thread, several in worker threads. */
function localExtractor(settings: ExtractSettings, jobs: number): Extractor {
  return {
    one: (input) => runExtractJob(input, settings),
    all: (inputs, onSettled) =>
      runInWorkers<Input, ExtractResult>(
        inputs,
        {
          size: Math.min(jobs, inputs.length),
          workerUrl: new URL('./extract-worker.js', import.meta.url),
          workerData: settings,
        },
        onSettled,
      ),
  }
}

/**
 * The hosted API through @pdfx/client, `jobs` requests at once; with the saved or given key
 * when there is one, anonymously otherwise (the API allows that for extraction).
 */
async function remoteExtractor(settings: ExtractSettings, jobs: number): Promise<Extractor> {
  const { client, credentials } = await openClient({ requireKey: false })
  const one = (input: Input) =>
    extractRemotely(client, input, settings).catch((error: unknown) => {
      throw explainApiError(error, credentials)
    })
  return {
    one,
    all: (inputs, onSettled) => runConcurrently(inputs, jobs, one, onSettled),
  }
}

/** What the document must carry for the format asked for. */
function outputsOf(flags: ExtractFlags): OutputKind[] {
  if (flags.format === 'markdown') return ['markdown']
  if (flags.format === 'chunks') return ['chunks']
  return flags.outputs ?? [...DEFAULT_OUTPUTS]
}

/**
 * One input: extracted on this thread (a worker would only add its start-up), the result on
 * stdout or in its `--out` file; stderr stays empty unless something is wrong.
 */
async function extractOne(
  input: Input,
  extractor: Extractor,
  target: string | undefined,
): Promise<ExitCode> {
  try {
    const result = await extractor.one(input)
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
 * Several inputs, `--jobs` at a time (worker threads here, requests with --remote). Results reach stdout in input order (a
 * finished document waits for the ones before it); `--out` files are written as each finishes.
 * Returns how many inputs failed, failed arguments included.
 */
async function extractBatch(
  inputs: readonly Input[],
  failures: readonly { label: string; error: unknown }[],
  extractor: Extractor,
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

  await extractor.all(inputs, (index, outcome) => {
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
  })
  await Promise.all(writes)
  progress.finish()
  return failed
}

async function writeResult(target: string, text: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true })
  await writeFile(target, text)
}
