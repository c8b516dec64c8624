import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// These tests run the built binary as a user would; `pnpm install` builds it (root `prepare`).
const BIN = fileURLToPath(new URL('../bin/pdfx.js', import.meta.url))
const SAMPLE = fileURLToPath(new URL('../../../examples/sample/report.pdf', import.meta.url))

function pdfx(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'node',
      [BIN, ...args],
      { env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
      },
    )
  })
}

describe('pdfx', () => {
  it('prints Markdown of a PDF on stdout and nothing on stderr', async () => {
    const { code, stdout, stderr } = await pdfx('extract', SAMPLE)
    expect(code).toBe(0)
    expect(stdout).toMatch(/^# Field Station Annual Report 2025\n/)
    expect(stdout).toContain('## 2. Volunteer programme')
    expect(stderr).toBe('')
  })

  it('prints the whole document as JSON', async () => {
    const { code, stdout } = await pdfx('extract', SAMPLE, '--format', 'json')
    expect(code).toBe(0)
    const document = JSON.parse(stdout)
    expect(document.schemaVersion).toBe('1.0')
    expect(document.source.pages).toBe(2)
  })

  it('exits 1 with the error code when the only input fails, 3 when one of several fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdfx-cli-'))
    const fake = join(dir, 'fake.pdf')
    writeFileSync(fake, '<html>not a pdf</html>')
    const single = await pdfx('extract', fake)
    expect(single.code).toBe(1)
    expect(single.stderr).toContain('not_a_pdf')
    const batch = await pdfx('extract', fake, SAMPLE, '--out', join(dir, 'out'))
    expect(batch.code).toBe(3)
    expect(batch.stdout).toBe('')
  })

  it('exits 2 on a usage error and lists the exit codes in --help', async () => {
    expect((await pdfx('extract', '--mode', 'turbo', SAMPLE)).code).toBe(2)
    const help = await pdfx('--help')
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('Exit codes:')
  })
})
