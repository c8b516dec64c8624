import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import type { ExtractMode, OutputKind } from '@pdfx/schema'
import { Command, Option } from 'commander'
import { EXIT } from '../exit-codes.js'
import { describeError } from '../report-error.js'

type Format = 'markdown' | 'json' | 'chunks'

interface ExtractFlags {
  mode: ExtractMode
  format: Format
  outputs?: string
  chunkTokens?: string
  keepFurniture?: boolean
  out?: string
}

/** `pdfx extract <inputs...>`: local PDF files through @pdfx/core on this machine. */
export function extractCommand(): Command {
  return new Command('extract')
    .description('Extract PDF files to Markdown (default), JSON or chunks')
    .argument('<inputs...>', 'PDF files')
    .addOption(new Option('--mode <mode>', 'engine').choices(['fast', 'hybrid']).default('fast'))
    .addOption(
      new Option('--format <format>', 'what to print')
        .choices(['markdown', 'json', 'chunks'])
        .default('markdown'),
    )
    .option(
      '--outputs <list>',
      'comma-separated outputs for --format json (markdown,elements,chunks,images)',
    )
    .option('--chunk-tokens <n>', 'tokens per chunk', '512')
    .option('--keep-furniture', 'keep running headers, footers and page numbers in the Markdown')
    .option('--out <dir>', 'write one file per input into this folder instead of stdout')
    .action(async (inputs: string[], flags: ExtractFlags) => {
      process.exitCode = await runExtract(inputs, flags)
    })
}

async function runExtract(inputs: readonly string[], flags: ExtractFlags): Promise<number> {
  const chunkTokens = Number(flags.chunkTokens ?? 512)
  if (!Number.isInteger(chunkTokens) || chunkTokens < 1) {
    process.stderr.write('pdfx: invalid_request: --chunk-tokens must be a positive whole number\n')
    return EXIT.usage
  }
  const outputs = resolveOutputs(flags)
  // Loaded here, not at start-up, so that `pdfx --help` never pays for pdf.js.
  const { extract } = await import('@pdfx/core')
  if (flags.out) await mkdir(flags.out, { recursive: true })
  let failures = 0
  for (const input of inputs) {
    try {
      const bytes = await readFile(input)
      const document = await extract(bytes, {
        mode: flags.mode,
        outputs,
        chunkTokens,
        keepFurniture: flags.keepFurniture ?? false,
      })
      for (const warning of document.warnings ?? [])
        process.stderr.write(`pdfx: ${input}: warning: ${warning}\n`)
      const rendered = render(document, flags.format)
      if (flags.out) {
        const target = join(
          flags.out,
          `${basename(input, extname(input))}${extensionOf(flags.format)}`,
        )
        await writeFile(target, rendered)
      } else {
        process.stdout.write(rendered)
      }
    } catch (error) {
      failures++
      process.stderr.write(`pdfx: ${input}: ${describeError(error)}\n`)
    }
  }
  if (failures === 0) return EXIT.ok
  return failures === inputs.length ? EXIT.failure : EXIT.partial
}

function resolveOutputs(flags: ExtractFlags): OutputKind[] {
  if (flags.format === 'chunks') return ['chunks']
  if (flags.format === 'markdown') return ['markdown']
  if (!flags.outputs) return ['markdown', 'elements']
  return flags.outputs.split(',').map((output) => output.trim()) as OutputKind[]
}

function render(
  document: Awaited<ReturnType<typeof import('@pdfx/core').extract>>,
  format: Format,
): string {
  if (format === 'markdown') return document.markdown
  if (format === 'chunks')
    return (document.chunks ?? []).map((chunk) => `${JSON.stringify(chunk)}\n`).join('')
  return `${JSON.stringify(document, null, 2)}\n`
}

function extensionOf(format: Format): string {
  return format === 'markdown' ? '.md' : format === 'chunks' ? '.jsonl' : '.json'
}
