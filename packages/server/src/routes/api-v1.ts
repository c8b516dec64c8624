import { buildOpenApiDocument } from '@pdfx/schema'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { LinkService } from '../links/link-service.js'
import { requireJsonContentType } from '../plugins/json-only.js'
import type { ExtractionService } from '../service/extraction-service.js'
import type { Store } from '../store/index.js'
import { extractRoutes } from './extract.js'
import { linkRoutes } from './links.js'

/** What the `/api/v1` routes need. */
export interface ApiV1Options {
  service: ExtractionService
  links: LinkService
  store: Store
}

/**
 * Everything under `/api/v1`. Each route is a plugin of its own file, registered here, and all of
 * them inherit the JSON-only hook.
 */
export const apiV1Routes: FastifyPluginAsyncZod<ApiV1Options> = async (
  app,
  { service, links, store },
) => {
  app.addHook('onRequest', requireJsonContentType)
  // Built once: it only depends on the schemas.
  const openApiDocument = buildOpenApiDocument()
  app.get('/openapi.json', async () => openApiDocument)
  // Only what the routes need: passing `options` on would hand them this plugin's prefix too.
  await app.register(extractRoutes, { service, store })
  await app.register(linkRoutes, { links, service, store })
}
