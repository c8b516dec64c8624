import { Command, Option } from 'commander'
import { parsePagesOption } from '../option-values.js'
import type { PageSelection } from '../page-ranges.js'
import type { TablesFormat } from '../render-tables.js'

/** Options of `pdfx tables`. */
export interface TablesFlags {
  format: TablesFormat
  pages?: PageSelection
}

const HELP = `
Tables are reconstructed by the hybrid engine (ruled and borderless tables). With --format csv,
a spanning cell's text sits in its top-left position and the positions it covers are empty;
tables are separated by an empty line. --format json prints { "tables": [...] } as the MCP tool
list_tables does. When no table is found, stdout stays empty (json: an empty list) and stderr
says so; that is not an error.

Examples:
  pdfx tables statement.pdf
  pdfx tables statement.pdf --format csv --pages 2 > table.csv`

/** `pdfx tables <input>`: every table of one PDF. */
export function tablesCommand(): Command {
  return new Command('tables')
    .summary('print the tables of a PDF')
    .description(
      'Print every table of one PDF (file or http(s) URL), drawn as text, or as CSV, JSON or Markdown.',
    )
    .argument('<input>', 'a PDF file or http(s) URL')
    .addOption(
      new Option('--format <format>', 'how to print the tables')
        .choices(['text', 'csv', 'json', 'markdown'])
        .default('text'),
    )
    .option('--pages <ranges>', 'only tables on these pages, e.g. 1-3,7', parsePagesOption)
    .addHelpText('after', HELP)
    .action(async (input: string, flags: TablesFlags) => {
      const { runTables } = await import('./tables-action.js')
      process.exitCode = await runTables(input, flags)
    })
}
