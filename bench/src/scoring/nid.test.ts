import { describe, expect, it } from 'vitest'
import { scoreNid } from './nid'

describe('scoreNid', () => {
  it('compares whitespace-collapsed text, and without tables for NID-S', () => {
    // the reference scorer gives (0.14634146341463417, 1.0) here
    expect(scoreNid('a <table><tr><td>x</td></tr></table> b', 'a b')).toEqual({
      nid: 0.14634146341463417,
      nidS: 1,
    })
    expect(scoreNid('a\n\n  b', 'a b')).toEqual({ nid: 1, nidS: 1 })
  })

  it('is null for a blank reference', () => {
    expect(scoreNid(' \n ', 'x')).toEqual({ nid: null, nidS: null })
  })
})
