import type { Element } from '@pdfx/schema'
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
})
