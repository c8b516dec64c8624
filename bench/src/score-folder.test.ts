import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listDocumentIds, scoreFolder } from './score-folder'

describe('scoreFolder', () => {
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pdfx-bench-'))
    await mkdir(join(dir, 'gt'))
    await mkdir(join(dir, 'pred'))
    await writeFile(join(dir, 'gt', 'b.md'), '# Title\ntext')
    await writeFile(join(dir, 'gt', 'a.md'), 'plain text')
    await writeFile(join(dir, 'gt', 'c.md'), '<table><tr><td colspan="x">1</td></tr></table>')
    await writeFile(join(dir, 'gt', 'c.pdf'), 'not markdown')
    await writeFile(join(dir, 'pred', 'a.md'), 'plain text')
    await writeFile(join(dir, 'pred', 'c.md'), '<table><tr><td>1</td></tr></table>')
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('lists the reference documents sorted by name', async () => {
    expect(await listDocumentIds(join(dir, 'gt'))).toEqual(['a', 'b', 'c'])
  })

  it('scores a missing prediction as empty and leaves failing documents out', async () => {
    const result = await scoreFolder(join(dir, 'gt'), join(dir, 'pred'))
    expect(
      result.documents.map((doc) => [doc.id, doc.scores.overall, doc.predictionAvailable]),
    ).toEqual([
      ['a', 1, true],
      ['b', 0, false],
    ])
    expect(result.failed).toEqual([
      { id: 'c', error: "invalid literal for int() with base 10: 'x'" },
    ])
    expect(result.summary.overall).toEqual({ mean: 0.5, count: 2 })
    expect(result.missingPredictions).toBe(1)
  })

  it('scores only the requested ids', async () => {
    const result = await scoreFolder(join(dir, 'gt'), join(dir, 'pred'), { ids: ['a'] })
    expect(result.documents.map((doc) => doc.id)).toEqual(['a'])
  })
})
