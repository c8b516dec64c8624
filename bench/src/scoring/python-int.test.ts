import { describe, expect, it } from 'vitest'
import { parsePythonInt } from './python-int'

describe('parsePythonInt', () => {
  it('accepts what int() accepts', () => {
    expect(parsePythonInt(' 2 ')).toBe(2)
    expect(parsePythonInt('+02')).toBe(2)
    expect(parsePythonInt('-3')).toBe(-3)
    expect(parsePythonInt('1_0')).toBe(10)
    expect(parsePythonInt('\u0663')).toBe(3) // ARABIC-INDIC DIGIT THREE
    expect(parsePythonInt('\u{1d7d0}')).toBe(2) // MATHEMATICAL BOLD DIGIT TWO
  })

  it('throws on what int() rejects', () => {
    for (const text of ['', 'x', '2.0', '1__0', '_1', '2"'])
      expect(() => parsePythonInt(text)).toThrow('invalid literal')
  })
})
