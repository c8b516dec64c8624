import { expect, it } from 'vitest'
import { buildPdf } from './pdf-builder.js'
import { DIST, runNode } from './run-node.js'

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
  expect((await runNode(script)).trim()).toBe('true|true|true')
})
