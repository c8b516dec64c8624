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
    // So is text in other type, or too far below.
    expect(continuesListing([head, body], block(['def insert():'], 149, 150))).toBe(false)
    expect(continuesListing([head, body], block(['def insert():'], 149, 190, mono))).toBe(false)
  })

  it("goes on in any face of the listing's typewriter type, right under it or after two blank lines", () => {
    // Highlighted code: a comment in italic, then the imports in the regular face right under it,
    // then a function opened by a bold keyword after two blank lines (Python's style).
    const comment = block(['# pipelines/weather.py'], 74, 280, {
      ...mono,
      fontSize: 9,
      italic: true,
      fontId: 'mono-italic',
    })
    const imports = block(['from conveyor import step', 'import pandas as pd'], 74, 290.5, {
      ...mono,
      fontSize: 9,
    })
    const bold = { ...mono, fontSize: 9, bold: true, fontId: 'mono-bold' }
    const after = (blankLines: number) =>
      block(['def download(ctx):'], 74, imports.bottom + 10.5 * blankLines + 8, bold)
    expect(continuesListing([comment], imports)).toBe(true)
    expect(continuesListing([comment, imports], after(2))).toBe(true)
    expect(continuesListing([comment, imports], after(4))).toBe(false)
    // Typewriter type in another size is other text: an address in a note.
    expect(continuesListing([comment, imports], block(['www.example.org'], 74, 320, mono))).toBe(
      false,
    )
  })

  it('goes on at the top of the next page, and no further', () => {
    const foot = block(['def insert(self, key, value):', '    bucket = self.slots'], 72, 740, mono)
    const top = (page: number) => block(['    bucket.append(key)'], 72, 60, { ...mono, page })
    expect(continuesListing([foot], top(2))).toBe(true)
    expect(continuesListing([foot], top(3))).toBe(false)
  })
})
