import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { DocLinkListSchema, ListDocLinksInputSchema } from '@pdfx/schema'
import fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { createMcpServer } from '../../src/mcp/server.js'
import { defineTool, type ToolContext } from '../../src/mcp/tool.js'
import type { Caller } from '../../src/service/extraction-service.js'

// The wrapper every tool goes through, on tools shaped like the Doc Link ones that come next.

const ANONYMOUS: Caller = { kind: 'anonymous', ip: '127.0.0.1' }
const ACCOUNT: Caller = {
  kind: 'account',
  keyId: 'key_test',
  ip: '127.0.0.1',
  account: {
    id: 'acc_test',
    email: 'a@example.com',
    plan: 'free',
    createdAt: '2026-01-01T00:00:00.000Z',
    credits: 0,
    usageMonth: '2026-01',
    monthPages: 0,
  },
}

/** Calls `list_doc_links` (an account tool whose run is `run`) as `caller`, over memory. */
async function callAs(
  caller: Caller,
  run: (context: ToolContext) => Promise<void> = async () => {},
) {
  const admitted: Caller[] = []
  const logged: string[] = []
  const log = fastify({
    logger: { level: 'error', stream: { write: (line) => logged.push(line) } },
  }).log
  const tool = defineTool({
    name: 'list_doc_links',
    title: 'List Doc Links',
    description: 'Lists the Doc Links of the key’s account.',
    access: 'account',
    inputSchema: ListDocLinksInputSchema,
    outputSchema: DocLinkListSchema,
    run: async (_input, context) => {
      await run(context)
      return { structured: { links: [] }, text: ['No Doc Links yet.'] }
    },
  })
  const server = createMcpServer([tool], {
    caller,
    admit: async () => {
      admitted.push(caller)
    },
    log,
  })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  const client = new Client({ name: 'pdfx-test', version: '0.0.0' })
  await Promise.all([server.connect(serverSide), client.connect(clientSide)])
  try {
    const result = (await client.callTool({
      name: 'list_doc_links',
      arguments: {},
    })) as CallToolResult
    return { result, admitted, logged }
  } finally {
    await client.close()
  }
}

function bodyOf(result: CallToolResult): unknown {
  const [block] = result.content
  return block?.type === 'text' ? JSON.parse(block.text) : undefined
}

describe('defineTool', () => {
  it('refuses an account tool to an anonymous caller before counting the call', async () => {
    const { result, admitted } = await callAs(ANONYMOUS)
    expect(result.isError).toBe(true)
    expect(bodyOf(result)).toEqual({
      error: { code: 'unauthorized', message: expect.stringContaining('needs an API key') },
    })
    expect(admitted).toEqual([])
  })

  it('counts and runs the call of an account, answering with structure and text', async () => {
    const { result, admitted } = await callAs(ACCOUNT)
    expect(result).toEqual({
      content: [{ type: 'text', text: 'No Doc Links yet.' }],
      structuredContent: { links: [] },
    })
    expect(admitted).toEqual([ACCOUNT])
  })

  it('turns an unexpected failure into an internal error, logging what the wire never shows', async () => {
    const { result, logged } = await callAs(ACCOUNT, async () => {
      throw new Error('database password is hunter2')
    })
    expect(bodyOf(result)).toEqual({ error: { code: 'internal', message: 'Internal error' } })
    expect(JSON.stringify(result)).not.toContain('hunter2')
    expect(logged.join('')).toContain('hunter2')
  })
})
