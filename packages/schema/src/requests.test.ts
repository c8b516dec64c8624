import { describe, expect, it } from 'vitest'
import {
  CreateDocLinkInputSchema,
  CreateLinkRequestSchema,
  ExtractPdfInputSchema,
  ExtractRequestSchema,
  GetChunksInputSchema,
  GetChunksResultSchema,
  GetDocLinkStatsInputSchema,
  ListDocLinksInputSchema,
  ListTablesInputSchema,
  ListTablesResultSchema,
  RevokeDocLinkInputSchema,
  StatsQuerySchema,
} from './requests'

const pdfUrl = 'https://example.com/reports/q3.pdf'

describe('ExtractRequestSchema', () => {
  it('fills in the documented defaults', () => {
    expect(ExtractRequestSchema.parse({ url: pdfUrl })).toEqual({
      url: pdfUrl,
      outputs: ['markdown', 'elements'],
      mode: 'fast',
      chunkTokens: 512,
    })
  })

  it('keeps what the caller asked for', () => {
    const request = {
      url: 'http://127.0.0.1:8787/a.pdf',
      outputs: ['chunks', 'images'],
      mode: 'hybrid',
      chunkTokens: 1024,
    }
    expect(ExtractRequestSchema.parse(request)).toEqual(request)
  })

  it.each([
    ['a missing url', {}],
    ['an ftp url', { url: 'ftp://example.com/q3.pdf' }],
    ['a file url', { url: 'file:///etc/passwd' }],
    ['a javascript url', { url: 'javascript:alert(1)' }],
    ['a relative url', { url: '/reports/q3.pdf' }],
    ['a url over 2048 characters', { url: `https://example.com/${'a'.repeat(2048)}.pdf` }],
    ['an unknown field', { url: pdfUrl, ocr: true }],
    ['no outputs', { url: pdfUrl, outputs: [] }],
    ['a repeated output', { url: pdfUrl, outputs: ['markdown', 'markdown'] }],
    ['an unknown output', { url: pdfUrl, outputs: ['html'] }],
    ['an unknown mode', { url: pdfUrl, mode: 'ocr' }],
    ['chunkTokens below 64', { url: pdfUrl, chunkTokens: 63 }],
    ['chunkTokens above 8192', { url: pdfUrl, chunkTokens: 8193 }],
    ['fractional chunkTokens', { url: pdfUrl, chunkTokens: 512.5 }],
    ['chunkTokens as a string', { url: pdfUrl, chunkTokens: '512' }],
  ])('rejects %s', (_, body) => {
    expect(ExtractRequestSchema.safeParse(body).success).toBe(false)
  })

  it('is the input of extract_pdf', () => {
    expect(ExtractPdfInputSchema).toBe(ExtractRequestSchema)
  })
})

describe('CreateLinkRequestSchema', () => {
  it('defaults notifyOnOpen and allowDownload to true', () => {
    expect(CreateLinkRequestSchema.parse({ url: pdfUrl })).toEqual({
      url: pdfUrl,
      notifyOnOpen: true,
      allowDownload: true,
    })
  })

  it('accepts every documented field', () => {
    const body = {
      url: pdfUrl,
      name: 'Q3 report',
      slug: 'q3-report',
      expiresAt: '2026-01-31T18:00:00+01:00',
      notifyOnOpen: false,
      allowDownload: false,
    }
    expect(CreateLinkRequestSchema.parse(body)).toEqual(body)
  })

  it.each([
    ['an expiry without an offset', { expiresAt: '2026-01-31T18:00:00' }],
    ['a date without time', { expiresAt: '2026-01-31' }],
    ['an impossible date', { expiresAt: '2026-02-30T00:00:00Z' }],
    ['a free-form date', { expiresAt: 'next friday' }],
    ['an expiry as epoch seconds', { expiresAt: 1769878800 }],
    ['a reserved slug', { slug: 'api' }],
    ['an uppercase slug', { slug: 'Q3-Report' }],
    ['a slug ending in a hyphen', { slug: 'q3-' }],
    ['an empty name', { name: '' }],
    ['notifyOnOpen as a string', { notifyOnOpen: 'yes' }],
    ['allowDownload as a number', { allowDownload: 1 }],
    ['an unknown field', { password: 'secret' }],
    ['a non-http url', { url: 'data:application/pdf;base64,JVBERi0=' }],
  ])('rejects %s', (_, fields) => {
    expect(CreateLinkRequestSchema.safeParse({ url: pdfUrl, ...fields }).success).toBe(false)
  })

  it('is the input of create_doc_link', () => {
    expect(CreateDocLinkInputSchema).toBe(CreateLinkRequestSchema)
  })
})

