import { describe, expect, it } from 'vitest'
import { parseVmHwmBytes } from './proc-status'

describe('parseVmHwmBytes', () => {
  it('reads the VmHWM line in kB', () => {
    const status = [
      'Name:\tpdftotext',
      'VmPeak:\t  20000 kB',
      'VmHWM:\t    9216 kB',
      'VmRSS:\t 9000 kB',
    ]
    expect(parseVmHwmBytes(status.join('\n'))).toBe(9216 * 1024)
  })

  it('is undefined for a process without memory (a zombie)', () => {
    expect(parseVmHwmBytes('Name:\tjava\nState:\tZ (zombie)\n')).toBeUndefined()
  })
})
