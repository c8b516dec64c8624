import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { buildPdf } from './pdf-builder.js'

// Under vitest pdf.js is loaded in a way that does not install its polyfills, so this runs the
// built package in a plain Node process, as users do (`pnpm install` builds it).
const DIST = fileURLToPath(new URL('../dist/index.js', import.meta.url))

it('leaves Array.prototype.push and JSON native after pdf.js is loaded', async () => {
  const pdf = Buffer.from(await buildPdf([[{ text: 'Natives stay.', x: 72, y: 72 }]])).toString(
    'base64',
  )
  // Identity, not toString: core-js makes its polyfills print as "[native code]".
  const script = `
    const natives = [Array.prototype.push, JSON.parse, JSON.stringify]
    const { extract } = await import(${JSON.stringify(DIST)})
    await extract(Buffer.from(${JSON.stringify(pdf)}, 'base64'))
    const now = [Array.prototype.push, JSON.parse, JSON.stringify]
    console.log(now.map((fn, i) => fn === natives[i]).join('|'))`
  const output = await new Promise<string>((resolve, reject) => {
    execFile('node', ['--input-type=module', '-e', script], (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    )
  })
  expect(output.trim()).toBe('true|true|true')
})
