import { describe, expect, it } from 'vitest'
import { zhangShashaDistance } from './zhang-shasha'

interface Labeled {
  label: string
  kids: Labeled[]
}

const node = (label: string, ...kids: Labeled[]): Labeled => ({ label, kids })
const unitRename = (a: Labeled, b: Labeled) => (a.label === b.label ? 0 : 1)

describe('zhangShashaDistance', () => {
  it('gives the distance of the example in Zhang and Shasha (1989)', () => {
    const a = node('f', node('d', node('a'), node('c', node('b'))), node('e'))
    const b = node('f', node('c', node('d', node('a'), node('b'))), node('e'))
    expect(zhangShashaDistance(a, b, unitRename)).toBe(2)
  })

  it('counts inserts and deletes as 1 and renames at their cost', () => {
    expect(zhangShashaDistance(node('a'), node('a', node('b'), node('c')), unitRename)).toBe(2)
    expect(zhangShashaDistance(node('a', node('b')), node('a', node('c')), () => 0.25)).toBe(0.5)
  })
})
