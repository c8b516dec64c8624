import {
  type CallToolResult,
  CallToolResultSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js'
import { ErrorBodySchema, PdfxError } from '@pdfx/schema'
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
  return errorResult(failure)
}

function errorResult(failure: PdfxError): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(failure.toBody()) }] }
}

/**
 * A message on its way to the client, with the tool errors the SDK writes itself given the REST
 * error body too. The SDK answers arguments that fail a tool's input schema, and unknown tools,
 * before any tool code runs, with its own text ("MCP error -32602: Input validation error: ...");
 * those become `invalid_request` with that text as the message. A tool result that fails its
 * own output schema is our bug: `internal`, its details left to the log.
 */
export function withErrorBodies(
  message: JSONRPCMessage,
  log: FastifyBaseLogger | undefined,
): JSONRPCMessage {
  // Checked before parsing: only errors are rewritten, and extraction results can be large.
  const answer = 'result' in message ? (message.result as { isError?: unknown }) : undefined
  if (answer?.isError !== true) return message
  const result = CallToolResultSchema.safeParse(answer)
  const block =
    result.success && result.data.content.length === 1 ? result.data.content[0] : undefined
  const text = block?.type === 'text' ? block.text : undefined
  if (text === undefined || isErrorBody(text)) return message
  let failure: PdfxError
  if (text.includes('Output validation error')) {
    log?.error({ detail: text }, 'MCP tool result failed its output schema')
    failure = new PdfxError('internal', 'The tool failed to produce a valid result')
  } else {
    failure = new PdfxError('invalid_request', text.replace(/^MCP error -?\d+: /, ''))
  }
  return { ...message, result: errorResult(failure) }
}

function isErrorBody(text: string): boolean {
  try {
    return ErrorBodySchema.safeParse(JSON.parse(text)).success
  } catch {
    return false
  }
}
