import { PUBLISHED_DPBENCH } from './published'
import type { QualityRow } from './report'
import type { ToolSummary } from './run-comparison'
import { type ChartGroup, renderBarChart } from './svg-chart'
import { TOOLS } from './tools'

const MIB = 2 ** 20

/** Colours of the charts: pdfx, the pdf.js floor, other tools, published figures. */
const GROUPS: Record<'pdfx' | 'floor' | 'other' | 'published', ChartGroup> = {
  pdfx: { id: 'pdfx', label: 'pdfx', color: '#2b6cb0' },
  floor: { id: 'floor', label: 'bare pdf.js (text only)', color: '#a0aec0' },
  other: { id: 'other', label: 'other tools, same run', color: '#dd6b20' },
  published: { id: 'published', label: 'published (200 docs, not run here)', color: '#9f7aea' },
}

/** Where and when the figures were measured, for the charts' subtitles. */
export interface ChartContext {
  /** e.g. `realworld + dpbench, 83 PDFs, 414 pages; best of 3 rounds`. */
  corpus: string
  /** e.g. `AMD EPYC, 2 cores, Node v20.20.2; 2026-11-21`. */
  machine: string
}

/** The charts of one comparison run, by file name. */
export type ChartFiles = Record<string, string>

function groupsOf(summaries: readonly { tool: ToolSummary['tool'] }[]): ChartGroup[] {
  const kinds = new Set(summaries.map(({ tool }) => TOOLS[tool].kind))
  return (['pdfx', 'floor', 'other'] as const)
    .filter((kind) => kinds.has(kind))
    .map((kind) => GROUPS[kind])
}

/** `, 81/83 PDFs` for a tool that refused some PDFs, else nothing. */
function partial(summary: ToolSummary): string {
  const total = summary.documentsDone + summary.best.failures.length
  return summary.documentsDone < total ? `, ${summary.documentsDone}/${total} PDFs` : ''
}

/** Pages per second of each tool, log scale. */
export function speedChart(summaries: readonly ToolSummary[], context: ChartContext): string {
  const floor = summaries.find((summary) => summary.tool === 'pdfjs')
  return renderBarChart({
    title: 'Pages per second (higher is better, log scale)',
    subtitle: [context.corpus, context.machine],
    axisLabel: 'pages per second, reading time (see BENCHMARKS.md)',
    scale: 'log',
    groups: groupsOf(summaries),
    bars: summaries.map((summary) => ({
      label: summary.label,
      value: summary.pagesPerSecond,
      valueLabel: `${summary.pagesPerSecond.toFixed(1)}${floor ? ` (${(summary.pagesPerSecond / floor.pagesPerSecond).toFixed(2)}x pdf.js${partial(summary)})` : ''}`,
      group: TOOLS[summary.tool].kind,
    })),
  })
}

/** Peak RSS of each tool's process. */
export function memoryChart(summaries: readonly ToolSummary[], context: ChartContext): string {
  return renderBarChart({
    title: 'Peak RSS of the tool process (lower is better)',
    subtitle: [
      context.corpus,
      'pdftotext: its largest process (one per PDF); the JVM with its default heap limits',
      context.machine,
    ],
    axisLabel: 'MiB',
    scale: 'linear',
    groups: groupsOf(summaries),
    bars: summaries.map((summary) => ({
      label: summary.label,
      value: summary.peakRssBytes / MIB,
      valueLabel: `${(summary.peakRssBytes / MIB).toFixed(0)} MiB${partial(summary)}`,
      group: TOOLS[summary.tool].kind,
    })),
  })
}

/** DP-Bench overall of the tools scored in this run next to the published engines, best first. */
export function qualityChart(rows: readonly QualityRow[], context: ChartContext): string {
  const documents = rows[0]?.scores.documents.length ?? 0
  const measured = rows.flatMap(({ tool, scores }) =>
    scores.summary.overall.mean === null
      ? []
      : [
          {
            label: `${TOOLS[tool].label}*`,
            value: scores.summary.overall.mean,
            group: TOOLS[tool].kind,
          },
        ],
  )
  const published = PUBLISHED_DPBENCH.map((engine) => ({
    label: engine.note ? `${engine.engine} (${engine.note})` : engine.engine,
    value: engine.overall,
    group: 'published',
  }))
  const bars = [...measured, ...published]
    .sort((a, b) => b.value - a.value)
    .map((bar) => ({ ...bar, valueLabel: bar.value.toFixed(3) }))
  return renderBarChart({
    title: 'DP-Bench overall (mean of NID, TEDS, MHS; higher is better)',
    subtitle: [
      `* measured in this run on ${documents} documents of the 200; the others as published on all 200`,
      context.machine,
    ],
    axisLabel: 'overall score',
    scale: 'linear',
    domainMax: 1,
    groups: [
      ...groupsOf(rows).map((group) =>
        group.id === 'other' ? { ...group, label: 'other tools, this run' } : group,
      ),
      GROUPS.published,
    ],
    bars,
  })
}

/** Every chart the run can draw: quality only where DP-Bench was scored. */
export function drawCharts(
  summaries: readonly ToolSummary[],
  quality: readonly QualityRow[],
  context: ChartContext,
): ChartFiles {
  const files: ChartFiles = {
    'compare-speed.svg': speedChart(summaries, context),
    'compare-memory.svg': memoryChart(summaries, context),
  }
  if (quality.length > 0) files['dpbench-overall.svg'] = qualityChart(quality, context)
  return files
}
