// Writes packages/schema/openapi.json from the schemas; with --check, fails when it is stale.
import { readFile, writeFile } from 'node:fs/promises'
import { OPENAPI_PATH, renderOpenApiFile } from './openapi-file'

const expected = renderOpenApiFile()

if (process.argv.includes('--check')) {
  const committed = await readFile(OPENAPI_PATH, 'utf8').catch(() => undefined)
  if (committed !== expected) {
    console.error(`${OPENAPI_PATH} is out of date: run \`pnpm -F @pdfx/schema openapi\`.`)
    process.exit(1)
  }
  console.log(`${OPENAPI_PATH} is up to date.`)
} else {
  await writeFile(OPENAPI_PATH, expected)
  console.log(`Wrote ${OPENAPI_PATH}.`)
}
