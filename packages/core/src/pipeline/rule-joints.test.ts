import { describe, expect, it } from 'vitest'
import { ruleJoints, sharedJoints } from './rule-joints.js'
import type { Segment } from './rulings.js'

/** A row rule drawn as one piece per cell, between the column edges `xs`. */
const pieced = (y: number, xs: number[]): Segment[] =>
  xs.slice(1).map((x, i) => ({ x1: xs[i] as number, y1: y, x2: x, y2: y }))

describe('ruleJoints and sharedJoints', () => {
  it('finds the column edges where every row rule of a band is pieced', () => {
    const edges = [48, 312, 359, 472, 564]
    const rules = [203, 221, 239].flatMap((y) => pieced(y, edges))
    const joints = ruleJoints(rules)
    expect(joints.map((line) => line.xs)).toEqual([
      [312, 359, 472],
      [312, 359, 472],
      [312, 359, 472],
    ])
    const whole = [203, 221, 239].map((y) => ({ x1: 48, y1: y, x2: 564, y2: y }))
    expect(sharedJoints(whole, joints)).toEqual([312, 359, 472])
  })

  it('finds none where a rule is drawn whole or pieced elsewhere, or its pieces do not meet', () => {
    const rules = [...pieced(203, [48, 312, 564]), ...pieced(221, [48, 200, 564])]
    const whole = [203, 221, 239].map((y) => ({ x1: 48, y1: y, x2: 564, y2: y }))
    expect(sharedJoints(whole, ruleJoints(rules))).toEqual([])
    // Two underlines side by side, a gap between them: no joint.
    const apart = [
      { x1: 48, y1: 300, x2: 200, y2: 300 },
      { x1: 220, y1: 300, x2: 400, y2: 300 },
    ]
    expect(ruleJoints(apart)).toEqual([])
  })
})
