import { readFile } from 'node:fs/promises'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { OPENAPI_PATH, renderOpenApiFile } from '../scripts/openapi-file'
import { buildOpenApiDocument, type JsonObject } from './openapi'

const document = buildOpenApiDocument()
const { schemas, responses, headers, securitySchemes } = document.components

type Operation = {
  operationId: string
  security: unknown
  parameters?: unknown
  responses: Record<string, JsonObject>
}

// Every operation as [method, path, operation], in document order.
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>)
    .filter(([method]) => method !== 'parameters')
    .map(([method, op]) => [method, path, op] as const),
)

function operation(method: string, path: string): Operation {
  const found = operations.find((entry) => entry[0] === method && entry[1] === path)
  if (found === undefined) throw new Error(`no ${method} ${path}`)
  return found[2]
}

// Every `$ref` string anywhere below `value`.
function collectRefs(value: unknown, refs: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, refs)
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') refs.push(child)
      else collectRefs(child, refs)
    }
  }
  return refs
}

describe('openapi.json', () => {
  it('is committed and matches a fresh build (run `pnpm -F @pdfx/schema openapi`)', async () => {
    expect(await readFile(OPENAPI_PATH, 'utf8')).toBe(renderOpenApiFile())
  })

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document)
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
  })

  it('is rejected by the validator when broken, so the check above means something', async () => {
    const broken = { ...document, paths: { '/health': { get: { responses: 'none' } } } }
    expect((await new Validator().validate(broken)).valid).toBe(false)
  })

  it('describes version 1.1.0 with bearer authentication', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.version).toBe('1.1.0')
    expect(securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    })
  })

  it('has every operation of the SPEC with the statuses of section 7', () => {
    expect(operations.map(([method, path, op]) => `${method} ${path} ${op.operationId}`)).toEqual([
      'get /health getHealth',
      'post /api/v1/extract extractPdf',
      'post /api/v1/links createDocLink',
      'get /api/v1/links listDocLinks',
      'get /api/v1/links/{id} getDocLinkStats',
      'delete /api/v1/links/{id} revokeDocLink',
    ])
    const spec: [string, string, string[]][] = [
      ['post', '/api/v1/extract', ['200', '400', '401', '402', '413', '415', '424', '429']],
      ['post', '/api/v1/links', ['200', '400', '401', '402', '409', '413', '415', '424', '429']],
      ['get', '/api/v1/links', ['200', '401', '429']],
      ['get', '/api/v1/links/{id}', ['200', '401', '404', '429']],
      ['delete', '/api/v1/links/{id}', ['200', '401', '403', '404', '429']],
    ]
    for (const [method, path, required] of spec) {
      expect(Object.keys(operation(method, path).responses)).toEqual(
        expect.arrayContaining(required),
      )
    }
  })

  it('answers every error status with the ErrorBody schema', () => {
    const errors = operations.flatMap(([, , op]) =>
      Object.entries(op.responses).filter(([status]) => status !== '200'),
    )
    expect(errors.length).toBeGreaterThan(20)
    for (const [, response] of errors) {
      const [shared] = collectRefs(response).filter((ref) =>
        ref.startsWith('#/components/responses/'),
      )
      const resolved = shared === undefined ? response : responses[shared.split('/').pop() ?? '']
      expect(collectRefs(resolved)).toContain('#/components/schemas/ErrorBody')
    }
  })

  it('makes the key optional on extraction only', () => {
    expect(operation('post', '/api/v1/extract').security).toEqual([{}, { bearerAuth: [] }])
    for (const [method, path, op] of operations) {
      if (path.startsWith('/api/v1/links')) {
        expect(op.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }])
      }
    }
  })

  it('sends Retry-After and the RateLimit headers with 429', () => {
    const { RateLimited } = responses
    expect(Object.keys((RateLimited as { headers: JsonObject }).headers)).toEqual([
      'Retry-After',
      'RateLimit-Policy',
      'RateLimit',
    ])
    expect(headers).toMatchObject({ 'Retry-After': { schema: { type: 'integer' } } })
    for (const [, , op] of operations.filter(([, path]) => path.startsWith('/api/'))) {
      expect(op.responses).toMatchObject({ 429: { $ref: '#/components/responses/RateLimited' } })
    }
  })

  it('takes `include=visits` on the stats endpoint', () => {
    expect(operation('get', '/api/v1/links/{id}').parameters).toEqual([
      expect.objectContaining({
        name: 'include',
        in: 'query',
        required: false,
        schema: { type: 'string', const: 'visits' },
      }),
    ])
  })

  it('resolves every $ref to a component', () => {
    const groups: Record<string, Record<string, unknown>> = { schemas, responses, headers }
    for (const ref of collectRefs(document)) {
      const [, group = '', name = ''] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? []
      expect(groups[group]?.[name], ref).toBeDefined()
    }
  })

  it('describes request bodies as written, with defaults and no unknown fields', () => {
    const { ExtractRequest, CreateLinkRequest } = schemas
    expect(ExtractRequest).toMatchObject({ required: ['url'], additionalProperties: false })
    expect(CreateLinkRequest).toMatchObject({
      additionalProperties: false,
      properties: { notifyOnOpen: { type: 'boolean', default: true } },
    })
  })
})
