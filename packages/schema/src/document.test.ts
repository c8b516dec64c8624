import { describe, expect, it } from 'vitest'
import {
  BBoxSchema,
  type Chunk,
  ChunkSchema,
  type Element,
  ElementSchema,
  type ExtractedDocument,
  ExtractedDocumentSchema,
  type ExtractedImage,
  ExtractedImageSchema,
  type Table,
  TableSchema,
} from './document'

// 1x1 transparent PNG.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

function fastDocument(): ExtractedDocument {
  return {
    schemaVersion: '1.0',
    id: 'doc_7f3a9c',
    source: { engine: 'fast', pages: 2 },
    confidence: { overall: 0.92, tables: 0.4, layout: 0.88 },
    title: 'Annual report 2024',
    language: 'en',
    markdown: '# Annual report 2024\n\nRevenue grew by 12%.\n\n- North\n- South\n',
    elements: [
      { id: 'el_0001', type: 'heading', page: 1, text: 'Annual report 2024', level: 1 },
      { id: 'el_0002', type: 'paragraph', page: 1, text: 'Revenue grew by 12%.' },
      { id: 'el_0003', type: 'list', page: 2, text: 'North\nSouth', items: ['North', 'South'] },
      { id: 'el_0004', type: 'footer', page: 2, text: 'Page 2' },
    ],
  }
}

function revenueTable(): Table {
  return {
    page: 2,
    bbox: [72, 200, 520, 320],
    rows: 3,
    columns: 2,
    headerRows: 1,
    cells: [
      { row: 0, column: 0, rowSpan: 1, colSpan: 2, text: 'Revenue', bbox: [72, 200, 520, 240] },
      { row: 1, column: 0, rowSpan: 1, colSpan: 1, text: 'North', bbox: [72, 240, 296, 280] },
      { row: 1, column: 1, rowSpan: 1, colSpan: 1, text: '1.2m', bbox: [296, 240, 520, 280] },
      { row: 2, column: 0, rowSpan: 1, colSpan: 1, text: 'South', bbox: [72, 280, 296, 320] },
      { row: 2, column: 1, rowSpan: 1, colSpan: 1, text: '0.8m', bbox: [296, 280, 520, 320] },
    ],
  }
}

function hybridDocument(): ExtractedDocument {
  const chunk: Chunk = {
    id: 'ch_0001',
    text: '# Annual report 2024\n\nRevenue grew by 12%.',
    tokens: 11,
    page: 1,
    section: 'Annual report 2024',
    elementIds: ['el_0001', 'el_0002'],
  }
  const image: ExtractedImage = {
    id: 'img_0001',
    page: 1,
    bbox: [72, 400, 272, 500],
    width: 1,
    height: 1,
    mimeType: 'image/png',
    data: PNG_BASE64,
  }
  return {
    ...fastDocument(),
    source: {
      engine: 'hybrid',
      pages: 2,
      pageSizes: [
        [595.28, 841.89],
        [595.28, 841.89],
      ],
    },
    elements: [
      {
        id: 'el_0001',
        type: 'heading',
        page: 1,
        text: 'Annual report 2024',
        level: 1,
        bbox: [72, 72, 400, 100],
      },
      {
        id: 'el_0002',
        type: 'paragraph',
        page: 1,
        text: 'Revenue grew by 12%.',
        bbox: [72, 110, 300, 124],
      },
      { id: 'el_0003', type: 'image', page: 1, text: '', bbox: [72, 400, 272, 500] },
      {
        id: 'el_0004',
        type: 'table',
        page: 2,
        text: 'Revenue\nNorth 1.2m\nSouth 0.8m',
        bbox: [72, 200, 520, 320],
        table: revenueTable(),
        continued: false,
      },
    ],
    chunks: [chunk],
    images: [image],
    warnings: [],
  }
}

