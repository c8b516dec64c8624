import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// The end-to-end tests run the built binary as a user would: `pnpm install` builds it (the root
// `prepare` script), and `pnpm -F @pdfx/cli build` rebuilds it after a change.
/** The `pdfx` binary, bin/pdfx.js, which runs dist/bin.js. */
export const BIN = fileURLToPath(new URL('../bin/pdfx.js', import.meta.url))
const BUILT = fileURLToPath(new URL('../dist/bin.js', import.meta.url))

/** What one run of the binary did. */
export interface PdfxRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Options of one run. */
export interface RunOptions {
  cwd?: string
  env?: NodeJS.ProcessEnv
  /** Options for node itself, before the script (e.g. `--import`). */
  nodeArgs?: string[]
  /** Written to stdin, which is then closed; without it stdin is empty. */
  input?: string
}

/**
 * Runs `node bin/pdfx.js ...args` with pipes (not a terminal) for stdin, stdout and stderr.
 * `env` is added to this process's environment; give a variable as '' to unset it for pdfx.
 */
export function pdfx(args: readonly string[], options: RunOptions = {}): Promise<PdfxRun> {
  if (!existsSync(BUILT)) {
    throw new Error(
      'packages/cli/dist is missing: run `pnpm -F @pdfx/cli build` (pnpm install builds it too)',
    )
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), BIN, ...args], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: 'pipe',
    })
    // pdfx may exit before reading stdin (a usage error): that is no failure of the test.
    child.stdin.on('error', () => {})
    child.stdin.end(options.input ?? '')
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text
    })
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** True when the text holds an ANSI escape sequence. */
export function hasAnsi(text: string): boolean {
  return text.includes('\u001b[')
}
