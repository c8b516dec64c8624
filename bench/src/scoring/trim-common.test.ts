import { describe, expect, it } from 'vitest'
import { toCodePoints } from './code-points'
import { trimCommon } from './trim-common'

describe('trimCommon', () => {
  it('removes the shared prefix and suffix without overlapping them', () => {
    const [a, b] = trimCommon(toCodePoints('abXcd'), toCodePoints('abYYcd'))
    expect([...a]).toEqual([0x58])
    expect([...b]).toEqual([0x59, 0x59])
    const [c, d] = trimCommon(toCodePoints('aa'), toCodePoints('aaa'))
    expect([c.length, d.length]).toEqual([0, 1])
  })
})
