import { extract } from '@pdfx/core'
import { describe, expect, it } from 'vitest'
import { buildTextPdf } from './generated-pdf'

describe('buildTextPdf', () => {
  it('builds the requested number of pages of prose, the same bytes every time', async () => {
    const pdf = await buildTextPdf(3)
    expect(pdf).toEqual(await buildTextPdf(3))
    const doc = await extract(pdf)
    expect(doc.source.pages).toBe(3)
    expect(doc.markdown).toContain('Section 3:')
    // about 3,000 characters of text per page
    expect(doc.markdown.length).toBeGreaterThan(3 * 2500)
  })
})
