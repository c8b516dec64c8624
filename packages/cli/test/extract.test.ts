import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ChunkSchema, ExtractedDocumentSchema } from '@pdfx/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CORPUS, pagedPdf, SAMPLE_PDF } from './pdfs.js'
import { BIN, hasAnsi, pdfx } from './run-pdfx.js'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdfx-cli-'))
  await mkdir(join(dir, 'a'))
  await mkdir(join(dir, 'b'))
  await mkdir(join(dir, 'tree', 'sub'), { recursive: true })
  await mkdir(join(dir, 'tree', '.hidden'))
  await writeFile(join(dir, 'a', 'report.pdf'), await pagedPdf(1, 'Alpha report'))
  await writeFile(join(dir, 'b', 'report.pdf'), await pagedPdf(1, 'Beta report'))
  await writeFile(join(dir, 'paged.pdf'), await pagedPdf(3))
  await writeFile(join(dir, 'broken.pdf'), '<html><body>not a pdf</body></html>')
  await writeFile(join(dir, 'tree', 'x.pdf'), await pagedPdf(1, 'Tree x'))
  await writeFile(join(dir, 'tree', 'sub', 'y.PDF'), await pagedPdf(1, 'Tree y'))
  await writeFile(join(dir, 'tree', '.hidden', 'z.pdf'), await pagedPdf(1, 'Hidden z'))
  await writeFile(join(dir, 'tree', 'notes.txt'), 'not a PDF, not picked from a folder')
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('pdfx extract, one input', { timeout: 60_000 }, () => {
  it('prints Markdown on stdout and nothing on stderr', async () => {
    const { code, stdout, stderr } = await pdfx(['extract', SAMPLE_PDF])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^# Field Station Annual Report 2025\n/)
    expect(stdout).toContain('## 2. Volunteer programme')
    expect(stderr).toBe('')
    expect(hasAnsi(stdout)).toBe(false)
  })

  it('prints a document that passes the schema with --format json', async () => {
    const { code, stdout } = await pdfx(['extract', SAMPLE_PDF, '--format', 'json'])
    expect(code).toBe(0)
    const document = ExtractedDocumentSchema.parse(JSON.parse(stdout))
    expect(document.source.pages).toBe(2)
    expect(document.elements.length).toBeGreaterThan(0)
    expect(document.chunks).toBeUndefined()
  })

  it('adds what --outputs asks for, and extracts a corpus PDF in hybrid mode', async () => {
    const pdf = join(CORPUS, 'dpbench', '01030000000007.pdf')
    const { code, stdout } = await pdfx([
      'extract',
      pdf,
      '--format',
      'json',
      '--mode',
      'hybrid',
      '--outputs',
      'markdown,elements,chunks',
      '--chunk-tokens',
      '128',
    ])
    expect(code).toBe(0)
    const document = ExtractedDocumentSchema.parse(JSON.parse(stdout))
    expect(document.source.engine).toBe('hybrid')
    expect(document.chunks?.length).toBeGreaterThan(0)
    expect(document.markdown.length).toBeGreaterThan(0)
  })

  it('prints chunks as JSON lines with --format chunks', async () => {
    const { code, stdout } = await pdfx(['extract', SAMPLE_PDF, '--format', 'chunks'])
    expect(code).toBe(0)
    const lines = stdout.trimEnd().split('\n')
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) ChunkSchema.parse(JSON.parse(line))
  })

  it('keeps only the pages --pages selects', async () => {
    const paged = join(dir, 'paged.pdf')
    const markdown = await pdfx(['extract', paged, '--pages', '2'])
    expect(markdown.code).toBe(0)
    expect(markdown.stdout).toContain('Text of page 2')
    expect(markdown.stdout).not.toContain('Text of page 1')
    expect(markdown.stdout).not.toContain('Text of page 3')

    const json = await pdfx(['extract', paged, '--pages', '2-', '--format', 'json'])
    const document = ExtractedDocumentSchema.parse(JSON.parse(json.stdout))
    expect(new Set(document.elements.map((element) => element.page))).toEqual(new Set([2, 3]))
    expect(document.markdown).not.toContain('Text of page 1')
    // @pdfx/core read only those pages: ids count within them; source.pages is the whole PDF.
    expect(document.elements[0]?.id).toBe('el_0001')
    expect(document.source.pages).toBe(3)
    expect(json.stderr).toBe('')
  })

  it('warns when --pages runs past the last page, and keeps the pages that exist', async () => {
    const { code, stdout, stderr } = await pdfx([
      'extract',
      join(dir, 'paged.pdf'),
      '--pages',
      '3-9',
    ])
    expect(code).toBe(0)
    expect(stdout).toContain('Text of page 3')
    expect(stdout).not.toContain('Text of page 2')
    expect(stderr).toMatch(/^pdfx: warning: .*paged\.pdf: --pages goes past the last page \(3\)/)
  })

  it('fails with invalid_request when --pages selects no page of the document', async () => {
    const { code, stdout, stderr } = await pdfx(['extract', join(dir, 'paged.pdf'), '--pages', '9'])
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe(
      `pdfx: error [invalid_request] ${join(dir, 'paged.pdf')}: --pages: none of the selected pages exists: the PDF has 3 pages\n`,
    )
  })

  it('exits 1 with the error code on stderr when the only input fails', async () => {
    const broken = await pdfx(['extract', join(dir, 'broken.pdf')])
    expect(broken.code).toBe(1)
    expect(broken.stdout).toBe('')
    expect(broken.stderr).toMatch(/^pdfx: error \[not_a_pdf\] .*broken\.pdf: /)

    const missing = await pdfx(['extract', join(dir, 'missing.pdf')])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('[not_found]')
  })
})

