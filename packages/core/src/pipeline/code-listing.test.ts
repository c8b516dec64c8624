import { describe, expect, it } from 'vitest'
import { continuesListing } from './code-listing.js'
import { block } from './test-helpers.js'

const mono = { monospace: true, fontId: 'mono' }

describe('continuesListing', () => {
  it('goes on after a blank line with a method set left of the body before it', () => {
    // A class, its first method's indented body, a blank line, then the next method.
    const head = block(['class ChainedTable:', '    def __init__(self, m=8):'], 126, 100, mono)
    const body = block(['self.slots = [[] for _ in range(m)]'], 172, 124, mono)
    const next = block(['def insert(self, key, value):', '    bucket = self.slots'], 149, 150, mono)
    expect(continuesListing([head, body], next)).toBe(true)
    // Left of the listing's own left edge, it is other text.
    expect(continuesListing([head, body], block(['import os'], 100, 150, mono))).toBe(false)
    // So is text in another font, or too far below.
    expect(continuesListing([head, body], block(['def insert():'], 149, 150))).toBe(false)
    expect(continuesListing([head, body], block(['def insert():'], 149, 190, mono))).toBe(false)
  })

  it('goes on at the top of the next page, and no further', () => {
    const foot = block(['def insert(self, key, value):', '    bucket = self.slots'], 72, 740, mono)
    const top = (page: number) => block(['    bucket.append(key)'], 72, 60, { ...mono, page })
    expect(continuesListing([foot], top(2))).toBe(true)
    expect(continuesListing([foot], top(3))).toBe(false)
  })
})
