import { EXIT, type ExitCode } from '../exit-codes.js'
import { runExtractJob } from '../extract-job.js'
import { formatError, formatWarning } from '../report-error.js'
import type { ChunksFlags } from './chunks.js'
import { resolveOneInput } from './one-input.js'

/** Runs `pdfx chunks`, which is `pdfx extract --format chunks` for one input. */
export async function runChunks(arg: string, flags: ChunksFlags): Promise<ExitCode> {
  const input = await resolveOneInput(arg, 'chunks')
  if (typeof input === 'number') return input
  try {
    const result = await runExtractJob(input, {
      mode: flags.mode,
      format: 'chunks',
      outputs: ['chunks'],
      chunkTokens: flags.tokens,
      keepFurniture: false,
      pages: flags.pages,
      layout: 'whole',
    })
    for (const warning of result.warnings) process.stderr.write(formatWarning(warning, input.label))
    process.stdout.write(result.text)
    return EXIT.ok
  } catch (error) {
    process.stderr.write(formatError(error, input.label))
    return EXIT.failure
  }
}
