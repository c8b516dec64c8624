import { PDFDocument, StandardFonts } from 'pdf-lib'

/** US Letter, in points. */
const PAGE_WIDTH = 612
const PAGE_HEIGHT = 792
const MARGIN = 72
const BODY_SIZE = 11
const HEADING_SIZE = 16
/** Baseline to baseline, in points: 1.3 times the body size, as word processors set it. */
const LINE_HEIGHT = 14.3

const WORDS = (
  'the report describes how agencies collect review and publish data about services ' +
  'programs budgets staff training quality safety patients records coding standards ' +
  'guidance policy federal state local annual quarterly results measures outcomes ' +
  'because while although each every many several most other new current previous ' +
  'improve manage support require provide include ensure maintain develop evaluate'
).split(' ')

/** A small deterministic generator (mulberry32), so every run lays out the same text. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Builds a text-only PDF of `pageCount` US Letter pages in Helvetica: a heading, then paragraphs
 * of wrapped prose down to the bottom margin (about 3,000 characters per page, like a report).
 */
export async function buildTextPdf(pageCount: number, seed = 1): Promise<Uint8Array> {
  const random = seededRandom(seed)
  // Without metadata pdf-lib writes no creation date, so the same seed gives the same bytes.
  const pdf = await PDFDocument.create({ updateMetadata: false })
  const body = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const columnWidth = PAGE_WIDTH - 2 * MARGIN
  const word = (): string => WORDS[Math.floor(random() * WORDS.length)] ?? 'data'
  for (let number = 1; number <= pageCount; number++) {
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT])
    let y = PAGE_HEIGHT - MARGIN
    page.drawText(`Section ${number}: ${word()} ${word()}`, {
      x: MARGIN,
      y,
      size: HEADING_SIZE,
      font: bold,
    })
    y -= 2 * LINE_HEIGHT
    while (y > MARGIN) {
      // A paragraph of 3 to 8 lines; its last line is short, as in real prose.
      const lineCount = 3 + Math.floor(random() * 6)
      for (let index = 0; index < lineCount && y > MARGIN; index++) {
        const last = index === lineCount - 1
        const limit = last ? columnWidth * (0.3 + 0.5 * random()) : columnWidth
        let line = word()
        for (;;) {
          const next = `${line} ${word()}`
          if (body.widthOfTextAtSize(next, BODY_SIZE) > limit) break
          line = next
        }
        page.drawText(last ? `${line}.` : line, { x: MARGIN, y, size: BODY_SIZE, font: body })
        y -= LINE_HEIGHT
      }
      y -= LINE_HEIGHT
    }
  }
  return pdf.save()
}
