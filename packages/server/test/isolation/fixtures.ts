import { buildPdf, type TextSpec } from '../../../core/test/pdf-builder.js'
import { rawPdf } from '../../../core/test/raw-pdf.js'

/** A report of `pages` US Letter pages, each a heading over a block of prose lines. */
export function reportPdf(pages: number, title = 'Quarterly report'): Promise<Uint8Array> {
  return buildPdf(
    Array.from({ length: pages }, (_, page): TextSpec[] => [
      { text: `${title}, part ${page + 1}`, size: 20, x: 72, y: 120, font: 'bold' },
      ...Array.from({ length: 30 }, (_, line) => ({
        text: `Line ${line + 1} of part ${page + 1} reports sales, costs and the plans for next year.`,
        x: 72,
        y: 160 + line * 15,
      })),
    ]),
  )
}

/**
 * A small file with thousands of pages that all share one content stream of dense text: the
 * engine reads every page, so extracting it takes many seconds (about 4 ms a page), far longer
 * than any test here waits. It stands in for a hostile PDF that keeps a child busy.
 */
export function endlessPdf(pages = 4000): Uint8Array {
  let content = 'BT /F1 11 Tf 15 TL 72 740 Td\n'
  for (let line = 0; line < 44; line++) {
    content += `(Line ${line} of a page that every other page repeats word for word.) Tj T*\n`
  }
  content += 'ET'
  const firstPage = 5
  const kids = Array.from({ length: pages }, (_, index) => `${firstPage + index} 0 R`).join(' ')
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...Array.from(
      { length: pages },
      () =>
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>',
    ),
  ])
}
