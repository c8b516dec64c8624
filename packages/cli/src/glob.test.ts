import { describe, expect, it } from 'vitest'
import { globDepth, globToRegExp, hasGlobMagic, splitGlob } from './glob.js'

/** The paths, relative to where the pattern starts, that it matches. */
function matches(pattern: string, paths: string[]): string[] {
  const regExp = globToRegExp(pattern.split('/'))
  return paths.filter((path) => regExp.test(path))
}

describe('glob', () => {
  it('splits a pattern at its first segment with magic', () => {
    expect(splitGlob('docs/2024/*.pdf')).toEqual({ base: 'docs/2024', segments: ['*.pdf'] })
    expect(splitGlob('*.pdf')).toEqual({ base: '.', segments: ['*.pdf'] })
    expect(splitGlob('/srv/**/x.pdf')).toEqual({ base: '/srv', segments: ['**', 'x.pdf'] })
    expect(hasGlobMagic('plain/report.pdf')).toBe(false)
  })

  it('keeps * and ? within a folder name, lets ** span folders', () => {
    const paths = ['a.pdf', 'b.txt', 'sub/c.pdf', 'sub/deep/d.pdf', 'ab.pdf']
    expect(matches('*.pdf', paths)).toEqual(['a.pdf', 'ab.pdf'])
    expect(matches('?.pdf', paths)).toEqual(['a.pdf'])
    expect(matches('**/*.pdf', paths)).toEqual(['a.pdf', 'sub/c.pdf', 'sub/deep/d.pdf', 'ab.pdf'])
    expect(matches('sub/**', paths)).toEqual(['sub/c.pdf', 'sub/deep/d.pdf'])
    expect(globDepth(['*.pdf'])).toBe(1)
    expect(globDepth(['**', '*.pdf'])).toBe(Number.POSITIVE_INFINITY)
  })

  it('understands classes, negated classes, alternatives and escapes', () => {
    const paths = ['a1.pdf', 'a2.pdf', 'b1.pdf', 'c.md', 'c.pdf', '*.pdf']
    expect(matches('a[12].pdf', paths)).toEqual(['a1.pdf', 'a2.pdf'])
    expect(matches('[!a]*.pdf', paths)).toEqual(['b1.pdf', 'c.pdf', '*.pdf'])
    expect(matches('c.{md,pdf}', paths)).toEqual(['c.md', 'c.pdf'])
    expect(matches('\\*.pdf', paths)).toEqual(['*.pdf'])
    expect(matches('{a{1,2},b1}.pdf', paths)).toEqual(['a1.pdf', 'a2.pdf', 'b1.pdf'])
  })

  it('takes an unclosed bracket or brace literally', () => {
    expect(matches('a[1.pdf', ['a[1.pdf', 'a1.pdf'])).toEqual(['a[1.pdf'])
    expect(matches('{a.pdf', ['{a.pdf', 'a.pdf'])).toEqual(['{a.pdf'])
  })
})
