import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { firstLine, readSecret } from './read-secret.js'

describe('readSecret off a terminal', () => {
  it('reads the first line of stdin, trimmed', async () => {
    const input = new PassThrough()
    const secret = readSecret('key: ', input as unknown as NodeJS.ReadStream)
    input.write('  pdfx_abc')
    input.write('def \r\nsecond line\n')
    expect(await secret).toBe('pdfx_abcdef')
  })

  it('takes everything up to the end when there is no line break, and nothing when empty', async () => {
    const input = new PassThrough()
    const secret = readSecret('key: ', input as unknown as NodeJS.ReadStream)
    input.end('pdfx_xyz')
    expect(await secret).toBe('pdfx_xyz')
    const empty = new PassThrough()
    const none = readSecret('key: ', empty as unknown as NodeJS.ReadStream)
    empty.end()
    expect(await none).toBe('')
    expect(firstLine('a\rb')).toBe('a')
  })
})
