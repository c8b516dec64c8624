import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js'
import { describe, expect, it } from 'vitest'
import { readDocumentInfo } from './metadata.js'

describe('readDocumentInfo', () => {
  it('reads the page each outline entry leads to, by name or by reference', async () => {
    const document = {
      getMetadata: async () => ({ info: { Title: 'Bed rail guidance' } }),
      getOutline: async () => [
        {
          title: 'Introduction',
          dest: 'intro',
          items: [{ title: 'Scope', dest: [{ num: 7, gen: 0 }, { name: 'XYZ' }], items: [] }],
        },
        { title: 'Broken link', dest: 'missing', items: [] },
      ],
      getDestination: async (id: string) => (id === 'intro' ? [{ num: 5, gen: 0 }] : null),
      getPageIndex: async (ref: { num: number }) => (ref.num === 5 ? 0 : 2),
    } as unknown as PDFDocumentProxy
    expect(await readDocumentInfo(document)).toEqual({
      title: 'Bed rail guidance',
      outline: [
        { title: 'Introduction', depth: 1, page: 1 },
        { title: 'Scope', depth: 2, page: 3 },
        { title: 'Broken link', depth: 1 },
      ],
      marksBreakHyphens: false,
    })
  })

  it("tells a producer that marks its hyphenation breaks by the producer's name", async () => {
    const marks = async (Producer: string) =>
      (
        await readDocumentInfo({
          getMetadata: async () => ({ info: { Producer } }),
          getOutline: async () => null,
        } as unknown as PDFDocumentProxy)
      ).marksBreakHyphens
    expect(await marks('Skia/PDF m156')).toBe(true)
    expect(await marks('LibreOffice 7.4')).toBe(false)
    expect(await marks('pdfTeX-1.40.25')).toBe(false)
  })

  it('takes no title from a placeholder or the name of the source file', async () => {
    const titleOf = async (Title: string) =>
      (
        await readDocumentInfo({
          getMetadata: async () => ({ info: { Title } }),
          getOutline: async () => null,
        } as unknown as PDFDocumentProxy)
      ).title
    for (const name of ['report.html', 'Microsoft Word - draft.docx', 'notes.odt', 'Untitled']) {
      expect(await titleOf(name)).toBeUndefined()
    }
    expect(await titleOf('file:///home/ada/report.html')).toBeUndefined()
    expect(await titleOf('https://example.org/report')).toBeUndefined()
    expect(await titleOf('Annual report 2024')).toBe('Annual report 2024')
    expect(await titleOf('Node.js')).toBe('Node.js')
  })
})
