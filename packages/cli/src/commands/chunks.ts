import { Command, Option } from 'commander'
import { parsePagesOption, parsePositiveInteger } from '../option-values.js'
import type { PageSelection } from '../page-ranges.js'

/** Options of `pdfx chunks`. */
export interface ChunksFlags {
  tokens: number
  mode: 'fast' | 'hybrid'
  pages?: PageSelection
}

const HELP = `
Each line is one chunk: {"id","text","tokens","page","section","elementIds"}. Chunks follow
reading order, keep to one section where they can, and never split a table row; tokens are
counted with tiktoken (o200k_base).

Example:
  pdfx chunks handbook.pdf --tokens 256 | jq -r .section | uniq`

/** `pdfx chunks <input>`: token-sized chunks of one PDF as JSON Lines. */
export function chunksCommand(): Command {
  return new Command('chunks')
    .summary('print token-sized chunks of a PDF as JSON Lines')
    .description(
      'Print the chunks of one PDF (file or http(s) URL) as JSON Lines, one chunk per line.',
    )
    .argument('<input>', 'a PDF file or http(s) URL')
    .option('--tokens <n>', 'most tokens per chunk', parsePositiveInteger, 512)
    .addOption(
      new Option('--mode <mode>', 'engine: fast or hybrid')
        .choices(['fast', 'hybrid'])
        .default('fast'),
    )
    .option('--pages <ranges>', 'only these pages, e.g. 1-3,7', parsePagesOption)
    .addHelpText('after', HELP)
    .action(async (input: string, flags: ChunksFlags) => {
      const { runChunks } = await import('./chunks-action.js')
      process.exitCode = await runChunks(input, flags)
    })
}
