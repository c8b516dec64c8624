import { describe, expect, it } from 'vitest'
import { sequenceRatio } from './difflib-ratio'

// Expected values were computed once with CPython 3.11.7:
//   python3 -c "import difflib; print(repr(difflib.SequenceMatcher(None, a, b[, autojunk=False]).ratio()))"
// and are hard-coded here as a fixed oracle.
describe('sequenceRatio', () => {
  it.each([
    ['abcd', 'bcde', 0.75],
    ['', '', 1.0],
    ['abc', '', 0.0],
    ['private', 'privately', 0.875],
    ['1,234', '1234', 0.8888888888888888],
    [' abcd', 'abcd abcd', 0.7142857142857143],
    ['total', 'totaal', 0.9090909090909091],
    ['qabxcd', 'abycdf', 0.6666666666666666],
    ['baaaaaaaaa', 'aaaaaaaaaa', 0.9],
  ])('ratio(%j, %j) = %s as difflib gives it', (a, b, expected) => {
    expect(sequenceRatio(a, b)).toBe(expected)
  })

  it('is not symmetric, like difflib: the longest block is found earliest in the first string', () => {
    expect(sequenceRatio('tide', 'diet')).toBe(0.25)
    expect(sequenceRatio('diet', 'tide')).toBe(0.5)
  })

  it('counts code points, not UTF-16 units', () => {
    expect(sequenceRatio('𝒳ab', 'ab𝒳')).toBe(0.6666666666666666)
  })

  it('treats popular elements of a second string of 200 or more as junk only with autojunk', () => {
    // a = "x" + "ab" * 150, b = "ab" * 100 + "x" + "cd" * 50 (301 code points)
    const a = `x${'ab'.repeat(150)}`
    const b = `${'ab'.repeat(100)}x${'cd'.repeat(50)}`
    expect(sequenceRatio(a, b, true)).toBe(0.0033222591362126247)
    expect(sequenceRatio(a, b, false)).toBe(0.6644518272425249)
  })

  it('lets popular elements extend a match that starts on a rare one', () => {
    // a = "xxabcxx", b = "x" * 250 + "abc": 'x' is popular, "abc" grows to "xxabc"
    expect(sequenceRatio('xxabcxx', `${'x'.repeat(250)}abc`, true)).toBe(0.038461538461538464)
  })

  it('leaves strings below 200 code points alone even with autojunk', () => {
    const a = 'the quick brown fox '.repeat(9)
    const b = 'a quick brown cat '.repeat(9)
    expect(sequenceRatio(a, b, true)).toBe(sequenceRatio(a, b, false))
  })
})
