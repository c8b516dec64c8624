import { describe, expect, it } from 'vitest'
import { HTML4_ENTITIES, HTML5_ENTITIES } from './html-entities'

describe('entity tables', () => {
  it('hold the full HTML5 and HTML 4.01 lists', () => {
    expect(HTML5_ENTITIES.size).toBe(2231)
    expect(HTML4_ENTITIES.size).toBe(252)
  })

  it('decode to the right text, multi-code-point ones included', () => {
    expect(HTML5_ENTITIES.get('amp')).toBe('&')
    expect(HTML5_ENTITIES.get('NotEqualTilde;')).toBe('\u2242\u0338')
    expect(HTML5_ENTITIES.get('Afr;')).toBe('\u{1d504}')
    // HTML 4 and HTML5 disagree on the angle brackets; libxml2 uses the HTML 4 ones
    expect(HTML4_ENTITIES.get('lang')).toBe('\u2329')
    expect(HTML5_ENTITIES.get('lang;')).toBe('\u27e8')
  })
})
