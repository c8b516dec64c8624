import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { isPdfxError, PdfxError } from '@pdfx/schema'
import type { FastifyBaseLogger } from 'fastify'

/**
 * The tool error for a failed call: `isError` and one text block holding the REST error body
 * `{"error":{"code","message"}}`. There is deliberately no `structuredContent`: the SDK's client
 * checks any structured content against the tool's output schema, error results included, so an
 * error object there would fail every client that listed the tools first.
 */
export function toolError(error: unknown, log: FastifyBaseLogger | undefined): CallToolResult {
  let failure: PdfxError
  if (isPdfxError(error)) {
    failure = error
  } else {
    // Details of unexpected failures go to the log, never on the wire.
    log?.error({ err: error }, 'MCP tool call failed')
    failure = new PdfxError('internal', 'Internal error', { cause: error })
  }
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(failure.toBody()) }] }
}
