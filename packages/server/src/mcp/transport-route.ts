import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isPdfxError } from '@pdfx/schema'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { LinkService } from '../links/link-service.js'
import { clientIp, resolveCaller } from '../plugins/auth.js'
import { rateLimitHeaders } from '../plugins/rate-limit-headers.js'
import {
  type Caller,
  type ExtractionService,
  isRateLimitedError,
  type RateLimitState,
} from '../service/extraction-service.js'
import type { Store } from '../store/index.js'
import { createMcpServer } from './server.js'
import { withErrorBodies } from './tool-error.js'
import { createMcpTools } from './tools.js'

/** Where the MCP endpoint listens (SPEC §4.6). */
export const MCP_PATH = '/api/mcp'

/** What the MCP endpoint needs from the app. */
export interface McpDeps {
  service: ExtractionService
  links: LinkService
  /** Resolves bearer keys, through the REST auth plugin's `resolveCaller`. */
  store: Store
}

// JSON-RPC bodies for answers the transport never gets to give, in the SDK's own codes.
const METHOD_NOT_ALLOWED = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless, use POST' },
  id: null,
}
const INTERNAL_ERROR = {
  jsonrpc: '2.0',
  error: { code: -32603, message: 'Internal server error' },
  id: null,
}

/**
 * Mounts the stateless Streamable HTTP MCP endpoint at `/api/mcp`. Each POST resolves its caller
 * (a bad key is a 401 with the REST error body, before any MCP processing), then gets a server
 * and transport of its own that answer with plain JSON rather than an SSE stream. GET (the
 * server-to-client stream) and DELETE (ending a session) have nothing to serve without
 * sessions: 405, which SDK clients take as "no stream".
 */
export function registerMcp<
  Logger extends FastifyBaseLogger,
  TypeProvider extends FastifyTypeProvider,
>(
  app: FastifyInstance<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    Logger,
    TypeProvider
  >,
  deps: McpDeps,
): void {
  const tools = createMcpTools({ extraction: deps.service, links: deps.links })

  app.post(MCP_PATH, async (request, reply) => {
    let caller: Caller
    try {
      // REST's resolution, so an anonymous caller is the same client bucket on both.
      caller = await resolveCaller(deps.store, request.headers.authorization, clientIp(request))
    } catch (error) {
      // Answered here rather than thrown: the body is REST's even without the app's handler.
      if (!isPdfxError(error)) throw error
      return reply.code(error.status).send(error.toBody())
    }
    // The transport writes the answer once every call settled, so the rate-limit state of the
    // last tools/call still reaches the HTTP headers, as on REST.
    const showRateLimit = (state: RateLimitState) => {
      if (reply.raw.headersSent) return
      for (const [name, value] of Object.entries(rateLimitHeaders(state))) {
        reply.raw.setHeader(name, value)
      }
    }
    const server = createMcpServer(tools, {
      caller,
      admit: async () => {
        try {
          showRateLimit(await deps.service.admit(caller))
        } catch (error) {
          if (isRateLimitedError(error)) showRateLimit(error.rateLimit)
          throw error
        }
      },
      log: request.log,
    })
    // Stateless: no `sessionIdGenerator` (exactOptionalPropertyTypes refuses an explicit
    // undefined). JSON responses: every tool answers once, with no progress or log notifications
    // to stream, and a plain JSON body is what proxies, curl and simple clients handle best.
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true })
    // Every failed call answers with the REST error body, the SDK's own refusals included.
    const send = transport.send.bind(transport)
    transport.send = (message, options) => send(withErrorBodies(message, request.log), options)
    // The transport writes the response itself; fastify must not answer as well.
    reply.hijack()
    // Closing the server aborts the `signal` of running tool calls, so a client that hangs up
    // stops its extraction; after a normal answer it only releases the pair.
    const closed = new Promise<void>((resolve) => {
      reply.raw.once('close', () => {
        server
          .close()
          .catch((error: unknown) => request.log.warn({ err: error }, 'MCP close failed'))
        resolve()
      })
    })
    try {
      await server.connect(transport)
      // Fastify has parsed the JSON body already (the request stream is consumed). In JSON mode
      // the transport never settles a request whose client hung up, hence the race: without it
      // the handler would hang, and app.close() with it.
      await Promise.race([transport.handleRequest(request.raw, reply.raw, request.body), closed])
    } catch (error) {
      request.log.error({ err: error }, 'MCP request failed')
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' })
        reply.raw.end(JSON.stringify(INTERNAL_ERROR))
      }
    }
  })

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_PATH,
      handler: async (_request, reply) =>
        reply.code(405).header('allow', 'POST').send(METHOD_NOT_ALLOWED),
    })
  }
}
