import { describe, expect, it } from 'vitest'
import { normalizeText } from './text-normalize.js'

describe('normalizeText', () => {
  it('expands ligatures and plain-spaces exotic spaces', () => {
    expect(normalizeText('\uFB01nal e\uFB00ort\u00A0now').text).toBe('final effort now')
  })

  it('folds typographic quotes, dashes and the ellipsis to ASCII', () => {
    expect(normalizeText('\u201CIt\u2019s 1999\u20132001\u2026\u201D').text).toBe(
      '"It\'s 1999-2001..."',
    )
  })

  it('drops glyphs without Unicode and counts them', () => {
    expect(normalizeText('\u001f\u001eabc\uFFFD\uE001')).toEqual({ text: 'abc', unreliable: 4 })
  })

  it('keeps a soft hyphen only at the end', () => {
    expect(normalizeText('co\u00ADop\u00AD').text).toBe('coop\u00AD')
  })
})
