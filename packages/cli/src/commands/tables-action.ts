import { extractTables } from '@pdfx/core'
import { EXIT, type ExitCode } from '../exit-codes.js'
import { blamePagesOption, pagesOption } from '../extract-job.js'
import { readInput } from '../read-input.js'
import { renderTables } from '../render-tables.js'
import { formatError, formatWarning } from '../report-error.js'
import { stdoutWidth } from '../terminal.js'
import { resolveOneInput } from './one-input.js'
import type { TablesFlags } from './tables.js'

/** Runs `pdfx tables` and returns its exit code. */
export async function runTables(arg: string, flags: TablesFlags): Promise<ExitCode> {
  const input = await resolveOneInput(arg, 'tables')
  if (typeof input === 'number') return input
  try {
    const bytes = await readInput(input)
    // Only the pages of --pages are read, as with pdfx extract.
    const { tables, warnings } = await extractTables(
      bytes,
      flags.pages ? { pages: pagesOption(flags.pages) } : {},
    ).catch(blamePagesOption(flags.pages))
    // elementId and continued refer to the document's elements, which this command omits.
    const chosen = tables.map(({ elementId: _elementId, continued: _continued, ...table }) => table)
    for (const warning of warnings) process.stderr.write(formatWarning(warning, input.label))
    if (chosen.length === 0) process.stderr.write(`pdfx: ${input.label}: no tables found\n`)
    process.stdout.write(renderTables(chosen, warnings, flags.format, stdoutWidth()))
    return EXIT.ok
  } catch (error) {
    process.stderr.write(formatError(error, input.label))
    return EXIT.failure
  }
}
