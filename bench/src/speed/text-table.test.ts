import { describe, expect, it } from 'vitest'
import { formatTable } from './text-table'

describe('formatTable', () => {
  it('pads text to the left and numbers to the right, with a rule under the headings', () => {
    const table = formatTable(
      [
        { title: 'reader', align: 'left' },
        { title: 'pages/s', align: 'right' },
      ],
      [
        ['pdf.js', '55.0'],
        ['extract fast', '9.5'],
      ],
    )
    expect(table).toBe(
      [
        'reader        pages/s',
        '------------  -------',
        'pdf.js           55.0',
        'extract fast      9.5',
      ].join('\n'),
    )
  })
})
