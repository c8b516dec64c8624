import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMarkdownFile } from './read-markdown'

describe('readMarkdownFile', () => {
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pdfx-bench-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('reads UTF-8 with universal newlines and keeps a BOM, like Python', async () => {
    await writeFile(join(dir, 'a.md'), '\ufeffa\r\nb\rc\n')
    expect(await readMarkdownFile(join(dir, 'a.md'))).toEqual({
      text: '\ufeffa\nb\nc\n',
      exists: true,
      invalid: false,
    })
  })

  it('reads a missing or undecodable file as empty', async () => {
    await writeFile(join(dir, 'bad.md'), new Uint8Array([0x61, 0xff, 0x62]))
    expect(await readMarkdownFile(join(dir, 'bad.md'))).toEqual({
      text: '',
      exists: true,
      invalid: true,
    })
    expect(await readMarkdownFile(join(dir, 'missing.md'))).toEqual({
      text: '',
      exists: false,
      invalid: false,
    })
  })
})
