import { describe, expect, it } from 'vitest'
import { isPyWhitespace, squashWhitespace, stripPy } from './whitespace'

describe('squashWhitespace', () => {
  it('collapses runs to one space and trims', () => {
    expect(squashWhitespace('  a \n\t b\r\n\nc  ')).toBe('a b c')
  })

  it("uses Python's whitespace set, not JavaScript's", () => {
    // U+001C..U+001F and U+0085 are whitespace to Python; U+FEFF is not
    expect(squashWhitespace('a\x1cb\x1fc\x85d\u3000e')).toBe('a b c d e')
    expect(squashWhitespace('a\ufeffb')).toBe('a\ufeffb')
  })
})

describe('stripPy', () => {
  it('strips Python whitespace only', () => {
    expect(stripPy('\x85 x \u2028')).toBe('x')
    expect(stripPy('\ufeffx')).toBe('\ufeffx')
  })
})

describe('isPyWhitespace', () => {
  it('agrees with the regex class on every BMP code point', () => {
    const mismatches: number[] = []
    for (let code = 0; code < 0x10000; code++) {
      const viaRegex = squashWhitespace(`a${String.fromCharCode(code)}b`) === 'a b'
      if (viaRegex !== isPyWhitespace(code) && !(code >= 0xd800 && code <= 0xdfff))
        mismatches.push(code)
    }
    expect(mismatches).toEqual([])
  })
})
