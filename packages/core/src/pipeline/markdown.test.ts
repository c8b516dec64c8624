import type { Element, Table } from '@pdfx/schema'
import { describe, expect, it } from 'vitest'
import { toMarkdown } from './markdown.js'
import { renderedText } from './test-helpers.js'

describe('toMarkdown', () => {
  it('renders headings, lists, code and paragraphs separated by blank lines', () => {
    const markdown = toMarkdown([
      { id: 'el_0001', type: 'heading', page: 1, text: 'Setup', level: 2 },
      { id: 'el_0002', type: 'paragraph', page: 1, text: '#1 is the first issue.' },
      { id: 'el_0003', type: 'list', page: 1, text: '- one\n  - two', items: ['one', 'two'] },
      { id: 'el_0004', type: 'code', page: 1, text: 'npm test' },
      { id: 'el_0005', type: 'footer', page: 1, text: '3' },
    ])
    expect(markdown).toBe(
      '## Setup\n\n\\#1 is the first issue.\n\n- one\n  - two\n\n```\nnpm test\n```\n',
    )
  })

  it('keeps furniture on request and renders nothing for no elements', () => {
    expect(
      toMarkdown([{ id: 'el_0001', type: 'header', page: 1, text: 'Draft' }], {
        keepFurniture: true,
      }),
    ).toBe('Draft\n')
    expect(toMarkdown([])).toBe('')
  })

  it('renders the text of every kind of element as the PDF has it', () => {
    const texts = {
      heading: 'Options of <command> #',
      paragraph: '# of rows in <table> & &amp; C:\\*',
      list: '- set <id> first',
      code: 'say ```hi```',
      caption: '<figure> 1',
    }
    const markdown = toMarkdown(
      Object.entries(texts).map(([type, text], index) => ({
        id: `el_000${index + 1}`,
        type: type as 'heading',
        page: 1,
        text,
        level: 2,
      })),
    )
    expect(renderedText(markdown).split('\n')).toEqual([
      texts.heading,
      texts.paragraph,
      'set <id> first',
      texts.code,
      texts.caption,
    ])
  })

  it('renders a paragraph or note that opens like a list item, a rule or a fence as its text', () => {
    const texts = [
      '* University of Somewhere',
      '- 5 degrees overnight',
      '+ 2 more',
      '---',
      '* * *',
      '```',
      '12.5 million people',
      '___ Date',
    ]
    const markdown = toMarkdown(
      texts.map((text, index) => ({
        id: `el_000${index + 1}`,
        type: index === 0 ? 'footnote' : 'paragraph',
        page: 1,
        text,
      })),
    )
    expect(renderedText(markdown).split('\n')).toEqual(texts)
  })

  it('renders a table continued on the next page as one table, without its repeated header', () => {
    const first = tableElement(1, [
      ['Region', 'Sales'],
      ['North', '10'],
    ])
    const second = tableElement(2, [
      ['Region', 'Sales'],
      ['South', '12'],
      ['East', '7'],
    ])
    const markdown = toMarkdown([
      first,
      { id: 'el_0002', type: 'footnote', page: 1, text: '1 Estimated.' },
      { id: 'el_0003', type: 'footer', page: 1, text: '4' },
      { ...second, continued: true, table: { ...(second.table as Table), headerRows: 1 } },
      { id: 'el_0005', type: 'paragraph', page: 2, text: 'Sales rose.' },
    ])
    expect(markdown).toBe(
      [
        '| Region | Sales |\n| --- | --- |\n| North | 10 |\n| South | 12 |\n| East | 7 |',
        '1 Estimated.',
        'Sales rose.\n',
      ].join('\n\n'),
    )
    // A first row that repeats no header stays, whatever header the continuation was given.
    const fresh = { ...tableElement(2, [['South', '12']]), continued: true }
    expect(toMarkdown([first, fresh])).toBe(
      '| Region | Sales |\n| --- | --- |\n| North | 10 |\n| South | 12 |\n',
    )
  })

  it("leaves out a table's caption repeated over its continuation, and only there", () => {
    const caption = (text: string, page: number): Element => ({
      id: `el_c${page}`,
      type: 'caption',
      page,
      text,
    })
    const first = tableElement(1, [
      ['Region', 'Sales'],
      ['North', '10'],
    ])
    const next = { ...tableElement(2, [['South', '12']]), continued: true }
    const joined = toMarkdown([
      caption('Table 2: Sales by region', 1),
      first,
      caption('Table 2 (continued)', 2),
      next,
    ])
    expect(joined).toBe(
      'Table 2: Sales by region\n\n| Region | Sales |\n| --- | --- |\n| North | 10 |\n| South | 12 |\n',
    )
    // Followed by no continuation, the caption stays.
    const paragraph: Element = { id: 'el_p', type: 'paragraph', page: 2, text: 'Sales rose.' }
    expect(
      toMarkdown([
        caption('Table 2: Sales', 1),
        first,
        caption('Table 2 (continued)', 2),
        paragraph,
      ]),
    ).toContain('Table 2 (continued)\n\nSales rose.')
  })

  it('keeps a continuation apart when body text or another grid lies between', () => {
    const first = tableElement(1, [['a', 'b']])
    const next = { ...tableElement(2, [['c', 'd']]), continued: true }
    const between: Element = { id: 'el_0009', type: 'paragraph', page: 2, text: 'Note.' }
    expect(toMarkdown([first, between, next]).match(/^\| --- /gm)).toHaveLength(2)
    const wider = { ...tableElement(2, [['c', 'd', 'e']]), continued: true }
    expect(toMarkdown([first, wider]).match(/^\| --- /gm)).toHaveLength(2)
  })
})

function tableElement(page: number, rows: string[][]): Element {
  const columns = (rows[0] as string[]).length
  const table: Table = {
    page,
    bbox: [72, 72, 540, 300],
    rows: rows.length,
    columns,
    headerRows: 1,
    cells: rows.flatMap((cells, row) =>
      cells.map((text, column) => {
        const bbox: Table['bbox'] = [
          72 + column * 100,
          72 + row * 20,
          172 + column * 100,
          92 + row * 20,
        ]
        return { row, column, rowSpan: 1, colSpan: 1, text, bbox }
      }),
    ),
  }
  return { id: `el_000${page}`, type: 'table', page, text: rows.join('\n'), table }
}
