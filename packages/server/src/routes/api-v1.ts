import { buildOpenApiDocument } from '@pdfx/schema'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireJsonContentType } from '../plugins/json-only.js'
import type { ExtractionService } from '../service/extraction-service.js'
import type { Store } from '../store/index.js'
import { extractRoutes } from './extract.js'

/** What the `/api/v1` routes need. */
export interface ApiV1Options {
  service: ExtractionService
  store: Store
}

/**
 * Everything under `/api/v1`. Each route is a plugin of its own file, registered here; the Doc
 * Link routes (issue 6) register beside `extractRoutes` and inherit the JSON-only hook.
 */
export const apiV1Routes: FastifyPluginAsyncZod<ApiV1Options> = async (app, { service, store }) => {
  app.addHook('onRequest', requireJsonContentType)
  // Built once: it only depends on the schemas.
  const openApiDocument = buildOpenApiDocument()
  app.get('/openapi.json', async () => openApiDocument)
  // Only what the routes need: passing `options` on would hand them this plugin's prefix too.
  await app.register(extractRoutes, { service, store })
}
