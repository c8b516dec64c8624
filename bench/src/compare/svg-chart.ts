// Horizontal bar charts as SVG text, built from strings: no dependency, and the output is plain
// enough to diff and to embed in Markdown.

/** A colour group of bars, listed in the legend. */
export interface ChartGroup {
  id: string
  label: string
  color: string
}

/** One bar: its label on the left, its length from `value`, `valueLabel` at its end. */
export interface ChartBar {
  label: string
  value: number
  valueLabel: string
  /** The id of its {@link ChartGroup}. */
  group: string
}

/** What to draw. Bars are drawn in the order given, top to bottom. */
export interface BarChartSpec {
  title: string
  /** Lines of smaller text under the title: what was measured, where, when. */
  subtitle: readonly string[]
  axisLabel: string
  /** `log` for values spanning orders of magnitude (every value must then be above 0). */
  scale: 'linear' | 'log'
  groups: readonly ChartGroup[]
  bars: readonly ChartBar[]
  /** Linear scale: the axis reaches at least this far (e.g. 1 for scores in [0, 1]). */
  domainMax?: number
}

/** An axis: where a value falls along it, from 0 (left) to 1 (right), and its tick values. */
export interface Axis {
  ticks: number[]
  position: (value: number) => number
}

/** Width of the whole chart, in SVG user units (pixels). */
const WIDTH = 760
/** Left column for the bar labels, and right column for the value labels. */
const LABEL_WIDTH = 210
const VALUE_WIDTH = 200
const BAR_HEIGHT = 20
const BAR_GAP = 8
const FONT = 'system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif'

/** Escapes text for SVG content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** A round step for about `parts` intervals up to `max`: 1, 2, 2.5 or 5 times a power of ten. */
export function niceStep(max: number, parts = 5): number {
  const raw = max / parts
  const power = 10 ** Math.floor(Math.log10(raw))
  const fraction = raw / power
  const nice =
    fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10
  return nice * power
}

/** A linear axis from 0 to a round number at or above the largest value (and `domainMax`). */
export function linearAxis(values: readonly number[], domainMax = 0): Axis {
  const top = Math.max(domainMax, ...values)
  if (!(top > 0)) return { ticks: [0, 1], position: () => 0 }
  const step = niceStep(top)
  const max = Math.ceil(top / step - 1e-9) * step
  const ticks: number[] = []
  for (let tick = 0; tick <= max + step / 2; tick += step) ticks.push(Number(tick.toFixed(10)))
  return { ticks, position: (value) => Math.max(0, Math.min(1, value / max)) }
}

/** A log axis from the power of ten at or below the smallest value to the one at or above the largest. */
export function logAxis(values: readonly number[]): Axis {
  if (values.length === 0 || values.some((value) => !(value > 0))) {
    throw new Error('A log axis needs values above 0')
  }
  const low = Math.floor(Math.log10(Math.min(...values)))
  let high = Math.ceil(Math.log10(Math.max(...values)))
  if (high === low) high = low + 1
  const ticks: number[] = []
  for (let exponent = low; exponent <= high; exponent++) ticks.push(10 ** exponent)
  return {
    ticks,
    position: (value) => (Math.log10(value) - low) / (high - low),
  }
}

/** A tick label: `0.25`, `10`, `1000`, without float noise. */
export function formatTick(value: number): string {
  return String(Number(value.toPrecision(6)))
}

function round(value: number): string {
  return String(Math.round(value * 10) / 10)
}

function text(x: number, y: number, content: string, attributes = ''): string {
  return `<text x="${round(x)}" y="${round(y)}"${attributes ? ` ${attributes}` : ''}>${escapeXml(content)}</text>`
}

/** Draws the chart as a standalone SVG document. */
export function renderBarChart(spec: BarChartSpec): string {
  const values = spec.bars.map((bar) => bar.value)
  const axis = spec.scale === 'log' ? logAxis(values) : linearAxis(values, spec.domainMax)
  const plotLeft = LABEL_WIDTH
  const plotWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH
  const color = new Map(spec.groups.map((group) => [group.id, group.color]))
  const parts: string[] = []

  let y = 26
  parts.push(text(16, y, spec.title, 'font-size="16" font-weight="600"'))
  for (const line of spec.subtitle) {
    y += 18
    parts.push(text(16, y, line, 'font-size="12" fill="#555"'))
  }
  // the legend: one swatch and label per group, left to right
  y += 24
  let legendX = 16
  for (const group of spec.groups) {
    parts.push(
      `<rect x="${legendX}" y="${y - 10}" width="12" height="12" fill="${escapeXml(group.color)}"/>`,
    )
    parts.push(text(legendX + 18, y, group.label, 'font-size="12"'))
    legendX += 18 + group.label.length * 6.6 + 24
  }

  const plotTop = y + 16
  const rowHeight = BAR_HEIGHT + BAR_GAP
  const plotBottom = plotTop + spec.bars.length * rowHeight
  for (const tick of axis.ticks) {
    const x = plotLeft + axis.position(tick) * plotWidth
    parts.push(
      `<line x1="${round(x)}" y1="${plotTop - 4}" x2="${round(x)}" y2="${plotBottom}" stroke="#ddd"/>`,
    )
    parts.push(
      text(x, plotBottom + 16, formatTick(tick), 'font-size="11" fill="#555" text-anchor="middle"'),
    )
  }
  parts.push(
    text(
      plotLeft + plotWidth / 2,
      plotBottom + 34,
      spec.axisLabel,
      'font-size="12" text-anchor="middle"',
    ),
  )
  for (const [index, bar] of spec.bars.entries()) {
    const top = plotTop + index * rowHeight
    const width = Math.max(1, axis.position(bar.value) * plotWidth)
    const middle = top + BAR_HEIGHT / 2 + 4
    parts.push(text(plotLeft - 8, middle, bar.label, 'font-size="12" text-anchor="end"'))
    parts.push(
      `<rect x="${plotLeft}" y="${top}" width="${round(width)}" height="${BAR_HEIGHT}" fill="${escapeXml(color.get(bar.group) ?? '#888')}"><title>${escapeXml(`${bar.label}: ${bar.valueLabel}`)}</title></rect>`,
    )
    parts.push(text(plotLeft + width + 6, middle, bar.valueLabel, 'font-size="12" fill="#333"'))
  }

  const height = plotBottom + 48
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeXml(spec.title)}" font-family="${escapeXml(FONT)}">`,
    `<title>${escapeXml(spec.title)}</title>`,
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n')
}
