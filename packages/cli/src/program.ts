import { Command, CommanderError } from 'commander'
import { extractCommand } from './commands/extract.js'
import { EXIT } from './exit-codes.js'

const HELP_FOOTER = `
Exit codes:
  0  success
  1  failure (the error code is printed on stderr, e.g. "pdf_encrypted")
  2  usage error
  3  some inputs of a batch failed, the others succeeded

Examples:
  pdfx extract report.pdf                 Markdown on stdout
  pdfx extract report.pdf --format json   the whole ExtractedDocument as JSON
  pdfx extract a.pdf b.pdf --out md/      one file per input`

/** Builds the command tree; nothing heavy (pdf.js) is loaded until a command runs. */
export function buildProgram(): Command {
  const program = new Command('pdfx')
    .description('Extract text-layer PDFs into Markdown, elements and chunks.')
    .version('0.1.0')
    .showHelpAfterError()
    .addHelpText('after', HELP_FOOTER)
  program.addCommand(extractCommand())
  return program
}

/** Runs the CLI with the given arguments and returns the exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const program = buildProgram().exitOverride()
  program.configureOutput({ writeErr: (text) => process.stderr.write(text) })
  for (const command of program.commands) command.exitOverride()
  try {
    await program.parseAsync([...argv], { from: 'user' })
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage
    }
    throw error
  }
}
