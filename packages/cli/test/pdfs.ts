import { fileURLToPath } from 'node:url'
import { buildPdf, type LineSpec, type TextSpec } from '../../core/test/pdf-builder.js'

/** The two-page sample of examples/, a report with headings and prose. */
export const SAMPLE_PDF = fileURLToPath(
  new URL('../../../examples/sample/report.pdf', import.meta.url),
)
/** The shared benchmark corpus, next to the repository (see its README). */
export const CORPUS = fileURLToPath(new URL('../../../../shared/corpus/', import.meta.url))

/** A PDF with one heading and one paragraph per page, "Page N" and "Text of page N". */
export function pagedPdf(pages: number, title = 'Paged document'): Promise<Uint8Array> {
  return buildPdf(
    Array.from({ length: pages }, (_, index) => [
      { text: index === 0 ? title : `Page ${index + 1}`, size: 20, x: 72, y: 90 },
      { text: `Text of page ${index + 1} is plain prose.`, size: 11, x: 72, y: 130 },
    ]),
  )
}

/** Rows of the ruled table tablePdf draws. */
export const TABLE_ROWS = [
  ['Region', 'Units', 'Revenue'],
  ['North', '1,204', '$88,210'],
  ['South', '967', '$61,004'],
  ['East', '1,530', '$102,775'],
]

/** A page with a sentence and a fully ruled table of TABLE_ROWS below it. */
export function tablePdf(): Promise<Uint8Array> {
  const rowHeight = 18
  const widths = [120, 80, 100]
  const left = 72
  const top = 140
  const xs = [left]
  for (const width of widths) xs.push((xs.at(-1) ?? left) + width)
  const texts: TextSpec[] = [
    { text: 'Quarterly results by region are in the table below.', x: left, y: 110, size: 11 },
  ]
  const lines: LineSpec[] = []
  TABLE_ROWS.forEach((row, r) => {
    row.forEach((text, c) => {
      texts.push({ text, x: (xs[c] ?? left) + 4, y: top + r * rowHeight + 13, size: 10 })
    })
  })
  const bottom = top + TABLE_ROWS.length * rowHeight
  const right = xs.at(-1) ?? left
  for (let r = 0; r <= TABLE_ROWS.length; r++) {
    lines.push({ x1: left, y1: top + r * rowHeight, x2: right, y2: top + r * rowHeight })
  }
  for (const x of xs) lines.push({ x1: x, y1: top, x2: x, y2: bottom })
  return buildPdf([{ texts, lines }])
}
