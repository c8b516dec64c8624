import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { FastifyBaseLogger } from 'fastify'
import { toPdfxError } from '../http-errors.js'

/**
 * The tool error for a failed call: `isError` and one text block holding the REST error body
 * `{"error":{"code","message"}}`. There is deliberately no `structuredContent`: the SDK's client
 * checks any structured content against the tool's output schema, error results included, so an
 * error object there would fail every client that listed the tools first.
 */
export function toolError(error: unknown, log: FastifyBaseLogger | undefined): CallToolResult {
  // REST's translation, so a tool fails with the code and message REST would answer with.
  const failure = toPdfxError(error)
  // Details of unexpected failures go to the log, never on the wire.
  if (failure.status >= 500) log?.error({ err: error }, 'MCP tool call failed')
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(failure.toBody()) }] }
}
