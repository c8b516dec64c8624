import { fileURLToPath } from 'node:url'
import { buildPdf } from '../../core/test/pdf-builder.js'

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
