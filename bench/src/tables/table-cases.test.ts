import { describe, expect, it } from 'vitest'
import { parseTableIndex } from './table-cases'

describe('parseTableIndex', () => {
  it('reads the columns by name, with CRLF line ends and blank lines', () => {
    const text =
      'source\tcase\tpdf\tpage\trows\tcols\tkind\tasserted_by\r\n' +
      'icdar2013\teu-003_t1\ticdar2013/eu-003.pdf\t1\t3\t3\thuman-GT\tstr.xml\r\n' +
      '\r\n' +
      'pdfplumber\tissue-140\tpdfplumber/issue-140-example.pdf\t2\t\t\tpartial: row -1\tt.py\r\n'
    expect(parseTableIndex(text)).toEqual([
      {
        source: 'icdar2013',
        case: 'eu-003_t1',
        pdf: 'icdar2013/eu-003.pdf',
        page: 1,
        rows: '3',
        cols: '3',
        kind: 'human-GT',
      },
      {
        source: 'pdfplumber',
        case: 'issue-140',
        pdf: 'pdfplumber/issue-140-example.pdf',
        page: 2,
        rows: '',
        cols: '',
        kind: 'partial: row -1',
      },
    ])
  })
})
