import { describe, expect, it } from 'vitest'
import { codePointLength, toCodePoints } from './code-points'

describe('code points', () => {
  it('counts an astral character once, as Python does', () => {
    expect(codePointLength('a😀b')).toBe(3)
    expect([...toCodePoints('a😀b')]).toEqual([0x61, 0x1f600, 0x62])
  })

  it('keeps a lone surrogate as its own code point', () => {
    expect([...toCodePoints('\ud800x\udc00')]).toEqual([0xd800, 0x78, 0xdc00])
    expect(codePointLength('\ud800')).toBe(1)
  })
})
