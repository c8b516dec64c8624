import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ownPeakRssBytes, parseVmHwmBytes } from './peak-rss'

const MIB = 2 ** 20

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

describe.runIf(existsSync('/proc/self/status'))('ownPeakRssBytes', () => {
  it('is at least the RSS this process holds now', () => {
    expect(ownPeakRssBytes()).toBeGreaterThanOrEqual(process.memoryUsage().rss - MIB)
  })

  it("reports a child's own peak, not the RSS its parent had when it forked", async () => {
    // 256 MiB made resident in this (parent) process before the child starts
    const ballast = Buffer.alloc(256 * MIB, 1)
    const script = `import(${JSON.stringify(fileURLToPath(new URL('./peak-rss.ts', import.meta.url)))}).then((m) => console.log(m.ownPeakRssBytes()))`
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      '-e',
      script,
    ])
    expect(ballast.length).toBe(256 * MIB)
    expect(process.memoryUsage().rss).toBeGreaterThan(256 * MIB)
    // a bare Node with tsx peaks near 100 MiB; the parent holds more than 256 MiB
    expect(Number(stdout.trim())).toBeLessThan(200 * MIB)
  })
})
