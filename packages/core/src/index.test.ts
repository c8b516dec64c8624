import { expect, it } from 'vitest'

it('exports exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'DEFAULT_CHUNK_TOKENS',
    'DEFAULT_MAX_PAGES',
    'DEFAULT_OUTPUTS',
    'MAX_PDF_BYTES',
    'PDF_SNIFF_BYTES',
    'assertNoFlateBomb',
    'chunkDocument',
    'extract',
    'extractTables',
    'looksLikePdf',
    'readPdfBody',
    'toMarkdown',
  ])
})
