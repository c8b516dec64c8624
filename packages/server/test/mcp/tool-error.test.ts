import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { withErrorBodies } from '../../src/mcp/tool-error.js'

const answer = (result: Record<string, unknown>): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id: 7,
  result,
})
const textError = (text: string) => answer({ isError: true, content: [{ type: 'text', text }] })
const bodyOf = (message: JSONRPCMessage) => {
  const result =
    'result' in message ? (message.result as { content: { text: string }[] }) : undefined
  return JSON.parse(result?.content[0]?.text ?? '')
}

describe('withErrorBodies', () => {
  it('gives the SDK refusal of a call the REST error body', () => {
    const message = textError('MCP error -32602: Tool ocr_pdf not found')
    expect(bodyOf(withErrorBodies(message, undefined))).toEqual({
      error: { code: 'invalid_request', message: 'Tool ocr_pdf not found' },
    })
  })

  it('reports a result that fails its own output schema as internal, without its details', () => {
    const logged: unknown[] = []
    const log = { error: (entry: unknown) => logged.push(entry) } as never
    const message = textError('MCP error -32602: Output validation error: secret detail')
    const body = bodyOf(withErrorBodies(message, log))
    expect(body.error.code).toBe('internal')
    expect(JSON.stringify(body)).not.toContain('secret detail')
    expect(logged).toHaveLength(1)
  })

  it('leaves results and errors that already carry the body as they are', () => {
    const ours = textError(JSON.stringify({ error: { code: 'not_a_pdf', message: 'No PDF' } }))
    const success = answer({ content: [{ type: 'text', text: 'MCP error -32602: quoted text' }] })
    expect(withErrorBodies(ours, undefined)).toBe(ours)
    expect(withErrorBodies(success, undefined)).toBe(success)
  })

  it('rewrites error text that only looks like a body: an unknown code is no error body', () => {
    const lookalike = textError(JSON.stringify({ error: { code: 'teapot', message: 'x' } }))
    expect(bodyOf(withErrorBodies(lookalike, undefined)).error.code).toBe('invalid_request')
  })
})
