import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import {
  DocLinkListSchema,
  DocLinkRevokedSchema,
  DocLinkSchema,
  DocLinkStatsSchema,
  ErrorBodySchema,
} from '@pdfx/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createExtractionPool, type ExtractionPool } from '../../src/isolation/index.js'
import { MCP_PATH } from '../../src/mcp/index.js'
import {
  type PdfOrigin,
  startPdfOrigin,
  startTestServer,
  type TestServer,
  TIMEOUT_MS,
} from '../app/harness.js'

// The four Doc Link tools through a real server: the same rules and errors as REST.
let pool: ExtractionPool
let origin: PdfOrigin
let app: TestServer
const clients: Client[] = []

beforeAll(async () => {
  pool = createExtractionPool({ size: 1 })
  origin = await startPdfOrigin()
  app = await startTestServer({ pool })
}, TIMEOUT_MS)

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()))
  await app?.close()
  await origin?.close()
  await pool?.close()
})

async function connect(key?: string): Promise<Client> {
  const client = new Client({ name: 'pdfx-link-tools-test', version: '0.0.0' })
  const headers = key === undefined ? undefined : { authorization: `Bearer ${key}` }
  await client.connect(
    new StreamableHTTPClientTransport(
      new URL(`${app.url}${MCP_PATH}`),
      headers && { requestInit: { headers } },
    ),
  )
  clients.push(client)
  return client
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult
}

function text(result: CallToolResult): string {
  return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n')
}

function errorOf(result: CallToolResult) {
  expect(result.isError).toBe(true)
  return ErrorBodySchema.parse(JSON.parse(text(result))).error
}

async function newKey(plan: 'free' | 'pro'): Promise<string> {
  const email = `mcp-links-${Math.random().toString(36).slice(2)}@example.com`
  return (await app.server.store.createAccount({ email, plan })).apiKey
}

describe('Doc Link tools', { timeout: TIMEOUT_MS }, () => {
  it('need an API key', async () => {
    const anonymous = await connect()
    const url = `${origin.origin}/one.pdf`
    for (const [name, args] of [
      ['create_doc_link', { url }],
      ['list_doc_links', {}],
      ['get_doc_link_stats', { id: 'lnk_aaaaaaaaaaaaaaaa' }],
      ['revoke_doc_link', { id: 'lnk_aaaaaaaaaaaaaaaa' }],
    ] as const) {
      expect(errorOf(await call(anonymous, name, args)).code).toBe('unauthorized')
    }
    expect(origin.hits('/one.pdf')).toBe(0)
  })

  it('create, list, read and revoke a link, with a text rendering of each', async () => {
    const client = await connect(await newKey('pro'))
    const created = await call(client, 'create_doc_link', {
      url: `${origin.origin}/one.pdf`,
      name: 'Board deck',
    })
    const link = DocLinkSchema.parse(created.structuredContent)
    expect(text(created)).toContain(link.link)

    const listed = await call(client, 'list_doc_links')
    expect(DocLinkListSchema.parse(listed.structuredContent).links.map((each) => each.id)).toEqual([
      link.id,
    ])
    expect(text(listed)).toContain('"Board deck"')

    const stats = await call(client, 'get_doc_link_stats', { id: link.slug, includeVisits: true })
    expect(DocLinkStatsSchema.parse(stats.structuredContent)).toMatchObject({
      id: link.id,
      plan: 'pro',
      totalViews: 0,
      visits: [],
      pages: [],
    })
    expect(text(stats)).toContain('Views: 0')

    const revoked = await call(client, 'revoke_doc_link', { id: link.id })
    expect(DocLinkRevokedSchema.parse(revoked.structuredContent)).toEqual({
      id: link.id,
      slug: link.slug,
      disabled: true,
    })
    expect((await call(client, 'revoke_doc_link', { id: link.id })).isError).toBeFalsy()
  })

  it('refuse what REST refuses, with the same codes', async () => {
    const free = await connect(await newKey('free'))
    const url = `${origin.origin}/one.pdf`
    expect(errorOf(await call(free, 'create_doc_link', { url, slug: 'my-deck' })).code).toBe(
      'plan_limit',
    )
    expect(
      errorOf(await call(free, 'create_doc_link', { url: `${origin.origin}/page.pdf` })).code,
    ).toBe('not_a_pdf')
    const owner = await connect(await newKey('pro'))
    const link = DocLinkSchema.parse(
      (await call(owner, 'create_doc_link', { url })).structuredContent,
    )
    expect(errorOf(await call(free, 'get_doc_link_stats', { id: link.id })).code).toBe('not_found')
    expect(errorOf(await call(free, 'revoke_doc_link', { id: link.slug })).code).toBe('not_found')
    expect((await app.server.linkStore.findBySlug(link.slug))?.revokedAt).toBeNull()
  })
})
