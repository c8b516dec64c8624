import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { LogLevel, TrustProxy } from './config.js'
import { registerErrorHandling } from './http-errors.js'
import type { LinkService } from './links/link-service.js'
import { registerMcp } from './mcp/index.js'
import { apiV1Routes } from './routes/api-v1.js'
import { healthRoutes } from './routes/health.js'
import type { ExtractionService } from './service/extraction-service.js'
import type { Store } from './store/index.js'
import { type ViewerOptions, viewerRoutes } from './viewer/viewer-routes.js'

/** Largest request body accepted, in bytes: requests are small JSON, never PDFs. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024

/** Request fields the logger must never write, wherever they appear in a log line. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
]

/** What the app is built from; it owns none of it (the caller closes the store and the rest). */
export interface AppDeps {
  store: Store
  service: ExtractionService
  links: LinkService
  /** The public Doc Link viewer at `/d/<slug>`; without it the app serves the API only. */
  viewer?: ViewerOptions
  /** pino logger settings, or false (the default) for no logging; `stream` defaults to stdout. */
  logger?: false | { level?: LogLevel; stream?: { write(line: string): void } }
  /** fastify `trustProxy` (`PDFX_TRUST_PROXY`); false by default. */
  trustProxy?: TrustProxy
  bodyLimitBytes?: number
}

/**
 * Builds the REST app (health, OpenAPI document, extraction, Doc Links) and the MCP endpoint on fastify with zod validation and
 * serialization. It never listens: `main.ts` does, tests use `inject()` or port 0.
 */
export function buildApp(deps: AppDeps): FastifyInstance {
  const app = Fastify({
    logger:
      deps.logger === undefined || deps.logger === false
        ? false
        : {
            level: deps.logger.level ?? 'info',
            ...(deps.logger.stream && { stream: deps.logger.stream }),
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            serializers: { req: serializeRequest },
          },
    trustProxy: toFastifyTrustProxy(deps.trustProxy ?? false),
    bodyLimit: deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    // Unique across instances, so one id finds a request in the logs of a whole deployment.
    genReqId: () => randomUUID(),
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  // While closing, answers in flight tell their clients to hang up: an idle keep-alive connection
  // would otherwise hold `app.close()` open until the client drops it.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
    if (closing) reply.header('connection', 'close')
  })

  void app.register(healthRoutes)
  void app.register(apiV1Routes, {
    prefix: '/api/v1',
    service: deps.service,
    links: deps.links,
    store: deps.store,
  })
  registerMcp(app, { service: deps.service, links: deps.links, store: deps.store })
  if (deps.viewer) void app.register(viewerRoutes, deps.viewer)
  return app
}

/**
 * What a log line says of a request. Not the client's address (no raw IP is ever stored, logs
 * included), and no query string on the viewer's routes, where it carries a visitor's email or a
 * file token.
 */
function serializeRequest(request: FastifyRequest): Record<string, string> {
  const url = request.url.startsWith('/d/') ? request.url.replace(/\?.*$/, '') : request.url
  return { method: request.method, url }
}

// fastify takes a hop count at run time, but its types do not say so: count hops in a function.
function toFastifyTrustProxy(trustProxy: TrustProxy): boolean | string[] | TrustHop {
  if (typeof trustProxy !== 'number') return trustProxy
  return (_address, hop) => hop < trustProxy
}

type TrustHop = (address: string, hop: number) => boolean
