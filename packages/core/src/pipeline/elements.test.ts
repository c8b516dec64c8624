import { describe, expect, it } from 'vitest'
import { buildElements } from './elements.js'
import { collectSpellings } from './join-lines.js'
import { block, page } from './test-helpers.js'

describe('buildElements', () => {
  it("keeps the blank lines that stand within a listing's block", () => {
    // A browser's <pre>: lines 11.5 pt apart, a blank line 23 pt.
    const listing = block(
      [
        "const queue = new Queue('emails')",
        'queue.process(async (job) => {',
        'await send(job)',
        '})',
      ],
      72,
      300,
      { kind: 'code', monospace: true, fontSize: 9 },
    )
    const baselines = [300, 323, 334.5, 346]
    listing.lines.forEach((line, i) => {
      line.baseline = baselines[i] as number
      line.left = i === 2 ? 82.8 : 72
    })
    const [code] = buildElements([page([listing])], collectSpellings([]))
    expect(code).toMatchObject({
      type: 'code',
      text: "const queue = new Queue('emails')\n\nqueue.process(async (job) => {\n  await send(job)\n})",
    })
  })
})
