import { describe, expect, it } from 'vitest'
import { composeNegations, composeSpacingAccents, normalizeText } from './text-normalize.js'

describe('normalizeText', () => {
  it('expands ligatures and plain-spaces exotic spaces', () => {
    expect(normalizeText('\uFB01nal e\uFB00ort\u00A0now').text).toBe('final effort now')
  })

  it('reads Arabic and Hebrew presentation forms as the letters they show', () => {
    // "المياه" as Chromium draws it: each letter in the shape its place in the word gives it.
    expect(normalizeText('\uFE8D\uFEDF\uFEE4\uFEF4\uFE8E\u0647').text).toBe('المياه')
    expect(normalizeText('\uFEF9').text).toBe('لإ') // lam with alef, one glyph
    expect(normalizeText('\uFB2A').text).toBe('\u05E9\u05C1') // shin with its dot
  })

  it("reads a Thai font's shifted marks as the marks they show, and Sara Am as one letter", () => {
    // "ส่วน" with its tone mark from the private-use glyphs; "น้ำ" drawn as น, ํ, ้, า.
    expect(normalizeText('ส\uF70Aวน')).toEqual({ text: 'ส่วน', unreliable: 0 })
    expect(normalizeText('น\u0E4D\u0E49\u0E32 ดํา').text).toBe('น้ำ ดำ')
    // An icon font's glyph in that range, beside no Thai letter, is no mark.
    expect(normalizeText('Menu \uF70A')).toEqual({ text: 'Menu ', unreliable: 1 })
  })

  it('folds typographic quotes, en dashes and the ellipsis to ASCII, and keeps the em dash', () => {
    expect(normalizeText('\u201CIt\u2019s 1999\u20132001\u2026\u201D').text).toBe(
      '"It\'s 1999-2001..."',
    )
    expect(normalizeText('a moment\u2014just one\u2014of').text).toBe(
      'a moment\u2014just one\u2014of',
    )
  })

  it('drops glyphs without Unicode and counts them', () => {
    expect(normalizeText('\u001f\u001eabc\uFFFD\uE001')).toEqual({ text: 'abc', unreliable: 4 })
  })

  it('keeps a soft hyphen only at the end', () => {
    expect(normalizeText('co\u00ADop\u00AD').text).toBe('coop\u00AD')
  })
})

describe('composeSpacingAccents', () => {
  it('sets an accent drawn as a glyph of its own onto the letter after it', () => {
    expect(composeSpacingAccents('a na\u00A8\u0131ve implementation')).toBe(
      'a naïve implementation',
    )
    expect(composeSpacingAccents('see B\u00A8orsch and \u00B4ecole, Se\u02C7cuan')).toBe(
      'see Börsch and école, Sečuan',
    )
  })

  it('sets acutes on consonants, and graves, double acutes, dots and macrons, as TeX draws them', () => {
    expect(
      composeSpacingAccents(
        'Petrovi\u00B4c, Wi\u00B4sniewski, Lef`evre, cr`eme, Erd\u02DDos, \u02D9Zory, T\u00AFoky\u00AFo',
      ),
    ).toBe('Petrović, Wiśniewski, Lefèvre, crème, Erdős, Żory, Tōkyō')
    // A cedilla goes onto the letter after it, or else onto the letter it hangs from.
    expect(composeSpacingAccents('Fran\u00B8cois and S\u00B8ahin')).toBe('François and Şahin')
  })

  it('leaves an acute that stands for an apostrophe, and a backtick', () => {
    expect(composeSpacingAccents('Don\u00B4t say it\u00B4s, we\u00B4re `echo`')).toBe(
      'Don\u00B4t say it\u00B4s, we\u00B4re `echo`',
    )
  })
})

describe('composeNegations', () => {
  it("sets TeX's negating slash onto the relation after it, where the two make one sign", () => {
    expect(composeNegations('where a \u0338 = 0 and x \u0338\u2208 S')).toBe(
      'where a ≠ 0 and x ∉ S',
    )
    // A slash over a letter makes no sign: it stays as drawn.
    expect(composeNegations('the set \u0338A')).toBe('the set \u0338A')
  })
})
