import { describe, expect, it } from 'vitest'
import { classifyBlocks, measureText } from './classify.js'
import { block } from './test-helpers.js'
import type { PageLayout } from './types.js'

function page(blocks: PageLayout['blocks']): PageLayout {
  return {
    number: 1,
    width: 600,
    height: 800,
    blocks,
    chars: 1,
    unreliableChars: 0,
    cleanLayout: true,
  }
}

const BODY = [
  'body text that goes on for a while and fills the line',
  'and continues on a second line of the same paragraph',
]

describe('classifyBlocks', () => {
  it('ranks larger short blocks as headings by size and leaves body text as paragraphs', () => {
    const layout = page([
      block(['Annual report'], 10, 100, { fontSize: 24 }),
      block(['Results'], 10, 150, { fontSize: 16 }),
      block(BODY, 10, 200),
    ])
    classifyBlocks([layout], measureText([layout]), [])
    expect(layout.blocks.map((b) => [b.kind, b.level])).toEqual([
      ['heading', 1],
      ['heading', 2],
      ['paragraph', undefined],
    ])
  })

  it('takes levels from the outline when a block matches an entry', () => {
    const layout = page([block(['Scope'], 10, 150), block(BODY, 10, 200)])
    classifyBlocks([layout], measureText([layout]), [{ title: 'Scope', depth: 2 }])
    expect(layout.blocks[0]).toMatchObject({ kind: 'heading', level: 2 })
  })

  it('recognises list items, captions and footnotes, and moves footnotes after the body', () => {
    const layout = page([
      block(['1 A note at the foot of the page.'], 10, 700, { fontSize: 7 }),
      block(['• first point'], 10, 100),
      block(['Figure 3. Rainfall by month'], 10, 300),
      block(BODY, 10, 400),
    ])
    classifyBlocks([layout], measureText([layout]), [])
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'list-item',
      'caption',
      'paragraph',
      'footnote',
    ])
  })

  it('does not make a heading of a line sharing its baseline with another block', () => {
    const layout = page([
      block(['Contents entry'], 10, 150, { fontSize: 14 }),
      block(['12'], 500, 150),
      block(BODY, 10, 200),
    ])
    classifyBlocks([layout], measureText([layout]), [])
    expect(layout.blocks[0]?.kind).toBe('paragraph')
  })

  it('takes a numbered line in capitals for a heading although it is set a little smaller', () => {
    const layout = page([
      block(['3. RECOLLECTION OF NATIONAL INITIATIVES'], 10, 100, { fontSize: 9, fontId: 'f2' }),
      block(BODY, 10, 150),
      block(['RECOLLECTION OF INITIATIVES'], 10, 300, { fontSize: 9, fontId: 'f2' }),
      block(BODY, 10, 350),
    ])
    classifyBlocks([layout], measureText([layout]), [])
    // Without its number, a smaller line in capitals stays running text.
    expect(layout.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'paragraph',
    ])
  })

  it('keeps only the title of a table of contents as a heading', () => {
    const entries = ['Introduction', 'Methods', 'Results', 'Discussion', 'Outlook', 'Annex A']
    const blocks = [block(['Contents'], 10, 60, { fontSize: 20 })]
    entries.forEach((entry, i) => {
      blocks.push(block([entry], 10, 100 + i * 60))
      blocks.push(block([String(i * 4 + 1)], 500, 100 + i * 60))
    })
    blocks.push(block(['Part II. Appendices'], 10, 500, { fontSize: 14 }))
    blocks.push(block(['Appendix B 31'], 10, 540), block(['Appendix C 35'], 10, 580))
    const layout = page(blocks)
    classifyBlocks([layout], measureText([layout]), [])
    expect(layout.blocks.filter((b) => b.kind === 'heading').map((b) => b.lines[0]?.text)).toEqual([
      'Contents',
    ])
  })

  it('takes a larger numbered line near the top edge for a heading, not a running head', () => {
    const layout = page([
      block(['5. The dynamics'], 10, 40, { fontSize: 11, fontId: 'f2' }),
      block(BODY, 10, 80),
      block(['Combinatorial Cosmology'], 10, 20),
    ])
    classifyBlocks([layout], measureText([layout]), [])
    expect(layout.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'paragraph'])
  })

  it('makes a caption of "Table 13.2. ..." however large it is set', () => {
    const layout = page([
      block(['Table 13.2. Effect of cations on flocculation.'], 10, 100, { fontSize: 16 }),
      block(['Activity 4. Determining the exchange capacity.'], 10, 300, { fontSize: 16 }),
      block(BODY, 10, 350),
    ])
    classifyBlocks([layout], measureText([layout]), [])
    expect(layout.blocks.map((b) => b.kind)).toEqual(['caption', 'heading', 'paragraph'])
  })
})
