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
    })
  })
})
