import { describe, expect, it } from 'vitest'
import { drawnBulletRuns } from './drawn-bullets.js'
import { run } from './test-helpers.js'

/** A square mark of side `size` centred on (x, y). */
const mark = (x: number, y: number, size: number) =>
  [x - size / 2, y - size / 2, x + size / 2, y + size / 2] as const

describe('drawnBulletRuns', () => {
  // 12 pt text on baseline 100: its band runs from 90.4 to 100; its middle is at about 96.
  const text = run('Tier one covers indoor use', 130, 100, { fontSize: 12 })

  it('puts a bullet in front of the text a small disc marks', () => {
    const [bullet, ...rest] = drawnBulletRuns([mark(119, 96, 3.7)], [text])
    expect(rest).toEqual([])
    expect(bullet).toMatchObject({ text: '•', baseline: 100, fontSize: 12, fontId: text.fontId })
    expect(bullet?.left).toBeCloseTo(117.15)
    expect(bullet?.right).toBeCloseTo(120.85)
  })

  it("leaves a legend's tight key, a dot far from its label, a large node and a dot inside a line", () => {
    const label = run('Government', 130, 100, { fontSize: 9 })
    expect(drawnBulletRuns([mark(126.5, 96.5, 4.5)], [label])).toEqual([]) // 1.3 pt to its label
    expect(drawnBulletRuns([mark(100, 96, 2)], [text])).toEqual([]) // 29 pt: 2.4 ems away
    const tiny = run('i2', 130, 100, { fontSize: 4.9 })
    expect(drawnBulletRuns([mark(124, 98.5, 2.8)], [tiny])).toEqual([]) // 0.57 em wide
    const before = run('step one', 62, 100, { fontSize: 12 }) // ends 7 pt before the mark
    expect(drawnBulletRuns([mark(119, 96, 3.7)], [before, text])).toEqual([])
    // the last line of the column to the left ends a gutter away
    const column = run('left column', 10, 100, { fontSize: 12 })
    expect(drawnBulletRuns([mark(119, 96, 3.7)], [column, text])).toHaveLength(1)
  })

  it('leaves a mark under a glyph or beside no text', () => {
    expect(drawnBulletRuns([mark(140, 96, 3)], [text])).toEqual([])
    expect(drawnBulletRuns([mark(119, 300, 3.7)], [text])).toEqual([])
  })

  it('puts a bullet before right-to-left text that a disc marks on its right', () => {
    // "הביקוש עלה בקיץ." from 130 to 226; the disc 7 pt right of its end.
    const hebrew = run('הביקוש עלה בקיץ.', 130, 100, { fontSize: 12, rtl: true })
    const [bullet] = drawnBulletRuns([mark(235, 96, 3.7)], [hebrew])
    expect(bullet).toMatchObject({ text: '•', rtl: true, baseline: 100 })
    expect(bullet?.left).toBeCloseTo(233.15)
    // After the end of left-to-right text, a disc marks what follows it, not that text.
    const english = run('Tier one covers.', 130, 100, { fontSize: 12 })
    expect(drawnBulletRuns([mark(235, 96, 3.7)], [english])).toEqual([])
  })
})
