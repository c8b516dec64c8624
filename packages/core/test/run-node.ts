import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * The built package, for tests that run it in a plain Node process, as users do (`pnpm install`
 * builds it): under vitest pdf.js is loaded in a way that does not run its Node set-up.
 */
export const DIST = fileURLToPath(new URL('../dist/index.js', import.meta.url))

/** What an ES module script prints, run by a fresh Node process. */
export function runNode(script: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    execFile('node', ['--input-type=module', '-e', script], (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    )
  })
}
