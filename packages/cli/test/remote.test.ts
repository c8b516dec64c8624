import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ExtractedDocumentSchema } from '@pdfx/schema'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ApiServer, deadOrigin, freshHome, startApiServer, TIMEOUT_MS } from './api-server.js'
import { SAMPLE_PDF } from './pdfs.js'
import { type PdfxRun, pdfx } from './run-pdfx.js'

// `pdfx extract --remote`: the built binary sends URLs to a real listening server, which fetches
// them from a loopback origin. Only 127.0.0.1 is ever contacted.
let api: ApiServer
let home: Awaited<ReturnType<typeof freshHome>>

beforeAll(async () => {
  api = await startApiServer()
  home = await freshHome()
}, TIMEOUT_MS)

afterAll(async () => {
  await api?.close()
  await home?.remove()
})

// Anonymous extraction allows 5 requests a minute per address: each test gets a minute of its own.
beforeEach(() => api.clock.nextMinute())

function run(args: string[], options: { key?: string; baseUrl?: string } = {}): Promise<PdfxRun> {
  return pdfx(args, {
    env: {
      ...home.env,
      PDFX_API_KEY: options.key ?? '',
      PDFX_BASE_URL: options.baseUrl ?? api.url,
    },
  })
}

const pdf = (path: string) => `${api.origin.origin}${path}`

describe('pdfx extract --remote', { timeout: TIMEOUT_MS }, () => {
  it('prints the Markdown the API extracted, anonymously', async () => {
    const hits = api.origin.hits('/one.pdf')
    const { code, stdout, stderr } = await run(['extract', pdf('/one.pdf'), '--remote'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toMatch(/^# Invoice 42\n\nTotal due: 12 euros\.\n$/)
    // The server fetched it, not this process.
    expect(api.origin.hits('/one.pdf')).toBe(hits + 1)
  })

  it('sends the key, mode, outputs and chunk size, and prints the JSON document', async () => {
    const key = await api.newKey('free')
    const { code, stdout } = await run(
      [
        'extract',
        pdf('/report-2.pdf'),
        '--remote',
        '--format',
        'json',
        '--outputs',
        'markdown,chunks',
        '--chunk-tokens',
        '64',
        '--mode',
        'hybrid',
      ],
      { key },
    )
    expect(code).toBe(0)
    const document = ExtractedDocumentSchema.parse(JSON.parse(stdout))
    expect(document.source.pages).toBe(2)
    expect(document.elements).toEqual([])
    expect(document.chunks?.length).toBeGreaterThan(0)

    // The key is sent: one the server does not know is refused.
    const refused = await run(['extract', pdf('/one.pdf'), '--remote'], {
      key: `pdfx_${'A'.repeat(36)}`,
    })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^pdfx: error \[unauthorized\] .*PDFX_API_KEY was refused/)
  })

  it('runs a batch in input order, reports the failing URL with its code and exits 3', async () => {
    const out = join(home.dir, 'out')
    const { code, stdout, stderr } = await run([
      'extract',
      pdf('/report-1.pdf'),
      pdf('/page.pdf'),
      pdf('/one.pdf'),
      '--remote',
      '--out',
      out,
    ])
    expect(code).toBe(3)
    expect(stdout).toBe('')
    expect(stderr).toContain(`pdfx: error [not_a_pdf] ${pdf('/page.pdf')}: `)
    expect(stderr).toMatch(/pdfx: 2 of 3 inputs extracted/)
    expect((await readdir(out)).sort()).toEqual(['one.md', 'report-1.md'])
    expect(await readFile(join(out, 'one.md'), 'utf8')).toMatch(/^# Invoice 42\n/)
  })

  it('refuses local files and options the API does not have as usage errors', async () => {
    const file = await run(['extract', SAMPLE_PDF, '--remote'])
    expect(file.code).toBe(2)
    expect(file.stdout).toBe('')
    expect(file.stderr).toMatch(
      /^pdfx: error \[invalid_request\] --remote sends http\(s\) URLs to the API; ".*report\.pdf" is not one/,
    )
    for (const extra of [['--pages', '1'], ['--keep-furniture'], ['--chunk-tokens', '16']]) {
      const refused = await run(['extract', pdf('/one.pdf'), '--remote', ...extra])
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain('[invalid_request]')
    }
  })

  it('names the server when it cannot be reached', async () => {
    const down = await deadOrigin()
    const { code, stderr } = await run(['extract', pdf('/one.pdf'), '--remote'], { baseUrl: down })
    expect(code).toBe(1)
    expect(stderr).toMatch(
      new RegExp(
        `^pdfx: error \\[unavailable\\] .*one\\.pdf: POST /api/v1/extract: could not connect to ${down}`,
      ),
    )
  })
})
