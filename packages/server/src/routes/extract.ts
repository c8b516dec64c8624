import {
  ErrorBodySchema,
  ExtractedDocumentSchema,
  ExtractRequestSchema,
  PdfxError,
} from '@pdfx/schema'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { authenticate } from '../plugins/auth.js'
import { setRateLimitHeaders } from '../plugins/rate-limit-headers.js'
import type { ExtractionService } from '../service/extraction-service.js'
import type { Store } from '../store/index.js'

/** What the extraction route needs. */
export interface ExtractRoutesOptions {
  service: ExtractionService
  store: Store
}

/** `POST /extract` (SPEC §4.1): authenticate, count the request, then hand over to the service. */
export const extractRoutes: FastifyPluginAsyncZod<ExtractRoutesOptions> = async (
  app,
  { service, store },
) => {
  app.post(
    '/extract',
    {
      schema: {
        body: ExtractRequestSchema,
        response: { 200: ExtractedDocumentSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
      // Before the body is read: a refused key or an exhausted rate limit costs no parsing.
      onRequest: async (request, reply) => {
        const caller = await authenticate(store, request)
        setRateLimitHeaders(reply, await service.admit(caller))
      },
    },
    async (request, reply) => {
      const caller = request.caller
      if (caller === undefined) throw new Error('extract route ran without a caller')
      return service.extract(caller, request.body, disconnectSignal(request, reply))
    },
  )
}

/**
 * Aborts when the client goes away before its answer is written, so the fetch and the child
 * process stop working for nobody; an account is then not charged either.
 */
function disconnectSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) {
      request.log.info('client closed the connection before the answer')
      controller.abort(new PdfxError('invalid_request', 'The client closed the connection'))
    }
  })
  return controller.signal
}
