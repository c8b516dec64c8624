import { buildPdf, type LineSpec, type TextSpec, wrapText } from '../../../core/test/pdf-builder.js'

const PROSE =
  'The committee met four times this year to review the budget, the hiring plan and the ' +
  'progress of the new warehouse. Spending stayed within the plan in every quarter, and the ' +
  'reserve grew by a tenth. Members asked for a clearer report on energy costs, which rose ' +
  'faster than any other line, and for an earlier start on next year’s plan.'

/** Two pages, each a heading over three paragraphs: enough text for several small chunks. */
export async function reportPdf(): Promise<Uint8Array> {
  const pages: TextSpec[][] = []
  for (const title of ['Annual review', 'Outlook']) {
    const texts: TextSpec[] = [{ text: title, x: 72, y: 80, size: 22, font: 'bold' }]
    let y = 130
    for (let paragraph = 0; paragraph < 3; paragraph++) {
      const wrapped = await wrapText(PROSE, { x: 72, y, width: 460 })
      texts.push(...wrapped.texts)
      y = wrapped.bottom + 28
    }
    pages.push(texts)
  }
  return buildPdf(pages)
}

/** Rows of the ruled table in `tablePdf`, header row first. */
export const TABLE_ROWS = [
  ['Region', 'Units', 'Revenue'],
  ['North', '1,204', '$88,210'],
  ['South', '967', '$61,004'],
  ['East', '1,530', '$102,775'],
]

/** One page: a sentence, then TABLE_ROWS as a table with every cell ruled. */
export function tablePdf(): Promise<Uint8Array> {
  const left = 72
  const top = 140
  const rowHeight = 20
  const widths = [140, 90, 110]
  const edges = [left]
  for (const width of widths) edges.push((edges.at(-1) ?? left) + width)
  const right = edges.at(-1) ?? left
  const bottom = top + TABLE_ROWS.length * rowHeight
  const texts: TextSpec[] = [{ text: 'Sales by region are shown below.', x: 72, y: 100 }]
  TABLE_ROWS.forEach((row, r) => {
    row.forEach((text, c) => {
      texts.push({ text, x: (edges[c] ?? left) + 5, y: top + r * rowHeight + 14, size: 10 })
    })
  })
  const lines: LineSpec[] = [
    ...TABLE_ROWS.map((_, r) => top + r * rowHeight)
      .concat(bottom)
      .map((y) => ({ x1: left, y1: y, x2: right, y2: y })),
    ...edges.map((x) => ({ x1: x, y1: top, x2: x, y2: bottom })),
  ]
  return buildPdf([{ texts, lines }])
}
