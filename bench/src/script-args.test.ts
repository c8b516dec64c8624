import { parseArgs } from 'node:util'
import { describe, expect, it } from 'vitest'
import { scriptArgs } from './script-args'

describe('scriptArgs', () => {
  it('reads options passed after the `--` that pnpm hands on, and the same without it', () => {
    const options = { 'per-doc': { type: 'boolean' as const }, mode: { type: 'string' as const } }
    for (const argv of [
      ['--', '--per-doc', '--mode', 'hybrid'],
      ['--per-doc', '--mode', 'hybrid'],
    ]) {
      const { values } = parseArgs({ args: scriptArgs(argv), options })
      expect(values).toEqual({ 'per-doc': true, mode: 'hybrid' })
    }
  })
})
