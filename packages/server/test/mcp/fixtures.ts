import { buildPdf, type TextSpec, wrapText } from '../../../core/test/pdf-builder.js'

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
