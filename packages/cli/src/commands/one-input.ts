import { EXIT, type ExitCode } from '../exit-codes.js'
import { expandInputs, type Input } from '../inputs.js'
import { formatError } from '../report-error.js'

/**
 * The one document of a command that reads one (`pdfx tables`, `pdfx chunks`), or, after
 * printing why there is none, the exit code: 1 when the argument names nothing readable, 2
 * when it names several PDFs (a folder or pattern), which is a usage mistake.
 */
export async function resolveOneInput(arg: string, command: string): Promise<Input | ExitCode> {
  const { inputs, failures } = await expandInputs([arg])
  const [failure] = failures
  if (failure) {
    process.stderr.write(formatError(failure.error, failure.label))
    return EXIT.failure
  }
  const [input] = inputs
  if (!input || inputs.length > 1) {
    process.stderr.write(
      `pdfx: error [invalid_request] ${arg}: names ${inputs.length} PDFs; pdfx ${command} reads one (pdfx extract reads several)\n`,
    )
    return EXIT.usage
  }
  return input
}
