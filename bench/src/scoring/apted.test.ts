import { describe, expect, it } from 'vitest'
import { seededRandom } from '../testing/seeded-random'
import { aptedDistance } from './apted'
import { normalizedLevenshtein } from './levenshtein'
import { buildMhsTree, type MhsNode } from './mhs'
import { zhangShashaDistance } from './zhang-shasha'

interface Labeled {
  label: string
  kids: Labeled[]
}

function randomTree(random: () => number, size: number): Labeled {
  const nodes: Labeled[] = [{ label: 'r', kids: [] }]
  for (let i = 1; i < size; i++) {
    const child = { label: 'abc'[Math.floor(random() * 3)] as string, kids: [] }
    ;(nodes[Math.floor(random() * nodes.length)] as Labeled).kids.push(child)
    nodes.push(child)
  }
  return nodes[0] as Labeled
}

describe('aptedDistance', () => {
  it('is minimal with unit costs: it equals Zhang-Shasha on random trees', () => {
    const random = seededRandom(4)
    const rename = (a: Labeled, b: Labeled) => (a.label === b.label ? 0 : 1)
    for (let round = 0; round < 200; round++) {
      const a = randomTree(random, 1 + Math.floor(random() * 25))
      const b = randomTree(random, 1 + Math.floor(random() * 25))
      expect(aptedDistance(a, b, rename)).toBe(zhangShashaDistance(a, b, rename))
    }
  })

  it('reproduces apted 1.0.3 where it is not minimal (fractional renames)', () => {
    // dpbench_score.py: apted_distance gives 4.25, tree_edit_distance (the minimum) 4.0
    const gt = buildMhsTree('# \nabcd\n# x ab\nabc')
    const pred = buildMhsTree('x\n# abc\nab x\n# ab')
    const rename = (a: MhsNode, b: MhsNode) =>
      a.tag !== b.tag ? 1 : normalizedLevenshtein(a.text, b.text)
    expect(aptedDistance(gt, pred, rename)).toBe(4.25)
    expect(zhangShashaDistance(gt, pred, rename)).toBe(4)
  })
})
