// pnpm bench:compare [--set realworld|dpbench|all] [--quick] [--rounds N] [--tools a,b]
//                    [--pdftotext-mode reading|layout|raw] [--no-quality] [--json OUT]
//                    [--write-docs]
//
// Runs pdfx (fast, hybrid), bare pdf.js, unpdf, poppler's pdftotext and the opendataloader
// package (Java) over the same corpus PDFs (../shared/corpus/realworld and dpbench), each tool in
// a fresh process of its own per round: pages per second, start-up and peak RSS. Then scores the
// Markdown or text each tool wrote for the dpbench PDFs with the DP-Bench metrics, next to the
// published engines. A tool that cannot run here is skipped with the reason. The report also goes
// to bench/out/compare/report.md (Markdown, for BENCHMARKS.md) and the charts (SVG) to
// bench/out/compare/, with --write-docs also to docs/benchmarks/, which BENCHMARKS.md embeds.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { drawCharts } from './compare/charts'
import {
  COMPARE_SET_OPTIONS,
  type ComparePdf,
  type CompareSetOption,
  selectComparePdfs,
  setsOf,
} from './compare/compare-corpus'
import { PDFTOTEXT_MODES, type PdftotextMode } from './compare/pdftotext'
import { PUBLISHED_DPBENCH, PUBLISHED_SOURCE } from './compare/published'
import {
  type CompareReport,
  formatMarkdownReport,
  formatTextReport,
  type QualityRow,
} from './compare/report'
import {
  runComparison,
  type SkippedTool,
  type ToolSummary,
  toolOutDir,
} from './compare/run-comparison'
import { TOOL_IDS, type ToolId } from './compare/tool-run'
import { probeTool, TOOLS } from './compare/tools'
import { corpusSubdir } from './corpus'
import { scoreFolder } from './score-folder'
import { scriptArgs } from './script-args'
import { describeMachine } from './speed/machine'

const ROUNDS = 3
const OUT_DIR = fileURLToPath(new URL('../out/compare/', import.meta.url))
/** Committed copies of the charts, embedded by BENCHMARKS.md; only --write-docs writes them. */
const DOCS_DIR = fileURLToPath(new URL('../../docs/benchmarks/', import.meta.url))

function usage(): string {
  return [
    'usage: pnpm bench:compare [options]',
    '  --set realworld|dpbench|all     which corpus folders (default all: both)',
    `  --quick                         10 dpbench PDFs and the 3 shortest realworld ones, 1 round`,
    `  --rounds N                      runs of every tool (default ${ROUNDS}; the fastest counts)`,
    `  --tools a,b                     only these, of ${TOOL_IDS.join(', ')}`,
    '  --pdftotext-mode MODE           reading (default), layout or raw',
    '  --no-quality                    skip the DP-Bench scores',
    '  --json OUT                      also write the figures as JSON',
    '  --write-docs                    also write the charts to docs/benchmarks/ (not with --quick)',
  ].join('\n')
}

function progress(message: string): void {
  console.error(`[bench:compare] ${message}`)
}

interface CompareFlags {
  set: CompareSetOption
  quick: boolean
  rounds: number
  tools: ToolId[]
  pdftotextMode: PdftotextMode
  quality: boolean
  json: string | undefined
  writeDocs: boolean
}