describe('StatsQuerySchema', () => {
  it('accepts include=visits and nothing', () => {
    expect(StatsQuerySchema.parse({ include: 'visits' })).toEqual({ include: 'visits' })
    expect(StatsQuerySchema.parse({})).toEqual({})
  })

  it('refuses other include values and drops unknown parameters', () => {
    expect(StatsQuerySchema.safeParse({ include: 'pages' }).success).toBe(false)
    expect(StatsQuerySchema.parse({ _: '1717430400' })).toEqual({})
  })
})

describe('MCP tool inputs', () => {
  it('get_chunks defaults the budget and the engine', () => {
    expect(GetChunksInputSchema.parse({ url: pdfUrl })).toEqual({
      url: pdfUrl,
      chunkTokens: 512,
      mode: 'fast',
    })
    expect(GetChunksInputSchema.safeParse({ url: pdfUrl, chunkTokens: 10 }).success).toBe(false)
    expect(GetChunksInputSchema.safeParse({ url: pdfUrl, outputs: ['chunks'] }).success).toBe(false)
  })

  it('list_tables takes only a url', () => {
    expect(ListTablesInputSchema.parse({ url: pdfUrl })).toEqual({ url: pdfUrl })
    expect(ListTablesInputSchema.safeParse({ url: pdfUrl, mode: 'fast' }).success).toBe(false)
    expect(ListTablesInputSchema.safeParse({ url: 'gopher://example.com/q3.pdf' }).success).toBe(
      false,
    )
  })

  it('list_doc_links takes nothing', () => {
    expect(ListDocLinksInputSchema.parse({})).toEqual({})
    expect(ListDocLinksInputSchema.safeParse({ limit: 10 }).success).toBe(false)
  })

  it('get_doc_link_stats takes an id or slug and defaults includeVisits to false', () => {
    expect(GetDocLinkStatsInputSchema.parse({ id: 'q3-report' })).toEqual({
      id: 'q3-report',
      includeVisits: false,
    })
    expect(
      GetDocLinkStatsInputSchema.safeParse({ id: 'lnk_k3j9x2m4p7q8r5t6', includeVisits: true })
        .success,
    ).toBe(true)
    expect(GetDocLinkStatsInputSchema.safeParse({ id: 'Not A Slug' }).success).toBe(false)
  })

  it('revoke_doc_link needs an id', () => {
    expect(RevokeDocLinkInputSchema.safeParse({ id: 'lnk_k3j9x2m4p7q8r5t6' }).success).toBe(true)
    expect(RevokeDocLinkInputSchema.safeParse({}).success).toBe(false)
  })
})

describe('MCP tool results', () => {
  it('get_chunks returns chunks with the budget and source', () => {
    const result = {
      chunks: [
        {
          id: 'ch_0001',
          text: 'Revenue grew.',
          tokens: 4,
          page: 1,
          section: 'Results',
          elementIds: ['el_0002'],
        },
      ],
      chunkTokens: 512,
      source: { engine: 'fast', pages: 3 },
    }
    expect(GetChunksResultSchema.parse(result)).toEqual(result)
    expect(GetChunksResultSchema.safeParse({ ...result, chunkTokens: 0 }).success).toBe(false)
  })

  it('list_tables returns tables, or none with a warning', () => {
    const table = {
      page: 1,
      bbox: [72, 100, 300, 140],
      rows: 1,
      columns: 2,
      headerRows: 0,
      cells: [
        { row: 0, column: 0, rowSpan: 1, colSpan: 1, text: 'a', bbox: [72, 100, 186, 140] },
        { row: 0, column: 1, rowSpan: 1, colSpan: 1, text: 'b', bbox: [186, 100, 300, 140] },
      ],
    }
    expect(ListTablesResultSchema.safeParse({ tables: [table] }).success).toBe(true)
    expect(
      ListTablesResultSchema.safeParse({ tables: [], warnings: ['hybrid engine unavailable'] })
        .success,
    ).toBe(true)
    expect(ListTablesResultSchema.safeParse({ tables: [{ ...table, rows: 0 }] }).success).toBe(
      false,
    )
  })
})
