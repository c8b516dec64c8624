import { describe, expect, it } from 'vitest'
import { unescapeHtml } from './html-unescape'

describe('unescapeHtml', () => {
  it("decodes like Python's html.unescape", () => {
    // expected string from Python 3.11's html.unescape on the same input
    const input =
      '&amp; &amp &notit; &notin; &ampx &#65; &#x41; &#150; &#0; &#xD800; &#x110000; &#xFFFE; &#13; &#x1F600; &unknown; &#; &lang;'
    expect(unescapeHtml(input)).toBe(
      '& & \u00acit; \u2209 &x A A \u2013 \ufffd \ufffd \ufffd  \r \u{1f600} &unknown; &#; \u27e8',
    )
  })

  it('returns text without references unchanged', () => {
    expect(unescapeHtml('plain <b>')).toBe('plain <b>')
  })
})
