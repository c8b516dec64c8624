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
})
