import type { FolderScores } from '../score-folder'
import type { Machine } from '../speed/machine'
import { type Column, formatTable } from '../speed/text-table'
import { formatMarkdownTable } from './markdown-table'
import { PUBLISHED_DPBENCH, PUBLISHED_SOURCE } from './published'
import type { SkippedTool, ToolSummary } from './run-comparison'
import type { ToolId } from './tool-run'
import { TOOLS } from './tools'

const MIB = 2 ** 20

/** One tool's DP-Bench scores over the documents of this run. */
export interface QualityRow {
  tool: ToolId
  scores: FolderScores
}

/** Everything the comparison prints. */
export interface CompareReport {
  date: string
  machine: Machine
  command: string
  /** e.g. `realworld (12 PDFs, 343 pages), dpbench (71 PDFs, 71 pages)`. */
  corpus: string
  rounds: number
  pdftotextMode: string
  summaries: ToolSummary[]
  skipped: SkippedTool[]
  quality: QualityRow[]
  totalSeconds: number
}

type Layout = 'text' | 'markdown'

function table(layout: Layout, columns: readonly Column[], rows: readonly string[][]): string {
  return layout === 'text' ? formatTable(columns, rows) : formatMarkdownTable(columns, rows)
}

function score(value: number | null): string {
  return value === null ? '-' : value.toFixed(3)
}

function withCount(value: number | null, count: number): string {
  return value === null ? '-' : `${value.toFixed(3)} (${count})`
}

/** The speed and memory table: one row per tool that ran. */
export function speedTable(summaries: readonly ToolSummary[], layout: Layout): string {
  const floor = summaries.find((summary) => summary.tool === 'pdfjs')
  return table(
    layout,
    [
      { title: 'tool', align: 'left' },
      { title: 'pages/s', align: 'right' },
      { title: 'x pdf.js', align: 'right' },
      { title: 'batch pages/s', align: 'right' },
      { title: 'start-up ms', align: 'right' },
      { title: 'peak RSS MiB', align: 'right' },
      { title: 'loaded MiB', align: 'right' },
      { title: 'reading s, each round', align: 'left' },
      { title: 'PDFs done', align: 'right' },
    ],
    summaries.map((summary) => [
      summary.label,
      summary.pagesPerSecond.toFixed(1),
      floor ? (summary.pagesPerSecond / floor.pagesPerSecond).toFixed(2) : '-',
      summary.batchPagesPerSecond.toFixed(1),
      summary.startupMs === undefined ? '-' : summary.startupMs.toFixed(0),
      (summary.peakRssBytes / MIB).toFixed(0),
      summary.best.baselineRssBytes === undefined
        ? '-'
        : (summary.best.baselineRssBytes / MIB).toFixed(0),
      summary.runs.map((run) => run.readingSeconds.toFixed(2)).join(' '),
      `${summary.documentsDone}/${summary.documentsDone + summary.best.failures.length}`,
    ]),
  )
}

/** The DP-Bench scores of the tools that wrote Markdown or text in this run. */
export function qualityTable(rows: readonly QualityRow[], layout: Layout): string {
  return table(
    layout,
    [
      { title: 'tool (this run)', align: 'left' },
      { title: 'output', align: 'left' },
      { title: 'overall', align: 'right' },
      { title: 'NID', align: 'right' },
      { title: 'TEDS (docs)', align: 'right' },
      { title: 'MHS (docs)', align: 'right' },
      { title: 'docs', align: 'right' },
    ],
    rows.map(({ tool, scores }) => {
      const { overall, nid, teds, mhs } = scores.summary
      return [
        TOOLS[tool].label,
        TOOLS[tool].output,
        score(overall.mean),
        score(nid.mean),
        withCount(teds.mean, teds.count),
        withCount(mhs.mean, mhs.count),
        String(scores.documents.length),
      ]
    }),
  )
}

/** The published engines' results, quoted. */
export function publishedTable(layout: Layout): string {
  return table(
    layout,
    [
      { title: 'engine (published, 200 docs)', align: 'left' },
      { title: 'overall', align: 'right' },
      { title: 'NID', align: 'right' },
      { title: 'TEDS', align: 'right' },
      { title: 'MHS', align: 'right' },
      { title: 's/page (their machine)', align: 'right' },
    ],
    PUBLISHED_DPBENCH.map((engine) => [
      engine.note ? `${engine.engine} (${engine.note})` : engine.engine,
      engine.overall.toFixed(3),
      engine.nid.toFixed(3),
      engine.teds.toFixed(3),
      engine.mhs.toFixed(3),
      engine.secondsPerPage === undefined ? '-' : String(engine.secondsPerPage),
    ]),
  )
}

