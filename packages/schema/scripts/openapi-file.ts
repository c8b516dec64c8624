import { fileURLToPath } from 'node:url'
import { buildOpenApiDocument } from '../src/openapi'

/** Where the committed OpenAPI document lives: packages/schema/openapi.json. */
export const OPENAPI_PATH = fileURLToPath(new URL('../openapi.json', import.meta.url))

/** The exact text of openapi.json: 2-space JSON and a trailing newline. */
export function renderOpenApiFile(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`
}
