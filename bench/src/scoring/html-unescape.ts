import { HTML5_ENTITIES } from './html-entities'

// Python's html.unescape, which the reference applies to attribute values and cell texts: the
// WHATWG rules for numeric references (Windows-1252 remapping of 0x80..0x9F, U+FFFD for
// surrogates and out-of-range values, nothing for non-characters) and longest-prefix matching
// of named references without their ';'.

/** Numeric references the WHATWG parser remaps (mostly Windows-1252 for 0x80..0x9F). */
export const REMAPPED_CHAR_REFS: ReadonlyMap<number, string> = new Map([
  [0x00, '\ufffd'],
  [0x0d, '\r'],
  [0x80, '\u20ac'],
  [0x81, '\x81'],
  [0x82, '\u201a'],
  [0x83, '\u0192'],
  [0x84, '\u201e'],
  [0x85, '\u2026'],
  [0x86, '\u2020'],
  [0x87, '\u2021'],
  [0x88, '\u02c6'],
  [0x89, '\u2030'],
  [0x8a, '\u0160'],
  [0x8b, '\u2039'],
  [0x8c, '\u0152'],
  [0x8d, '\x8d'],
  [0x8e, '\u017d'],
  [0x8f, '\x8f'],
  [0x90, '\x90'],
  [0x91, '\u2018'],
  [0x92, '\u2019'],
  [0x93, '\u201c'],
  [0x94, '\u201d'],
  [0x95, '\u2022'],
  [0x96, '\u2013'],
  [0x97, '\u2014'],
  [0x98, '\u02dc'],
  [0x99, '\u2122'],
  [0x9a, '\u0161'],
  [0x9b, '\u203a'],
  [0x9c, '\u0153'],
  [0x9d, '\x9d'],
  [0x9e, '\u017e'],
  [0x9f, '\u0178'],
])

function isDroppedCodePoint(code: number): boolean {
  return (
    (code >= 0x01 && code <= 0x08) ||
    code === 0x0b ||
    (code >= 0x0e && code <= 0x1f) ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0xfdd0 && code <= 0xfdef) ||
    (code & 0xfffe) === 0xfffe
  )
}

function numericReference(code: number): string {
  const remapped = REMAPPED_CHAR_REFS.get(code)
  if (remapped !== undefined) return remapped
  if ((code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return '\ufffd'
  if (isDroppedCodePoint(code)) return ''
  return String.fromCodePoint(code)
}

function namedReference(name: string): string {
  const exact = HTML5_ENTITIES.get(name)
  if (exact !== undefined) return exact
  const chars = Array.from(name)
  for (let length = chars.length - 1; length > 1; length--) {
    const prefix = chars.slice(0, length).join('')
    const value = HTML5_ENTITIES.get(prefix)
    if (value !== undefined) return value + chars.slice(length).join('')
  }
  return `&${name}`
}

const CHAR_REF = /&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?)/gu

/** Python's `html.unescape`: decodes named and numeric character references the HTML5 way. */
export function unescapeHtml(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(CHAR_REF, (_, body: string) => {
    if (body[0] !== '#') return namedReference(body)
    const digits = body.endsWith(';') ? body.slice(1, -1) : body.slice(1)
    const hex = digits[0] === 'x' || digits[0] === 'X'
    return numericReference(hex ? Number.parseInt(digits.slice(1), 16) : Number(digits))
  })
}
