import { describe, expect, it } from 'vitest'
import { escapeHtml, jsonForHtml, renderGonePage } from './viewer-page.js'

describe('viewer page templates', () => {
  it('escape text for element content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;',
    )
  })

  it('write JSON that cannot leave its script element and still parses to the same data', () => {
    const value = { name: '</script><!-- <script>\u2028&', n: 1 }
    const json = jsonForHtml(value)
    expect(json).not.toMatch(/[<>&\u2028]/)
    expect(JSON.parse(json)).toEqual(value)
  })

  it('tell an expired link from a missing one', () => {
    expect(renderGonePage('expired', { viewerCss: '/a.css' })).toContain('Link expired')
    expect(renderGonePage('not_found', { viewerCss: '/a.css' })).toContain('no longer available')
  })
})
