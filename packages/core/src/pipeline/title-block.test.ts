import { describe, expect, it } from 'vitest'
import { block } from './test-helpers.js'
import { demoteTitleBlock } from './title-block.js'
import type { Block } from './types.js'

/** A heading of one line from `left` to `right`, in `fontSize`, its baseline at `y`. */
function heading(text: string, left: number, right: number, y: number, fontSize: number): Block {
  const made = block([text], left, y, { fontSize })
  const line = made.lines[0] as Block['lines'][number]
  line.right = right
  return { ...made, right, fontSize, kind: 'heading' }
}

describe('demoteTitleBlock', () => {
  it('reads a subtitle centred under the title as a paragraph, not a line flush left under it', () => {
    const title = heading('Priya Raman', 65, 199, 80, 22)
    const subtitle = heading('Data engineering portfolio', 80, 184, 110, 14)
    const flush = heading('Data Engineer, Hollis & Greer', 65, 211, 110, 10.5)
    const section = heading('EDUCATION', 65, 136, 200, 16)
    const date = block(['2017 - 2021'], 488, 130)
    const centred = [title, subtitle, date, section]
    demoteTitleBlock(centred)
    expect(centred.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'paragraph', 'heading'])
    const resume = [title, flush, date, section]
    demoteTitleBlock(resume)
    expect(resume.map((b) => b.kind)).toEqual(['heading', 'heading', 'paragraph', 'heading'])
  })
})
