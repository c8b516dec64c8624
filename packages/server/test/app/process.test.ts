import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ExtractedDocumentSchema } from '@pdfx/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PdfOrigin, postExtract, readJson, startPdfOrigin } from './harness.js'

// Runs the real `pdfx-server` program from sources through tsx, as `node bin/pdfx-server.js`
// runs it from dist: the process start, the signal handling and the exit code are under test.
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url))
const NODE_ARGS = ['--import', 'tsx', '--conditions=@pdfx/source', 'src/bin.ts']
const TIMEOUT_MS = 60_000

let dataDir: string
let origin: PdfOrigin

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pdfx-process-'))
  origin = await startPdfOrigin()
})

afterAll(async () => {
  await origin?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Only the variables the program needs: none of the test runner's own. */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { PATH, HOME } = process.env
  return { PATH, HOME, PDFX_DATA_DIR: dataDir, ...extra }
}

function startProgram(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [...NODE_ARGS, ...args], {
    cwd: PACKAGE_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  return { child, exited, stdout: () => stdout, stderr: () => stderr }
}

/** Resolves with the first match of `pattern` in what `read` returns, polling. */
async function waitFor(read: () => string, pattern: RegExp, child: ChildProcess): Promise<string> {
  for (;;) {
    const match = pattern.exec(read())
    if (match) return match[1] ?? match[0]
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${read()}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('the pdfx-server program', { timeout: TIMEOUT_MS }, () => {
  it('creates an account whose key works, serves, and drains requests on SIGTERM', async () => {
    // Both start at once: their start-up (tsx compiling the sources) is most of this test.
    const server = startProgram(
      ['serve'],
      environment({ PDFX_PORT: '0', PDFX_FETCH_ALLOW: '127.0.0.1/32', PDFX_LOG_LEVEL: 'warn' }),
    )
    try {
      const create = startProgram(
        ['account', 'create', '--email', 'ops@example.com', '--plan', 'free', '--json'],
        environment(),
      )
      expect(await create.exited).toBe(0)
      const created = JSON.parse(create.stdout())
      expect(Object.keys(created).sort()).toEqual(['account', 'apiKey'])
      expect(created.account).toMatchObject({ email: 'ops@example.com', plan: 'free' })
      expect(created.apiKey).toMatch(/^pdfx_[0-9A-Za-z]+$/)

      const url = await waitFor(server.stderr, /listening on (http:\/\/\S+)/, server.child)
      expect(server.stderr()).toContain('pdfx-server account create --email')
      const health = await readJson(await fetch(`${url}/health`))
      expect(health).toMatchObject({ status: 200, body: { status: 'ok' } })

      // An extraction whose origin answers slowly is in flight when SIGTERM arrives.
      const inFlight = postExtract(
        url,
        { url: `${origin.origin}/slow.pdf?ms=700` },
        { key: created.apiKey },
      )
      await waitFor(() => String(origin.hits('/slow.pdf')), /^[1-9]/, server.child)
      server.child.kill('SIGTERM')
      const response = await inFlight
      expect(response.status).toBe(200)
      expect(ExtractedDocumentSchema.parse(response.body).source.pages).toBe(1)
      expect(await server.exited).toBe(0)
      await expect(fetch(`${url}/health`)).rejects.toThrow()
    } finally {
      server.child.kill('SIGKILL')
    }
  })

  it('explains a bad configuration and exits with 1', async () => {
    const program = startProgram(['serve'], environment({ PDFX_PORT: 'eighty' }))
    expect(await program.exited).toBe(1)
    expect(program.stderr()).toContain('PDFX_PORT: expected a port 0-65535, got "eighty"')
  })
})
