import { PdfxError } from '@pdfx/schema'
import type { FastifyRequest } from 'fastify'

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Refuses a mutating request that does not declare `content-type: application/json` with 403
 * `forbidden` (SPEC §5.7). Browsers send cross-site form posts only as form or text types without
 * a preflight, so demanding JSON is the request-forgery protection.
 */
export async function requireJsonContentType(request: FastifyRequest): Promise<void> {
  if (!MUTATING_METHODS.has(request.method)) return
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/json') {
    throw new PdfxError(
      'forbidden',
      'Requests that change data must send content-type: application/json',
    )
  }
}
