import { expect, it } from 'vitest'

it('exports exactly the public API', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'DEFAULT_CHUNK_TOKENS',
    'DEFAULT_OUTPUTS',
    'PDF_SNIFF_BYTES',
    'assertNoFlateBomb',
    'chunkDocument',
    'extract',
    'extractTables',
    'looksLikePdf',
    'toMarkdown',
  ])
})
