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
})
