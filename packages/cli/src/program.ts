import { Command, CommanderError } from 'commander'
import { version } from '../package.json'
import { chunksCommand } from './commands/chunks.js'
import { extractCommand } from './commands/extract.js'
import { linksCommand } from './commands/links.js'
import { loginCommand, logoutCommand } from './commands/login.js'
import { tablesCommand } from './commands/tables.js'
import { describeExitCodes, EXIT } from './exit-codes.js'

// Start-up cost matters (`pdfx --help` should answer at once): this file and the command
// definitions load only commander. Each command imports its work, and with it @pdfx/core,
// pdf.js, @pdfx/client, zod, ora and cli-table3, when it runs.

const HELP_FOOTER = `
Exit codes:
${describeExitCodes()}
  Errors go to stderr as "pdfx: error [code] input: message" (API calls have no input);
  the code is stable: not_found, not_a_pdf, pdf_encrypted, pdf_damaged, fetch_failed,
  pdf_too_large, unauthorized, plan_limit, slug_taken, rate_limited, unavailable...

The hosted API (pdfx links, pdfx extract --remote):
  PDFX_API_KEY   API key; overrides the key "pdfx login" saved
  PDFX_BASE_URL  the server; overrides the one saved by "pdfx login --base-url"
                 (default http://localhost:8787)
  Local extraction (extract, tables, chunks) needs neither.

Examples:
  pdfx extract report.pdf                      Markdown on stdout
  pdfx extract report.pdf --format json        the whole document as JSON
  pdfx extract docs/ --out md/                 one file per PDF of a folder
  pdfx extract https://example.org/a.pdf --remote    extracted by the hosted API
  pdfx tables statement.pdf --format csv       the tables as CSV
  pdfx chunks report.pdf --tokens 256          chunks as JSON Lines
  pdfx login < key.txt                         save an API key
  pdfx links create https://example.org/a.pdf --expires 7d    a tracked link
  pdfx links stats <id|slug>                   views, visitors, time per page

Run "pdfx <command> --help" for the options of a command.`

/** Builds the command tree; nothing heavy (pdf.js, zod) is loaded until a command runs. */
export function buildProgram(): Command {
  const program = new Command('pdfx')
    .description(
      'Extract text-layer PDFs into Markdown, elements, chunks and tables; publish them as tracked Doc Links.',
    )
    .version(version)
    .addHelpText('after', HELP_FOOTER)
  program.addCommand(extractCommand())
  program.addCommand(tablesCommand())
  program.addCommand(chunksCommand())
  program.addCommand(linksCommand())
  program.addCommand(loginCommand())
  program.addCommand(logoutCommand())
  return program
}

/** Runs the CLI with the given arguments and returns the exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const program = buildProgram()
  for (const command of allCommands(program)) {
    command
      .exitOverride()
      .showHelpAfterError(`(run "${fullName(command)} --help" for usage)`)
      .configureOutput({
        writeErr: (text) => process.stderr.write(text),
        // Usage errors get the same shape as every other error, with the code of a bad request.
        outputError: (text, write) =>
          write(text.replace(/^error: /, 'pdfx: error [invalid_request] ')),
      })
  }
  try {
    await program.parseAsync([...argv], { from: 'user' })
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with code 0; bare `pdfx` (help on stderr) and every parse
      // error are usage errors.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage
    }
    throw error
  }
}

/** A command and every command below it (`pdfx links create` sits two levels down). */
function allCommands(command: Command): Command[] {
  return [command, ...command.commands.flatMap((sub) => allCommands(sub))]
}

function fullName(command: Command): string {
  return command.parent ? `${fullName(command.parent)} ${command.name()}` : command.name()
}