describe('pdfx extract, several inputs', { timeout: 60_000 }, () => {
  it('runs the others when one input of a batch fails, and exits 3', async () => {
    const { code, stdout, stderr } = await pdfx([
      'extract',
      join(dir, 'a', 'report.pdf'),
      join(dir, 'broken.pdf'),
      join(dir, 'b', 'report.pdf'),
    ])
    expect(code).toBe(3)
    // Results only on stdout, in input order, each behind its file line.
    expect(stdout.match(/<!-- file: .* -->/g)).toEqual([
      `<!-- file: ${join(dir, 'a', 'report.pdf')} -->`,
      `<!-- file: ${join(dir, 'b', 'report.pdf')} -->`,
    ])
    expect(stdout.indexOf('# Alpha report')).toBeLessThan(stdout.indexOf('# Beta report'))
    expect(stdout).not.toContain('pdfx:')
    // Progress, the error and the summary on stderr, without escape codes (not a terminal).
    expect(stderr).toMatch(/pdfx: error \[not_a_pdf\] .*broken\.pdf: /)
    expect(stderr).toMatch(/✓ .*a\/report\.pdf {2}1 page, [\d.]+ s, [\d.]+ pages\/s/)
    expect(stderr).toMatch(/pdfx: 2 of 3 inputs extracted, 2 pages in [\d.]+ s .*; 1 failed\n$/)
    expect(hasAnsi(stdout + stderr)).toBe(false)
  })

  it('exits 1 when every input of a batch fails', async () => {
    const { code, stderr } = await pdfx(['extract', join(dir, 'broken.pdf'), join(dir, 'nope.pdf')])
    expect(code).toBe(1)
    expect(stderr).toContain('[not_a_pdf]')
    expect(stderr).toContain('[not_found]')
  })

  it('prints one JSON document per line, valid against the schema, in input order', async () => {
    // --jobs 3 with a long corpus PDF first: the short ones finish first, yet print after it.
    const long = join(CORPUS, 'realworld', 'govdocs_125619_piarc_2003.pdf')
    const inputs = [long, join(dir, 'a', 'report.pdf'), join(dir, 'b', 'report.pdf')]
    const { code, stdout } = await pdfx(['extract', ...inputs, '--format', 'json', '--jobs', '3'])
    expect(code).toBe(0)
    const documents = stdout
      .trimEnd()
      .split('\n')
      .map((line) => ExtractedDocumentSchema.parse(JSON.parse(line)))
    expect(documents.map((document) => document.source.pages)).toEqual([17, 1, 1])
    expect(documents[1]?.title).toBe('Alpha report')
  })

  it('keeps JSON Lines for several inputs even when only one of them succeeds', async () => {
    const args = ['extract', join(dir, 'broken.pdf'), join(dir, 'paged.pdf'), '--format', 'json']
    const { code, stdout } = await pdfx(args)
    expect(code).toBe(3)
    expect(stdout.endsWith('\n')).toBe(true)
    expect(stdout.trimEnd().split('\n')).toHaveLength(1)
    ExtractedDocumentSchema.parse(JSON.parse(stdout))
  })

  it('names the input of each chunk line when several inputs print chunks', async () => {
    const a = join(dir, 'a', 'report.pdf')
    const b = join(dir, 'b', 'report.pdf')
    const { code, stdout } = await pdfx(['extract', a, b, '--format', 'chunks', '-q'])
    expect(code).toBe(0)
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { file: string })
    expect(lines.map((line) => line.file)).toEqual([a, b])
    for (const { file: _file, ...chunk } of lines) ChunkSchema.parse(chunk)
  })

  it('ends quietly when the reader of stdout goes away (pdfx ... | head)', async () => {
    const child = spawn(
      process.execPath,
      [BIN, 'extract', join(CORPUS, 'dpbench'), '--format', 'json', '--quiet'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text
    })
    child.stdout.once('data', () => child.stdout.destroy())
    const code = await new Promise((resolve) => child.on('close', resolve))
    expect(stderr).toBe('')
    expect(code).toBe(0)
  })

  it('expands folders (hidden entries skipped) and quoted glob patterns', async () => {
    const folder = await pdfx(['extract', join(dir, 'tree'), '--format', 'json', '-q'])
    expect(folder.code).toBe(0)
    expect(
      folder.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).title),
    ).toEqual([
      'Tree y', // sub/y.PDF sorts before x.pdf
      'Tree x',
    ])
    expect(folder.stderr).toBe('')

    const glob = await pdfx(['extract', 'tree/**/*.pdf', '{a,b}/report.pdf', '-q'], { cwd: dir })
    expect(glob.code).toBe(0)
    expect(glob.stdout.match(/<!-- file: .* -->/g)).toEqual([
      '<!-- file: tree/x.pdf -->',
      '<!-- file: a/report.pdf -->',
      '<!-- file: b/report.pdf -->',
    ])

    const none = await pdfx(['extract', 'tree/*.docx'], { cwd: dir })
    expect(none.code).toBe(1)
    expect(none.stderr).toBe('pdfx: error [not_found] tree/*.docx: no file matches this pattern\n')
  })
})

