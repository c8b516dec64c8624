import { expect, it } from 'vitest'
import { buildPdf } from './pdf-builder.js'
import { DIST, runNode } from './run-node.js'

it('extracts without loading the canvas package, which loads when pdf.js first needs it', async () => {
  const pdf = Buffer.from(await buildPdf([[{ text: 'Nothing is drawn.', x: 72, y: 72 }]])).toString(
    'base64',
  )
  // The package is a native module of some 50 MB that pdf.js needs only to draw.
  const script = `
    const { createRequire } = await import('node:module')
    const require = createRequire(${JSON.stringify(DIST)})
    const loaded = () => Object.keys(require.cache).some((path) => path.includes('@napi-rs/canvas'))
    const { extract } = await import(${JSON.stringify(DIST)})
    const { markdown } = await extract(Buffer.from(${JSON.stringify(pdf)}, 'base64'), { mode: 'hybrid' })
    const untouched = !loaded()
    const matrix = new DOMMatrix().scaleSelf(2, 3)
    console.log([markdown.trim(), untouched, loaded(), matrix.a, matrix.d, matrix instanceof DOMMatrix].join('|'))`
  expect((await runNode(script)).trim()).toBe('Nothing is drawn.|true|true|2|3|true')
})
