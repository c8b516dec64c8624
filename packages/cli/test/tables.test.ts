import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ChunkSchema, ListTablesResultSchema } from '@pdfx/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ruledTablePdf, TABLE_ROWS } from '../../core/test/pdf-builder.js'
import { CORPUS, pagedPdf, SAMPLE_PDF } from './pdfs.js'
import { hasAnsi, pdfx } from './run-pdfx.js'

let dir: string
let table: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdfx-cli-tables-'))
  table = join(dir, 'table.pdf')
  await writeFile(table, await ruledTablePdf())
  await writeFile(join(dir, 'prose.pdf'), await pagedPdf(1))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('pdfx tables', { timeout: 60_000 }, () => {
  it('draws every table with cli-table3 by default, without escape codes off a terminal', async () => {
    const { code, stdout, stderr } = await pdfx(['tables', table])
    expect(code).toBe(0)
    expect(stderr).toBe('')
    expect(stdout).toMatch(/^Table 1, page 1\n┌─/)
    expect(stdout).toMatch(/│ Region +│ Units +│ Revenue +│/)
    expect(stdout).toMatch(/│ East +│ 1,530 +│ \$102,775 +│/)
    expect(hasAnsi(stdout)).toBe(false)
  })

  it('writes CSV rows', async () => {
    const { code, stdout } = await pdfx(['tables', table, '--format', 'csv'])
    expect(code).toBe(0)
    const expected = TABLE_ROWS.map((row) =>
      row.map((text) => (text.includes(',') ? `"${text}"` : text)).join(','),
    )
    expect(stdout).toBe(`${expected.join('\n')}\n`)
  })

  it('writes the list_tables shape as JSON', async () => {
    const { code, stdout } = await pdfx(['tables', table, '--format', 'json'])
    expect(code).toBe(0)
    const result = ListTablesResultSchema.parse(JSON.parse(stdout))
    expect(result.tables).toHaveLength(1)
    expect(result.tables[0]).toMatchObject({ page: 1, rows: 4, columns: 3 })
  })

  it('writes GFM tables with --format markdown', async () => {
    const { stdout } = await pdfx(['tables', table, '--format', 'markdown'])
    expect(stdout.split('\n').slice(0, 3)).toEqual([
      '| Region | Units | Revenue |',
      '| --- | --- | --- |',
      '| North | 1,204 | $88,210 |',
    ])
  })

  it('finds the tables of a corpus PDF and keeps those of --pages', async () => {
    const pdf = join(CORPUS, 'tables', 'icdar2013', 'eu-004.pdf')
    const all = ListTablesResultSchema.parse(
      JSON.parse((await pdfx(['tables', pdf, '--format', 'json'])).stdout),
    )
    expect(all.tables.length).toBeGreaterThan(1)
    const some = ListTablesResultSchema.parse(
      JSON.parse((await pdfx(['tables', pdf, '--format', 'json', '--pages', '2'])).stdout),
    )
    expect(some.tables.length).toBeGreaterThan(0)
    expect(some.tables.every((found) => found.page === 2)).toBe(true)
  })

  it('says on stderr that a PDF has no table, and succeeds', async () => {
    const { code, stdout, stderr } = await pdfx(['tables', join(dir, 'prose.pdf')])
    expect(code).toBe(0)
    expect(stdout).toBe('')
    expect(stderr).toContain('no tables found')
  })

  it('refuses a folder of several PDFs as a usage error', async () => {
    await writeFile(join(dir, 'second.pdf'), await pagedPdf(1))
    const { code, stderr } = await pdfx(['tables', dir])
    expect(code).toBe(2)
    expect(stderr).toMatch(
      /^pdfx: error \[invalid_request\] .*: names 3 PDFs; pdfx tables reads one/,
    )
  })
})

describe('pdfx chunks', { timeout: 60_000 }, () => {
  it('prints chunks under the token budget as JSON lines', async () => {
    const { code, stdout, stderr } = await pdfx(['chunks', SAMPLE_PDF, '--tokens', '64'])
    expect(code).toBe(0)
    expect(stderr).toBe('')
    const chunks = stdout
      .trimEnd()
      .split('\n')
      .map((line) => ChunkSchema.parse(JSON.parse(line)))
    expect(chunks.length).toBeGreaterThan(2)
    expect(chunks[0]?.id).toBe('ch_0001')
  })

  it('exits 2 without --tokens being a number', async () => {
    expect((await pdfx(['chunks', SAMPLE_PDF, '--tokens', 'many'])).code).toBe(2)
  })
})
