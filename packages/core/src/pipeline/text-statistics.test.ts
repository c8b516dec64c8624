import { describe, expect, it } from 'vitest'
import { block } from './test-helpers.js'
import { measureText } from './text-statistics.js'

const BODY = [
  'body text that goes on for a while and fills the line',
  'and continues on a second line of the same paragraph',
]

describe('measureText', () => {
  it("takes the body size from running text, not from a large table's cells", () => {
    const cells = Array.from({ length: 12 }, (_, i) => `Region ${i} 1,204 1,350 980`)
    const table = block(cells, 10, 100, { kind: 'table', fontSize: 8 })
    const blocks = [table, block(BODY, 10, 500), block(BODY, 10, 560)]
    expect(measureText([{ blocks }]).bodySize).toBe(10)
  })

  it("takes the body size from a manual's prose, though its code listings outweigh it", () => {
    const code = Array.from(
      { length: 3 },
      (_, i) => `const queue${i} = new Queue('emails', { n: ${i} })`,
    )
    const listing = block(code, 10, 100, { fontSize: 9, monospace: true, fontId: 'mono' })
    const stats = measureText([{ blocks: [listing, block(BODY, 10, 500, { fontSize: 10.5 })] }])
    expect(stats).toMatchObject({ bodySize: 10.5, bodyFontId: 'f1', bodyMonospace: false })
    // A typewritten document's body is its typewriter type.
    const typed = block(BODY, 10, 100, { fontSize: 9, monospace: true, fontId: 'mono' })
    expect(measureText([{ blocks: [typed, listing] }])).toMatchObject({
      bodySize: 9,
      bodyMonospace: true,
    })
    // So is it under a letterhead in other type.
    const letterhead = block(['Harbour Office, 12 Quay Street'], 10, 40, { fontSize: 12 })
    expect(measureText([{ blocks: [letterhead, typed, listing] }]).bodyMonospace).toBe(true)
    // A cheat sheet's commands outweigh its prose, but its headings and sentences are typeset.
    const sheet = ['Starting work', 'Committing', 'Undoing things'].flatMap((heading, i) => [
      block([heading], 10, 200 * i, { fontSize: 12, bold: true, fontId: 'f2' }),
      block(['Run these before you open a merge request:'], 10, 200 * i + 20),
      block([...code, ...code], 10, 200 * i + 40, { fontSize: 9, monospace: true, fontId: 'mono' }),
    ])
    expect(measureText([{ blocks: sheet }])).toMatchObject({ bodySize: 9, bodyMonospace: false })
  })
})
