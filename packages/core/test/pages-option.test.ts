import { ExtractedDocumentSchema } from '@pdfx/schema'
import { encode } from 'fast-png'
import { describe, expect, it } from 'vitest'
import { extract } from '../src/index.js'
import { buildPdf, type PageSpec } from './pdf-builder.js'
import { rawPdf } from './raw-pdf.js'

/** A heading and a sentence per page: "Page N" and "Text of page N is plain prose." */
function pagedPdf(pages: number): Promise<Uint8Array> {
  return buildPdf(
    Array.from({ length: pages }, (_, index) => [
      { text: `Page ${index + 1}`, size: 20, x: 72, y: 90, font: 'bold' as const },
      { text: `Text of page ${index + 1} is plain prose.`, size: 11, x: 72, y: 130 },
    ]),
  )
}

/**
 * Two pages; the second is not a page at all (its entry in /Kids points at a number). pdf.js
 * fails only when asked for that page, so a run that never asks for it proves the page was
 * never loaded.
 */
function pdfWithBrokenSecondPage(): Uint8Array {
  const content = 'BT /F1 14 Tf 72 700 Td (Only the first page can be read.) Tj ET'
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '42',
  ])
}

/** A 16 x 16 grey PNG. */
function greyPng(): Uint8Array {
  const data = new Uint8Array(16 * 16 * 3).fill(90)
  return encode({ width: 16, height: 16, data, depth: 8, channels: 3 })
}

describe('extract with pages', () => {
  it('reads only the chosen pages, and source.pages still counts the whole PDF', async () => {
    const pdf = await pagedPdf(4)
    const doc = await extract(pdf, { pages: [3, 1], outputs: ['markdown', 'elements', 'chunks'] })
    expect(ExtractedDocumentSchema.parse(doc)).toBeTruthy()
    expect(doc.elements.map((element) => [element.id, element.page, element.text])).toEqual([
      ['el_0001', 1, 'Page 1'],
      ['el_0002', 1, 'Text of page 1 is plain prose.'],
      ['el_0003', 3, 'Page 3'],
      ['el_0004', 3, 'Text of page 3 is plain prose.'],
    ])
    expect(doc.markdown).toContain('Text of page 3')
    expect(doc.markdown).not.toMatch(/page [24]/)
    const chunked = doc.chunks?.map((chunk) => chunk.text).join(' ')
    expect(chunked).toContain('Text of page 3')
    expect(chunked).not.toMatch(/page [24]/)
    expect(doc.source).toEqual({ engine: 'fast', pages: 4 })
    expect(doc.warnings).toBeUndefined()
  })

  it('never asks pdf.js for a page it was not given', async () => {
    const pdf = pdfWithBrokenSecondPage()
    await expect(extract(pdf)).rejects.toMatchObject({ code: 'pdf_damaged' })
    const doc = await extract(pdf, { pages: [1] })
    expect(doc.markdown).toContain('Only the first page can be read.')
    expect(doc.source.pages).toBe(2)
  })

  it('gives the same document as no option when every page is chosen', async () => {
    const pdf = await pagedPdf(3)
    const whole = await extract(pdf, { outputs: ['markdown', 'elements', 'chunks'] })
    const chosen = await extract(pdf, {
      pages: [3, 2, 1, 2],
      outputs: ['markdown', 'elements', 'chunks'],
    })
    expect(chosen).toEqual(whole)
    expect(whole.source.pageSizes).toHaveLength(3)
  })

  it('skips numbers past the last page, and refuses a choice of which no page exists', async () => {
    const pdf = await pagedPdf(3)
    const doc = await extract(pdf, { pages: [2, 9] })
    expect(new Set(doc.elements.map((element) => element.page))).toEqual(new Set([2]))
    expect(doc.warnings).toBeUndefined()
    await expect(extract(pdf, { pages: [4, 9] })).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'none of the selected pages exists: the PDF has 3 pages',
    })
  })

  it.each([[[]], [[0]], [[1.5]], [[-2]], [[Number.NaN]]])(
    'refuses pages %j before reading the PDF',
    async (pages) => {
      // Not even a PDF: the option is checked first.
      await expect(extract(new Uint8Array([1, 2, 3]), { pages })).rejects.toMatchObject({
        code: 'invalid_request',
      })
    },
  )

  it('keeps the images of the chosen pages only (hybrid)', async () => {
    const page = (number: number, image: boolean): PageSpec => ({
      texts: [{ text: `Prose on page ${number}.`, x: 72, y: 120 }],
      ...(image && { images: [{ png: greyPng(), x: 72, y: 200, width: 160, height: 120 }] }),
    })
    const pdf = await buildPdf([page(1, false), page(2, true)])
    const first = await extract(pdf, {
      mode: 'hybrid',
      pages: [1],
      outputs: ['elements', 'images'],
    })
    expect(first.images).toEqual([])
    expect(first.source.engine).toBe('hybrid')
    const second = await extract(pdf, {
      mode: 'hybrid',
      pages: [2],
      outputs: ['markdown', 'elements', 'images'],
    })
    expect(second.images?.map((image) => [image.id, image.page])).toEqual([['img_0001', 2]])
    expect(second.markdown).toContain('![](img_0001)')
    expect(second.elements.every((element) => element.page === 2)).toBe(true)
    expect(ExtractedDocumentSchema.parse(second)).toBeTruthy()
  })
})
