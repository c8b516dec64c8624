import { describe, expect, it } from 'vitest'
import { formatMarkdownTable } from './markdown-table'

describe('formatMarkdownTable', () => {
  it('aligns numbers right and escapes pipes', () => {
    const table = formatMarkdownTable(
      [
        { title: 'tool', align: 'left' },
        { title: 'pages/s', align: 'right' },
      ],
      [['a|b', '1.5'], ['c']],
    )
    expect(table).toBe(
      ['| tool | pages/s |', '| --- | ---: |', '| a\\|b | 1.5 |', '| c |  |'].join('\n'),
    )
  })
})
