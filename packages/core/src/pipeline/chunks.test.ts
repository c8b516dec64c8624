import type { Element, Table } from '@pdfx/schema'
import { describe, expect, it } from 'vitest'
import { chunkElements } from './chunks.js'
import { countTokens } from './tokens.js'

const sentence = 'The river rose by two metres overnight and the lower road was closed. '

describe('chunkElements', () => {
  it('starts a new chunk at each heading and records the section', () => {
    const elements: Element[] = [
      { id: 'el_0001', type: 'heading', page: 1, text: 'Flood', level: 1 },
      { id: 'el_0002', type: 'paragraph', page: 1, text: sentence },
      { id: 'el_0003', type: 'heading', page: 2, text: 'Repairs', level: 1 },
      { id: 'el_0004', type: 'paragraph', page: 2, text: sentence },
      { id: 'el_0005', type: 'footer', page: 2, text: '2' },
    ]
    const chunks = chunkElements(elements, { tokens: 512 })
    expect(chunks.map((chunk) => [chunk.id, chunk.section, chunk.page, chunk.elementIds])).toEqual([
      ['ch_0001', 'Flood', 1, ['el_0001', 'el_0002']],
      ['ch_0002', 'Repairs', 2, ['el_0003', 'el_0004']],
    ])
    expect(chunks[0]?.tokens).toBe(countTokens(chunks[0]?.text ?? ''))
  })

  it('splits an element larger than the budget at sentence boundaries', () => {
    const elements: Element[] = [
      { id: 'el_0001', type: 'paragraph', page: 1, text: sentence.repeat(20).trim() },
    ]
    const chunks = chunkElements(elements, { tokens: 40 })
    expect(chunks.length).toBeGreaterThan(5)
    for (const chunk of chunks) {
      expect(chunk.tokens).toBeLessThanOrEqual(40)
      expect(chunk.text.endsWith('.')).toBe(true)
    }
  })

  it('splits Chinese text larger than the budget after its full stops, adding no spaces', () => {
    const zh = '与上一年相比，用水量增长了百分之十二，主要集中在炎热的夏季月份。'
    const elements: Element[] = [{ id: 'el_0001', type: 'paragraph', page: 1, text: zh.repeat(12) }]
    const chunks = chunkElements(elements, { tokens: 60 })
    expect(chunks.length).toBeGreaterThan(2)
    for (const chunk of chunks) {
      expect(chunk.tokens).toBeLessThanOrEqual(60)
      expect(chunk.text.endsWith('。')).toBe(true)
      expect(chunk.text).not.toContain(' ')
    }
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(zh.repeat(12))
  })

  it('keeps headings in a row with the text under them, never in a chunk alone', () => {
    const elements: Element[] = [
      { id: 'el_0001', type: 'heading', page: 1, text: 'Annual report', level: 1 },
      { id: 'el_0002', type: 'heading', page: 1, text: 'Highlights', level: 2 },
      { id: 'el_0003', type: 'paragraph', page: 1, text: sentence.repeat(3).trim() },
      { id: 'el_0004', type: 'heading', page: 2, text: 'Appendix', level: 1 },
    ]
    // The budget leaves the paragraph just room enough beside its headings: it splits to fit.
    const chunks = chunkElements(elements, { tokens: 30 })
    expect(chunks[0]?.text.startsWith('# Annual report\n\n## Highlights\n\nThe river')).toBe(true)
    expect(chunks[0]?.section).toBe('Highlights')
    for (const chunk of chunks) expect(chunk.tokens).toBeLessThanOrEqual(30)
    // Only headings the document ends with stand alone.
    expect(chunks.map((chunk) => chunk.text.startsWith('#'))).toEqual([
      true,
      ...chunks.slice(1, -1).map(() => false),
      true,
    ])
    expect(chunks[chunks.length - 1]?.text).toBe('# Appendix')
  })

  it('splits a table larger than the budget between its rows, each part under its header', () => {
    const rows = 40
    const table: Table = {
      page: 1,
      bbox: [0, 0, 100, 100],
      rows,
      columns: 2,
      headerRows: 1,
      cells: Array.from({ length: rows }, (_, row) =>
        [
          row === 0 ? 'Station' : `Gauge ${row} at the lower weir`,
          row === 0 ? 'Level' : `${row}.5 m`,
        ].map((text, column) => ({
          row,
          column,
          rowSpan: 1,
          colSpan: 1,
          text,
          bbox: [0, 0, 1, 1] as [number, number, number, number],
        })),
      ).flat(),
    }
    const elements: Element[] = [{ id: 'el_0001', type: 'table', page: 1, text: '', table }]
    const chunks = chunkElements(elements, { tokens: 80 })
    expect(chunks.length).toBeGreaterThan(3)
    const body: string[] = []
    for (const chunk of chunks) {
      expect(chunk.tokens).toBeLessThanOrEqual(80)
      const [head, rule, ...lines] = chunk.text.split('\n')
      expect([head, rule]).toEqual(['| Station | Level |', '| --- | --- |'])
      body.push(...lines)
    }
    expect(body).toEqual(
      Array.from(
        { length: rows - 1 },
        (_, i) => `| Gauge ${i + 1} at the lower weir | ${i + 1}.5 m |`,
      ),
    )
  })

  it('splits a table without header rows between its rows too', () => {
    const rows = 40
    const table: Table = {
      page: 1,
      bbox: [0, 0, 100, 100],
      rows,
      columns: 1,
      headerRows: 0,
      cells: Array.from({ length: rows }, (_, row) => ({
        row,
        column: 0,
        rowSpan: 1,
        colSpan: 1,
        text: `Gauge ${row} at the lower weir reads ${row}.5 m`,
        bbox: [0, 0, 1, 1] as [number, number, number, number],
      })),
    }
    const chunks = chunkElements([{ id: 'el_0001', type: 'table', page: 1, text: '', table }], {
      tokens: 60,
    })
    expect(chunks.length).toBeGreaterThan(3)
    for (const chunk of chunks) expect(chunk.tokens).toBeLessThanOrEqual(60)
    expect(chunks.map((chunk) => chunk.text).join('\n')).toContain('Gauge 39 at the lower weir')
  })
})
