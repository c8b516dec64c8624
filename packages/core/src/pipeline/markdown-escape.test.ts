import { describe, expect, it } from 'vitest'
import { codeFence, escapeInline } from './markdown-escape.js'
import { renderedText } from './test-helpers.js'

describe('escapeInline', () => {
  it.each([
    'Write the name to <filename> and close it with </b> tags',
    'a <!-- comment --> and <?php echo 1 ?> and <![CDATA[ x ]]> in prose',
    'Copyright &copy; 2001, also written &#169; or &#xA9;',
    'match C:\\*.txt or \\_name but keep C:\\Users as it is',
  ])('renders %j as the same characters', (text) => {
    expect(renderedText(escapeInline(text))).toBe(text)
  })

  it('leaves text that renders as itself unchanged', () => {
    for (const text of [
      'a < b, x<y and <Re<4000',
      'AT&T and R&D',
      '<https://example.org>',
      'C:\\temp',
    ]) {
      expect(escapeInline(text)).toBe(text)
    }
  })
})

describe('codeFence', () => {
  it('is longer than any run of backticks in the code', () => {
    const code = 'echo ```\nx = `y`'
    const fence = codeFence(code)
    expect(fence).toBe('````')
    expect(renderedText(`${fence}\n${code}\n${fence}`)).toBe(code)
  })

  it('is three backticks for code without them', () => {
    expect(codeFence('npm test')).toBe('```')
  })
})
