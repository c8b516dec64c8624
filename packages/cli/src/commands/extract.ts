import { availableParallelism } from 'node:os'
import { Command, Option } from 'commander'
import {
  type OutputKindName,
  parseOutputsOption,
  parsePagesOption,
  parsePositiveInteger,
} from '../option-values.js'
import type { PageSelection } from '../page-ranges.js'
import type { DocumentFormat } from '../render-document.js'

/** Options of `pdfx extract` as commander hands them over. */
export interface ExtractFlags {
  mode: 'fast' | 'hybrid'
  format: DocumentFormat
  outputs?: OutputKindName[]
  chunkTokens: number
  pages?: PageSelection
  out?: string
  jobs: number
  keepFurniture?: boolean
  quiet?: boolean
  remote?: boolean
}

const HELP = `
Inputs:
  Files (any name), folders (every *.pdf below them; hidden entries are skipped), glob
  patterns in quotes ('docs/**/*.pdf') and http(s) URLs, which this machine fetches (at most
  25 MB). Everything is extracted here by @pdfx/core: no account is needed.

--remote:
  URLs only: the hosted API (PDFX_BASE_URL, else the server "pdfx login" saved, else
  http://localhost:8787) fetches and extracts each one, through @pdfx/client. The key of
  PDFX_API_KEY or "pdfx login" is sent when there is one; without, the API's anonymous
  allowance applies (25 extractions a day). Output, --out and batches work as below;
  --jobs is the number of requests at once (default 4), --chunk-tokens must lie in 64-8192,
  and --pages and --keep-furniture are not available (the API extracts whole documents).

Output:
  One input without --out: the result on stdout.
  Several inputs without --out: results on stdout in input order, each recognisable:
    markdown  each document after a line "<!-- file: NAME -->"
    json      JSON Lines: one whole document per line
    chunks    JSON Lines: one chunk per line, with a "file" field naming its input
  --out DIR: one file per input, named after it: report.pdf -> report.md, report.json or
    report.chunks.jsonl. Files found in a folder keep their sub-folders below it; a URL is
    named after the last segment of its path. When two inputs would get the same name, the
    later one (in input order) gets -2, -3... before the extension; nothing is overwritten
    within one run.
  With several inputs, stderr shows a spinner (on a terminal), one line per input with its
  pages per second, and a summary; --quiet keeps only errors and warnings. Failing inputs
  are reported and the others still run.

Examples:
  pdfx extract report.pdf > report.md
  pdfx extract report.pdf --format json --outputs markdown,elements,chunks
  pdfx extract report.pdf --pages 1-3,7 --format chunks --chunk-tokens 256
  pdfx extract docs/ 'scans/**/*.pdf' https://example.org/a.pdf --out md/ --jobs 4
  pdfx extract https://example.org/a.pdf https://example.org/b.pdf --remote --format json`

/** `pdfx extract <inputs...>`: files, folders, globs and URLs through @pdfx/core on this machine. */
export function extractCommand(): Command {
  const cores = availableParallelism()
  return new Command('extract')
    .summary('extract PDFs to Markdown, JSON or chunks')
    .description(
      'Extract PDF files, folders, glob patterns and http(s) URLs to Markdown (default), the whole document as JSON, or chunks as JSON Lines, on this machine (or, with --remote, URLs on the hosted API).',
    )
    .argument('<inputs...>', 'PDF files, folders, glob patterns or http(s) URLs')
    .addOption(
      new Option('--mode <mode>', 'engine: fast (prose) or hybrid (adds tables, boxes, images)')
        .choices(['fast', 'hybrid'])
        .default('fast'),
    )
    .addOption(
      new Option('--format <format>', 'what to write for each input')
        .choices(['markdown', 'json', 'chunks'])
        .default('markdown'),
    )
    .option(
      '--outputs <list>',
      'with --format json: what the document carries, comma-separated from markdown, elements, chunks, images (default: markdown,elements)',
      parseOutputsOption,
    )
    .option('--chunk-tokens <n>', 'most tokens per chunk', parsePositiveInteger, 512)
    .option(
      '--pages <ranges>',
      'only these pages, e.g. 1-3,7 or 10- (to the end)',
      parsePagesOption,
    )
    .option('--out <dir>', 'write one file per input into this folder instead of stdout')
    .addOption(
      new Option(
        '-j, --jobs <n>',
        'inputs extracted in parallel, each in its own worker thread (--remote: requests at once, default 4)',
      )
        .argParser(parsePositiveInteger)
        .default(cores, `${cores}, the number of cores`),
    )
    .option('--keep-furniture', 'keep running headers, footers and page numbers in the Markdown')
    .option('-q, --quiet', 'no progress lines or summary on stderr; errors and warnings still show')
    .option('--remote', 'send the URLs to the hosted API instead of extracting here')
    .addHelpText('after', HELP)
    .action(async (inputs: string[], flags: ExtractFlags, command: Command) => {
      // Loaded only now, so `pdfx --help` never pays for @pdfx/core, pdf.js, zod or ora.
      const { runExtract } = await import('./extract-action.js')
      process.exitCode = await runExtract(inputs, flags, command)
    })
}
