import { describe, expect, it } from 'vitest'
import { filenameOf } from '../../src/fetch/filename.js'

const url = new URL('https://example.com/files/annual%20report.pdf?download=1')

describe('filenameOf', () => {
  it.each([
    ['attachment; filename="q3.pdf"', 'q3.pdf'],
    ['attachment; filename=q3.pdf', 'q3.pdf'],
    ['inline; filename="say \\"hi\\".pdf"', 'say "hi".pdf'],
    ['attachment; filename="fallback.pdf"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf', 'résumé.pdf'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\x.pdf"', 'x.pdf'],
    ['attachment; filename="a\u0007b.pdf"', 'ab.pdf'],
  ])('reads %j as %j', (header, name) => {
    expect(filenameOf(header, url)).toBe(name)
  })

  it('falls back to the decoded last path segment', () => {
    expect(filenameOf(null, url)).toBe('annual report.pdf')
    expect(filenameOf('attachment', url)).toBe('annual report.pdf')
    expect(filenameOf('attachment; filename=".."', url)).toBe('annual report.pdf')
  })

  it('gives no name when neither has one', () => {
    expect(filenameOf(null, new URL('https://example.com/'))).toBeUndefined()
    expect(filenameOf(null, new URL('https://example.com/%E0%A4%A.pdf'))).toBeUndefined()
  })
})