describe('pdfx extract --out', { timeout: 60_000 }, () => {
  it('writes one file per input named after it; same names get -2, folders keep sub-folders', async () => {
    const out = join(dir, 'out-md')
    const { code, stdout, stderr } = await pdfx([
      'extract',
      join(dir, 'a', 'report.pdf'),
      join(dir, 'b', 'report.pdf'),
      join(dir, 'tree'),
      '--out',
      out,
    ])
    expect(code).toBe(0)
    expect(stdout).toBe('')
    expect(stderr).toContain(`-> ${join(out, 'report-2.md')}`)
    expect((await readdir(out, { recursive: true })).sort()).toEqual([
      'report-2.md',
      'report.md',
      'sub',
      'sub/y.md',
      'x.md',
    ])
    expect(await readFile(join(out, 'report.md'), 'utf8')).toMatch(/^# Alpha report\n/)
    expect(await readFile(join(out, 'report-2.md'), 'utf8')).toMatch(/^# Beta report\n/)
    expect(await readFile(join(out, 'sub', 'y.md'), 'utf8')).toMatch(/^# Tree y\n/)
  })

  it('uses .json and .chunks.jsonl, and names a single input too', async () => {
    const out = join(dir, 'out-json')
    const json = await pdfx(['extract', join(dir, 'paged.pdf'), '--format', 'json', '--out', out])
    expect(json).toEqual({ code: 0, stdout: '', stderr: '' })
    ExtractedDocumentSchema.parse(JSON.parse(await readFile(join(out, 'paged.json'), 'utf8')))

    const chunks = await pdfx([
      'extract',
      join(dir, 'paged.pdf'),
      '--format',
      'chunks',
      '--out',
      out,
    ])
    expect(chunks.code).toBe(0)
    const lines = (await readFile(join(out, 'paged.chunks.jsonl'), 'utf8')).trimEnd().split('\n')
    for (const line of lines) ChunkSchema.parse(JSON.parse(line))
  })

  it('writes the good inputs of a batch with a broken one and exits 3', async () => {
    const out = join(dir, 'out-partial')
    const { code, stdout } = await pdfx([
      'extract',
      join(dir, 'broken.pdf'),
      SAMPLE_PDF,
      '--out',
      out,
      '--quiet',
    ])
    expect(code).toBe(3)
    expect(stdout).toBe('')
    expect(await readdir(out)).toEqual(['report.md'])
  })
})

describe('pdfx usage errors', () => {
  it.each([
    [['extract', '--mode', 'turbo', SAMPLE_PDF]],
    [['extract', '--bogus', SAMPLE_PDF]],
    [['extract', '--pages', '3-1', SAMPLE_PDF]],
    [['extract', '--pages', 'first', SAMPLE_PDF]],
    [['extract', '--jobs', '0', SAMPLE_PDF]],
    [['extract', '--outputs', 'markdown', SAMPLE_PDF]],
    [['extract']],
    [['frobnicate']],
    [[]],
  ])('exits 2 for pdfx %j', async (args) => {
    const { code, stdout, stderr } = await pdfx(args)
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr.length).toBeGreaterThan(0)
  })

  it('says what was wrong in the shape of every error', async () => {
    const { stderr } = await pdfx(['extract', '--pages', '3-1', SAMPLE_PDF])
    expect(stderr).toContain(
      `pdfx: error [invalid_request] option '--pages <ranges>' argument '3-1' is invalid. "3-1" runs backwards.`,
    )
    expect(stderr).toContain('(run "pdfx extract --help" for usage)')
  })
})
