import { describe, expect, it } from 'vitest'
import { parseCsv } from './read-csv'

// Expected rows are what Python's csv.reader(open(path, newline='')) returns for the same text.
describe('parseCsv', () => {
  it('splits plain fields and keeps empty ones, with any line ending', () => {
    expect(parseCsv('a,b,\r\n,c\nd\re\n')).toEqual([['a', 'b', ''], ['', 'c'], ['d'], ['e']])
  })

  it('reads quoted fields with commas, doubled quotes and embedded line breaks', () => {
    expect(parseCsv('"x, y","say ""hi""","two\r\nlines"\r\nz\r\n')).toEqual([
      ['x, y', 'say "hi"', 'two\r\nlines'],
      ['z'],
    ])
  })

  it('returns an empty row for an empty line and nothing for an empty file', () => {
    expect(parseCsv('a\n\nb')).toEqual([['a'], [], ['b']])
    expect(parseCsv('')).toEqual([])
  })

  it('repairs like the non-strict reader: quotes inside a field and text after a closing quote', () => {
    expect(parseCsv('a"b,"c"d,"e\n')).toEqual([['a"b', 'cd', 'e\n']])
  })

  it('keeps spaces around fields and a byte-order mark as text', () => {
    expect(parseCsv('\ufeff a , b\n')).toEqual([['\ufeff a ', ' b']])
  })
})