/** The flags, or a message saying what is wrong with them. */
function parseFlags(): CompareFlags | string | undefined {
  const { values } = parseArgs({
    args: scriptArgs(),
    options: {
      set: { type: 'string', default: 'all' },
      quick: { type: 'boolean', default: false },
      rounds: { type: 'string' },
      tools: { type: 'string' },
      'pdftotext-mode': { type: 'string', default: 'reading' },
      'no-quality': { type: 'boolean', default: false },
      json: { type: 'string' },
      'write-docs': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return undefined
  const set = values.set as CompareSetOption
  if (!COMPARE_SET_OPTIONS.includes(set)) return `--set takes ${COMPARE_SET_OPTIONS.join('|')}`
  const mode = values['pdftotext-mode'] as PdftotextMode
  if (!PDFTOTEXT_MODES.includes(mode)) return `--pdftotext-mode takes ${PDFTOTEXT_MODES.join('|')}`
  const rounds = Number(values.rounds ?? (values.quick ? 1 : ROUNDS))
  if (!(Number.isInteger(rounds) && rounds >= 1)) return '--rounds takes a whole number from 1'
  const tools = (values.tools?.split(',').map((tool) => tool.trim()) ?? [...TOOL_IDS]) as ToolId[]
  const unknown = tools.filter((tool) => !TOOL_IDS.includes(tool))
  if (unknown.length > 0) return `unknown tools: ${unknown.join(', ')}`
  if (values['write-docs'] && values.quick) {
    return '--write-docs takes a full run: the committed charts must not show a --quick subset'
  }
  return {
    set,
    quick: values.quick,
    rounds,
    // report order, whatever order --tools named them in
    tools: TOOL_IDS.filter((tool) => tools.includes(tool)),
    pdftotextMode: mode,
    quality: !values['no-quality'],
    json: values.json,
    writeDocs: values['write-docs'],
  }
}

function describeCorpus(pdfs: readonly ComparePdf[], set: CompareSetOption): string {
  return setsOf(set)
    .map((name) => {
      const chosen = pdfs.filter((pdf) => pdf.set === name)
      const pages = chosen.reduce((sum, pdf) => sum + pdf.pages, 0)
      return `${name} (${chosen.length} PDFs, ${pages} pages)`
    })
    .join(', ')
}

/** Scores each tool's dpbench outputs (Markdown or text) against the reference Markdown. */
async function scoreTools(
  summaries: readonly ToolSummary[],
  pdfs: readonly ComparePdf[],
): Promise<QualityRow[]> {
  const ids = pdfs.filter((pdf) => pdf.set === 'dpbench').map((pdf) => pdf.stem)
  if (ids.length === 0) return []
  const gtDir = corpusSubdir('dpbench')
  const rows: QualityRow[] = []
  for (const { tool } of summaries) {
    if (TOOLS[tool].output === 'none') continue
    progress(`scoring ${TOOLS[tool].label} on ${ids.length} dpbench documents`)
    rows.push({ tool, scores: await scoreFolder(gtDir, toolOutDir(OUT_DIR, tool), { ids }) })
  }
  return rows
}

async function writeCharts(files: Record<string, string>, dirs: readonly string[]): Promise<void> {
  for (const dir of dirs) {
    await mkdir(dir, { recursive: true })
    for (const [name, svg] of Object.entries(files)) await writeFile(join(dir, name), svg)
    progress(`wrote ${Object.keys(files).join(', ')} to ${dir}`)
  }
}

async function main(): Promise<number> {
  const flags = parseFlags()
  if (flags === undefined) {
    console.log(usage())
    return 0
  }
  if (typeof flags === 'string') {
    console.error(`${flags}\n${usage()}`)
    return 2
  }
  const started = performance.now()
  const date = new Date().toISOString().slice(0, 10)
  const machine = describeMachine()

  progress('counting pages with pdf.js')
  const pdfs = await selectComparePdfs(flags.set, flags.quick)
  const corpus = describeCorpus(pdfs, flags.set)
  const pages = pdfs.reduce((sum, pdf) => sum + pdf.pages, 0)

  const available: { tool: ToolId; version: string }[] = []
  const skipped: SkippedTool[] = []
  for (const tool of flags.tools) {
    const probe = await probeTool(tool)
    if (probe.available) available.push({ tool, version: probe.version })
    else {
      skipped.push({ tool, label: TOOLS[tool].label, reason: probe.reason })
      progress(`skipping ${TOOLS[tool].label}: ${probe.reason}`)
    }
  }
  if (available.length === 0) {
    console.error('No tool can run here.')
    return 1
  }

  progress(`${available.length} tools, ${flags.rounds} round(s) over ${corpus}`)
  const summaries = await runComparison({
    pdfs,
    tools: available,
    rounds: flags.rounds,
    pdftotextMode: flags.pdftotextMode,
    outRoot: OUT_DIR,
    onProgress: progress,
  })
  const quality = flags.quality ? await scoreTools(summaries, pdfs) : []

  const report: CompareReport = {
    date,
    machine,
    command: ['pnpm bench:compare', ...process.argv.slice(2)].join(' '),
    corpus,
    rounds: flags.rounds,
    pdftotextMode: flags.pdftotextMode,
    summaries,
    skipped,
    quality,
    totalSeconds: (performance.now() - started) / 1000,
  }
  console.log(`\n${formatTextReport(report)}`)
  for (const summary of summaries) {
    if (summary.best.reportedPages !== undefined && summary.best.reportedPages !== summary.pages) {
      // Node tools count pages themselves: they must agree with pdf.js on the same PDFs
      console.error(
        `warning: ${summary.label} read ${summary.best.reportedPages} pages where pdf.js counts ${summary.pages}`,
      )
    }
    const warned = new Set(summary.best.warnings.map(({ warning }) => warning))
    for (const warning of warned) console.error(`${summary.label} warned: ${warning}`)
  }

  const charts = drawCharts(summaries, quality, {
    corpus: `${setsOf(flags.set).join(' + ')}: ${pdfs.length} PDFs, ${pages} pages; fastest of ${flags.rounds} run(s) per tool`,
    machine: `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; ${date}`,
  })
  await writeCharts(charts, flags.writeDocs ? [OUT_DIR, DOCS_DIR] : [OUT_DIR])
  const markdown = join(OUT_DIR, 'report.md')
  await writeFile(markdown, formatMarkdownReport(report))
  progress(`wrote ${markdown}`)
  if (flags.json !== undefined) {
    const figures = {
      ...report,
      quality: quality.map(({ tool, scores }) => ({
        tool,
        summary: scores.summary,
        documents: scores.documents,
        failed: scores.failed,
      })),
      published: { source: PUBLISHED_SOURCE, engines: PUBLISHED_DPBENCH },
    }
    await writeFile(flags.json, `${JSON.stringify(figures, null, 2)}\n`)
    progress(`wrote ${flags.json}`)
  }
  return 0
}

process.exitCode = await main()
