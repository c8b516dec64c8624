import {
  CreateLinkRequestSchema,
  DocLinkListSchema,
  DocLinkRevokedSchema,
  DocLinkSchema,
  DocLinkStatsSchema,
  ErrorBodySchema,
  LinkPathParamsSchema,
  PdfxError,
  StatsQuerySchema,
} from '@pdfx/schema'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AccountCaller, LinkService } from '../links/link-service.js'
import { authenticate } from '../plugins/auth.js'
import { setRateLimitHeaders } from '../plugins/rate-limit-headers.js'
import type { ExtractionService } from '../service/extraction-service.js'
import type { Store } from '../store/index.js'

/** What the Doc Link routes need. */
export interface LinkRoutesOptions {
  links: LinkService
  /** Its `admit` applies the per-key request limit, shared with extraction. */
  service: ExtractionService
  store: Store
}

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema }

/** `POST/GET /links` and `GET/DELETE /links/{id}` (SPEC §4.2-4.5); every one needs a key. */
export const linkRoutes: FastifyPluginAsyncZod<LinkRoutesOptions> = async (
  app,
  { links, service, store },
) => {
  // A DELETE carries the JSON content type as request-forgery protection but usually no body;
  // fastify's JSON parser would refuse the empty body, so it is read as no body here.
  const jsonParser = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.method === 'DELETE' && body === '') return done(null, undefined)
    jsonParser(request, body as string, done)
  })
  // Before the body is read: a missing key or an exhausted rate limit costs no parsing.
  app.addHook('onRequest', async (request, reply) => {
    const caller = await authenticate(store, request, { requireKey: true })
    setRateLimitHeaders(reply, await service.admit(caller))
  })

  app.post(
    '/links',
    { schema: { body: CreateLinkRequestSchema, response: { 200: DocLinkSchema, ...errors } } },
    async (request) => links.create(accountOf(request), request.body),
  )
  app.get('/links', { schema: { response: { 200: DocLinkListSchema, ...errors } } }, (request) =>
    links.list(accountOf(request)),
  )
  app.get(
    '/links/:id',
    {
      schema: {
        params: LinkPathParamsSchema,
        querystring: StatsQuerySchema,
        response: { 200: DocLinkStatsSchema, ...errors },
      },
    },
    (request) =>
      links.stats(accountOf(request), request.params.id, {
        includeVisits: request.query.include === 'visits',
      }),
  )
  app.delete(
    '/links/:id',
    {
      schema: { params: LinkPathParamsSchema, response: { 200: DocLinkRevokedSchema, ...errors } },
    },
    (request) => links.revoke(accountOf(request), request.params.id),
  )
}

function accountOf(request: FastifyRequest): AccountCaller {
  const caller = request.caller
  // The onRequest hook refuses anonymous callers; reaching here without an account is a bug.
  if (caller?.kind !== 'account') throw new PdfxError('unauthorized', 'An API key is required')
  return caller
}