describe('ExtractedDocumentSchema', () => {
  it('accepts a fast result without boxes or tables', () => {
    expect(ExtractedDocumentSchema.parse(fastDocument())).toEqual(fastDocument())
  })

  it('accepts a hybrid result with boxes, a table, chunks and images', () => {
    expect(ExtractedDocumentSchema.safeParse(hybridDocument()).success).toBe(true)
  })

  it('accepts a fallback result that only carries a warning', () => {
    const document = { ...fastDocument(), warnings: ['hybrid engine unavailable; used fast'] }
    expect(ExtractedDocumentSchema.safeParse(document).success).toBe(true)
  })

  it.each([
    ['an unknown top-level field', { ...fastDocument(), pagesCount: 2 }],
    ['another schema version', { ...fastDocument(), schemaVersion: '1.1' }],
    ['a missing markdown', { ...fastDocument(), markdown: undefined }],
    ['a three-letter language', { ...fastDocument(), language: 'eng' }],
    ['an uppercase language', { ...fastDocument(), language: 'EN' }],
    ['an empty title', { ...fastDocument(), title: '' }],
    [
      'confidence above 1',
      { ...fastDocument(), confidence: { overall: 1.2, tables: 0, layout: 0 } },
    ],
    [
      'negative confidence',
      { ...fastDocument(), confidence: { overall: 0.5, tables: -0.1, layout: 0 } },
    ],
    [
      'a confidence score missing',
      { ...fastDocument(), confidence: { overall: 0.5, tables: 0.5 } },
    ],
    [
      'an unknown source field',
      { ...fastDocument(), source: { engine: 'fast', pages: 2, ocr: true } },
    ],
    ['a fractional page count', { ...fastDocument(), source: { engine: 'fast', pages: 1.5 } }],
    [
      'pageSizes for the wrong number of pages',
      { ...fastDocument(), source: { engine: 'fast', pages: 2, pageSizes: [[612, 792]] } },
    ],
  ])('rejects %s', (_, document) => {
    expect(ExtractedDocumentSchema.safeParse(document).success).toBe(false)
  })

  it('rejects an element on a page the PDF does not have', () => {
    const document = fastDocument()
    document.elements.push({ id: 'el_0005', type: 'paragraph', page: 3, text: 'Ghost' })
    const result = ExtractedDocumentSchema.safeParse(document)
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['elements', 4]])
  })

  it('rejects duplicate element ids', () => {
    const document = fastDocument()
    document.elements.push({ id: 'el_0002', type: 'paragraph', page: 2, text: 'Again' })
    expect(ExtractedDocumentSchema.safeParse(document).success).toBe(false)
  })

  it('rejects a chunk on a page the PDF does not have', () => {
    const document = hybridDocument()
    document.chunks = [
      { id: 'ch_0001', text: 'x', tokens: 1, page: 9, section: '', elementIds: ['el_0002'] },
    ]
    expect(ExtractedDocumentSchema.safeParse(document).success).toBe(false)
  })
})

describe('ElementSchema', () => {
  const paragraph: Element = { id: 'el_0002', type: 'paragraph', page: 1, text: 'Body text.' }

  it('accepts five-digit ids past 9999', () => {
    expect(ElementSchema.safeParse({ ...paragraph, id: 'el_10000' }).success).toBe(true)
  })

  it.each([
    ['an id without padding', { ...paragraph, id: 'el_12' }],
    ['a chunk id', { ...paragraph, id: 'ch_0001' }],
    ['an uppercase prefix', { ...paragraph, id: 'EL_0001' }],
    ['an unknown type', { ...paragraph, type: 'sidebar' }],
    ['page 0', { ...paragraph, page: 0 }],
    ['an unknown field', { ...paragraph, fontSize: 11 }],
    ['a heading without a level', { ...paragraph, type: 'heading' }],
    ['a heading at level 7', { ...paragraph, type: 'heading', level: 7 }],
    ['a level on a paragraph', { ...paragraph, level: 2 }],
    ['a list without items', { ...paragraph, type: 'list' }],
    ['items on a paragraph', { ...paragraph, items: ['a'] }],
    ['a table on a paragraph', { ...paragraph, page: 2, table: revenueTable() }],
    ['continued on a paragraph', { ...paragraph, continued: true }],
    ['a table from another page', { ...paragraph, type: 'table', table: revenueTable() }],
    ['a bbox with three numbers', { ...paragraph, bbox: [1, 2, 3] }],
  ])('rejects %s', (_, element) => {
    expect(ElementSchema.safeParse(element).success).toBe(false)
  })

  it('accepts a table element without a table, as the fast engine may emit', () => {
    expect(ElementSchema.safeParse({ ...paragraph, type: 'table' }).success).toBe(true)
  })
})

