import type { McpServer, ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { AnySchema, SchemaOutput } from '@modelcontextprotocol/sdk/server/zod-compat.js'
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import { PdfxError } from '@pdfx/schema'
import type { FastifyBaseLogger } from 'fastify'
import type { Caller } from '../service/extraction-service.js'
import { toolError } from './tool-error.js'

/** What one tool call knows about its request. */
export interface ToolContext {
  caller: Caller
  /** Aborted when the client cancels the call or the HTTP connection closes. */
  signal: AbortSignal
}

/** A tool's answer: `structured` becomes `structuredContent`, `text` the text rendering. */
export interface ToolOutput<Structured> {
  structured: Structured
  /** One text block each; the first renders the result, later ones add notes such as warnings. */
  text: readonly string[]
}

/** Everything a tool is: its name, schemas and what it does; `defineTool` makes it registrable. */
export interface ToolSpec<Input extends AnySchema, Output extends AnySchema> {
  name: string
  title: string
  description: string
  /** `optional`: anonymous callers too (extraction); `account`: needs an API key (Doc Links). */
  access: 'optional' | 'account'
  /** From @pdfx/schema; the SDK validates arguments against it and lists it as JSON Schema. */
  inputSchema: Input
  /** Object schema `structured` satisfies; the SDK checks it before answering. */
  outputSchema: Output
  annotations?: ToolAnnotations
  run(input: SchemaOutput<Input>, context: ToolContext): Promise<ToolOutput<SchemaOutput<Output>>>
}

/** Per-request facts every tool call shares: who calls, the rate limit and the request's log. */
export interface ToolSession {
  caller: Caller
  /** Counts one call against the caller's rate limit; throws `rate_limited` when over it. */
  admit(): Promise<void>
  log: FastifyBaseLogger
}

/** A tool in the list `createMcpTools` returns, ready to register on a per-request server. */
export interface McpTool {
  readonly name: string
  register(server: McpServer, session: ToolSession): void
}

/**
 * Turns a spec into a registrable tool. Every call checks access, then the rate limit (so
 * `initialize` and `tools/list` are never counted), then runs; any failure becomes a tool error
 * carrying the REST error body.
 */
export function defineTool<Input extends AnySchema, Output extends AnySchema>(
  spec: ToolSpec<Input, Output>,
): McpTool {
  return {
    name: spec.name,
    register(server, session) {
      const call = async (
        input: SchemaOutput<Input>,
        { signal }: { signal: AbortSignal },
      ): Promise<CallToolResult> => {
        try {
          if (spec.access === 'account' && session.caller.kind !== 'account') {
            throw new PdfxError(
              'unauthorized',
              `${spec.name} needs an API key: send "Authorization: Bearer <API key>"`,
            )
          }
          await session.admit()
          const output = await spec.run(input, { caller: session.caller, signal })
          return {
            content: output.text.map((text) => ({ type: 'text', text })),
            structuredContent: output.structured as Record<string, unknown>,
          }
        } catch (error) {
          return toolError(error, signal.aborted ? undefined : session.log)
        }
      }
      server.registerTool(
        spec.name,
        {
          title: spec.title,
          description: spec.description,
          inputSchema: spec.inputSchema,
          outputSchema: spec.outputSchema,
          ...(spec.annotations && { annotations: spec.annotations }),
        },
        // ToolCallback<Input> is a conditional type TypeScript cannot resolve for a generic Input;
        // for an object schema it is exactly the signature of `call`.
        call as ToolCallback<Input>,
      )
    },
  }
}
