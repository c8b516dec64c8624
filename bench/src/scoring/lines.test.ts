import { describe, expect, it } from 'vitest'
import { splitLines } from './lines'

describe('splitLines', () => {
  it('splits like str.splitlines(), with no empty last line', () => {
    expect(splitLines('a\nb\r\nc\rd\n')).toEqual(['a', 'b', 'c', 'd'])
    expect(splitLines('')).toEqual([])
    expect(splitLines('\n\n')).toEqual(['', ''])
  })

  it('breaks at the other Unicode line boundaries too', () => {
    expect(splitLines('a\vb\fc\x1cd\x1ee\x85f\u2028g\u2029h\x1fi')).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h\x1fi',
    ])
  })

  it('keeps the line ends when asked', () => {
    expect(splitLines('a\r\nb\u2028c', true)).toEqual(['a\r\n', 'b\u2028', 'c'])
  })
})