describe('BBoxSchema', () => {
  it('accepts a box in top-left coordinates', () => {
    expect(BBoxSchema.parse([72, 80, 300, 96])).toEqual([72, 80, 300, 96])
  })

  it.each([
    ['bottom-left coordinates (top below bottom)', [72, 700, 300, 684]],
    ['right left of left', [300, 80, 72, 96]],
    ['an infinite edge', [0, 0, Number.POSITIVE_INFINITY, 10]],
    ['NaN', [0, 0, Number.NaN, 10]],
    ['five numbers', [0, 0, 1, 1, 1]],
  ])('rejects %s', (_, bbox) => {
    expect(BBoxSchema.safeParse(bbox).success).toBe(false)
  })
})

describe('TableSchema', () => {
  it('accepts a table with a spanning header cell', () => {
    expect(TableSchema.parse(revenueTable())).toEqual(revenueTable())
  })

  it('rejects a cell that spans past the grid', () => {
    const table = revenueTable()
    table.cells[4] = {
      row: 2,
      column: 1,
      rowSpan: 2,
      colSpan: 1,
      text: '0.8m',
      bbox: [296, 280, 520, 320],
    }
    expect(TableSchema.safeParse(table).success).toBe(false)
  })

  it('rejects cells out of row-major order', () => {
    const table = revenueTable()
    table.cells.reverse()
    expect(TableSchema.safeParse(table).success).toBe(false)
  })

  it('rejects more header rows than rows', () => {
    expect(TableSchema.safeParse({ ...revenueTable(), headerRows: 4 }).success).toBe(false)
  })

  it('rejects a zero span', () => {
    const table = revenueTable()
    table.cells[1] = {
      row: 1,
      column: 0,
      rowSpan: 0,
      colSpan: 1,
      text: 'North',
      bbox: [72, 240, 296, 280],
    }
    expect(TableSchema.safeParse(table).success).toBe(false)
  })
})

describe('ChunkSchema', () => {
  const chunk: Chunk = {
    id: 'ch_0001',
    text: 'Revenue grew by 12%.',
    tokens: 6,
    page: 1,
    section: 'Results',
    elementIds: ['el_0002'],
  }

  it('accepts a chunk', () => {
    expect(ChunkSchema.parse(chunk)).toEqual(chunk)
  })

  it.each([
    ['an element id as its id', { ...chunk, id: 'el_0001' }],
    ['a short id', { ...chunk, id: 'ch_1' }],
    ['a chunk id among elementIds', { ...chunk, elementIds: ['ch_0001'] }],
    ['no source elements', { ...chunk, elementIds: [] }],
    ['negative tokens', { ...chunk, tokens: -1 }],
    ['fractional tokens', { ...chunk, tokens: 6.5 }],
    ['a missing section', { ...chunk, section: undefined }],
  ])('rejects %s', (_, value) => {
    expect(ChunkSchema.safeParse(value).success).toBe(false)
  })
})

describe('ExtractedImageSchema', () => {
  const image = hybridDocument().images?.[0]

  it('accepts a PNG image', () => {
    expect(ExtractedImageSchema.safeParse(image).success).toBe(true)
  })

  it.each([
    ['a JPEG', { ...image, mimeType: 'image/jpeg' }],
    ['data that is not base64', { ...image, data: 'not base64!' }],
    ['a zero width', { ...image, width: 0 }],
    ['an element id', { ...image, id: 'el_0003' }],
  ])('rejects %s', (_, value) => {
    expect(ExtractedImageSchema.safeParse(value).success).toBe(false)
  })
})