/** Which version of each tool ran, and the tools that could not. */
export function toolsTable(
  summaries: readonly ToolSummary[],
  skipped: readonly SkippedTool[],
  layout: Layout,
): string {
  return table(
    layout,
    [
      { title: 'tool', align: 'left' },
      { title: 'version, or why it was skipped', align: 'left' },
    ],
    [
      ...summaries.map((summary) => [summary.label, summary.version]),
      ...skipped.map((tool) => [tool.label, `skipped: ${tool.reason}`]),
    ],
  )
}

/** Paragraphs on how the figures were taken, shared by the text and Markdown reports. */
export function methodLines(report: CompareReport): string[] {
  const lines = [
    `Each tool runs ${report.rounds} time(s) over the same PDFs, each run in a fresh process of its own, the tools taking turns (who goes first rotates); every tool reads each PDF from disk and writes its output file. The fastest run of each tool counts.`,
    'pages/s: pages of the PDFs the tool converted (PDFs done), over reading time, which includes the time spent on PDFs it refused. Node tools: the sum of each PDF (read, extract, write) once their code is loaded; pdftotext: the sum of its processes, one per PDF, start-up included; opendataloader: its one JVM for all PDFs, less the JVM start-up. batch pages/s: pages over spawn-to-exit of every process, start-up and code loading included (Node tools run our TypeScript through tsx here).',
    'start-up: Node tools, process start until the tool is imported (Node + tsx + imports); pdftotext, `pdftotext -v`, paid once per PDF; opendataloader, `java -jar` printing its usage, paid once per batch.',
    "peak RSS: the highest VmHWM of the tool's process, read from /proc/<pid>/status every 2 ms while it runs, and for Node tools also the child's own VmHWM at its end; pdftotext: its largest process. The JVM runs with its default heap limits. loaded: a Node tool's RSS once its code is loaded, before the first PDF (tsx adds about 30 MiB of it).",
  ]
  if (report.summaries.some((summary) => summary.tool === 'pdftotext')) {
    const flag = report.pdftotextMode === 'reading' ? 'no flag' : `-${report.pdftotextMode}`
    lines.push(`pdftotext mode: ${report.pdftotextMode} (${flag}), -enc UTF-8 -nopgbrk.`)
  }
  return lines
}

/** One line per PDF a tool refused in its counted run, then a blank line; nothing if none. */
function refusals(summaries: readonly ToolSummary[]): string[] {
  const lines = summaries.flatMap((summary) =>
    summary.best.failures.map(
      (failure) => `- ${summary.label} refused ${failure.stem}.pdf: ${failure.error}`,
    ),
  )
  return lines.length > 0 ? [...lines, ''] : []
}

function sections(report: CompareReport, layout: Layout): string[] {
  const heading = (title: string): string => (layout === 'markdown' ? `#### ${title}` : title)
  const { machine } = report
  const lines = [
    layout === 'markdown' ? `### pnpm bench:compare, ${report.date}` : 'pdfx comparison benchmark',
    '',
    `- command: \`${report.command}\``,
    `- machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGib} GiB, Node ${machine.node}, ${machine.platform}`,
    `- date: ${report.date}`,
    `- corpus: ${report.corpus}`,
    '',
    heading('Tools'),
    '',
    toolsTable(report.summaries, report.skipped, layout),
    '',
    heading('Speed and memory'),
    '',
    speedTable(report.summaries, layout),
    '',
    ...refusals(report.summaries),
    ...methodLines(report).flatMap((line) => [line, '']),
  ]
  if (report.quality.length > 0) {
    const documents = report.quality[0]?.scores.documents.length ?? 0
    lines.push(
      heading(`DP-Bench quality, ${documents} documents of ../shared/corpus/dpbench`),
      '',
      qualityTable(report.quality, layout),
      '',
      'Scored with bench/src/scoring (the same metrics as ../shared/tools/dpbench_score.py). Plain text has no tables or headings: where the reference has a table, TEDS is 0; where it has headings, MHS is 0.',
      '',
      publishedTable(layout),
      '',
      `Published: ${PUBLISHED_SOURCE}. They are not measured here, and cover 200 documents where this run scores ${documents}.`,
      '',
    )
  }
  lines.push(`Total ${report.totalSeconds.toFixed(0)} s.`)
  return lines
}

/** The report for the terminal. */
export function formatTextReport(report: CompareReport): string {
  return sections(report, 'text').join('\n')
}

/** The same report as Markdown, for BENCHMARKS.md. */
export function formatMarkdownReport(report: CompareReport): string {
  return `${sections(report, 'markdown').join('\n')}\n`
}
