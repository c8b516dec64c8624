/**
 * Writes report.pdf: a two-page report with a title, numbered sections, a bulleted list, a
 * two-column page, and a running header and page numbers, so that `pdfx extract` has something
 * realistic to show. Run with `pnpm -F @pdfx/example-sample generate`.
 */
import { writeFileSync } from 'node:fs'
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib'

const WIDTH = 612
const HEIGHT = 792

const pdf = await PDFDocument.create()
pdf.setTitle('Field Station Annual Report 2025')
pdf.setCreationDate(new Date('2026-01-15T00:00:00Z'))
pdf.setModificationDate(new Date('2026-01-15T00:00:00Z'))
const regular = await pdf.embedFont(StandardFonts.Helvetica)
const bold = await pdf.embedFont(StandardFonts.HelveticaBold)

/** Draws wrapped text in a column and returns the y (from the top) below it. */
function paragraph(
  page: PDFPage,
  text: string,
  x: number,
  top: number,
  width: number,
  font = regular,
  size = 11,
): number {
  let line = ''
  let y = top
  const flush = () => {
    page.drawText(line, { x, y: HEIGHT - y, size, font })
    y += size * 1.35
  }
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      flush()
      line = word
    } else {
      line = candidate
    }
  }
  if (line) flush()
  return y + size * 0.8
}

function furniture(page: PDFPage, number: number, font: PDFFont): void {
  page.drawText('Field Station Annual Report 2025', { x: 72, y: HEIGHT - 40, size: 8, font })
  page.drawText(String(number), { x: WIDTH / 2 - 3, y: 36, size: 9, font })
}

const first = pdf.addPage([WIDTH, HEIGHT])
furniture(first, 1, regular)
first.drawText('Field Station Annual Report 2025', { x: 72, y: HEIGHT - 96, size: 22, font: bold })
let y = 140
y = paragraph(
  first,
  'This report summarises a year of observations at the northern field station: weather, water quality and the work of the volunteer programme. It is written for the station board and for the volunteers themselves.',
  72,
  y,
  468,
)
first.drawText('1. Observations', { x: 72, y: HEIGHT - (y + 14), size: 15, font: bold })
y += 34
y = paragraph(
  first,
  'Rainfall was close to the long-term average, but it fell in fewer and heavier events. The well-known spring flood arrived three weeks early, which shifted the sampling calendar for the whole season.',
  72,
  y,
  468,
)
for (const item of [
  'Rainfall: 812 mm over 64 days with rain.',
  'River temperature: a new August maximum of 21.4 °C.',
  'Water clarity: unchanged from the previous year.',
]) {
  first.drawText('•', { x: 84, y: HEIGHT - y, size: 11, font: regular })
  y = paragraph(first, item, 98, y, 440) - 6
}
y += 10
first.drawText('2. Volunteer programme', { x: 72, y: HEIGHT - (y + 14), size: 15, font: bold })
y += 34
paragraph(
  first,
  'Forty-two volunteers took part, twelve of them for the first time. Training moved to short evening sessions, which doubled attendance compared with the weekend courses of earlier years.',
  72,
  y,
  468,
)

const second = pdf.addPage([WIDTH, HEIGHT])
furniture(second, 2, regular)
second.drawText('3. Outlook', { x: 72, y: HEIGHT - 96, size: 15, font: bold })
const left =
  'The board has approved a second weather mast, to be installed on the eastern ridge in the spring. Together with the existing mast it will let us separate valley effects from regional weather, a question the volunteers have raised for years.'
const right =
  'Sampling will return to the traditional calendar if the flood comes at its usual time. Results will again be published openly, as in every year since the station opened, so that schools and other stations can use them.'
paragraph(second, left, 72, 130, 222)
paragraph(second, right, 318, 130, 222)

writeFileSync(new URL('./report.pdf', import.meta.url), await pdf.save({ useObjectStreams: false }))
