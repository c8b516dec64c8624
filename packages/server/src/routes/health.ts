import { type Health, HealthSchema } from '@pdfx/schema'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/**
 * `GET /health`: 200 while the server takes requests. While it shuts down, fastify answers 503
 * for new requests (`return503OnClosing`), which is what a load balancer needs to see.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const ok: Health = { status: 'ok' }
  app.get('/health', { schema: { response: { 200: HealthSchema } } }, async () => ok)
}
