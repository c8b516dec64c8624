import { type ErrorCode, isPdfxError, PdfxError } from '@pdfx/schema'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { setRateLimitHeaders } from './plugins/rate-limit-headers.js'
import { isRateLimitedError } from './service/extraction-service.js'

/** Most validation problems listed in one error message; the rest are counted. */
const MAX_LISTED_ISSUES = 5

/** Fastify's own request errors that mean something of ours; its messages are safe to show. */
const FASTIFY_CODES: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_request', message: 'The body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_request', message: 'The JSON body is empty' },
  // 413 belongs to pdf_too_large; a request body over the limit is just a bad request.
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'invalid_request', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'forbidden',
    message: 'Requests that change data must send content-type: application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_request',
    message: 'The body does not match its Content-Length',
  },
}

/**
 * The one translation of anything thrown into a PdfxError. Fastify's request errors and schema
 * validation become `invalid_request` (or what they mean); anything unexpected is `internal`
 * with a fixed message, and its details stay in the log.
 */
export function toPdfxError(error: unknown): PdfxError {
  if (isPdfxError(error)) return error
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new PdfxError('invalid_request', validationMessage(error), { cause: error })
  }
  const fastifyError = error as Partial<FastifyError> | null
  const known = FASTIFY_CODES[String(fastifyError?.code)]
  if (known)
    return new PdfxError(known.code, known.message ?? String(fastifyError?.message), {
      cause: error,
    })
  const status = fastifyError?.statusCode
  if (
    typeof status === 'number' &&
    status >= 400 &&
    status < 500 &&
    typeof fastifyError?.code === 'string' &&
    fastifyError.code.startsWith('FST_')
  ) {
    const code: ErrorCode = status === 404 ? 'not_found' : 'invalid_request'
    return new PdfxError(code, fastifyError.message ?? 'Invalid request', { cause: error })
  }
  return new PdfxError('internal', 'Internal error', { cause: error })
}

function validationMessage(error: {
  validation: { instancePath: string; message?: string }[]
  validationContext?: string
}): string {
  const where = error.validationContext ?? 'request'
  const issues = error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
    return path === '' ? (issue.message ?? 'invalid') : `${path}: ${issue.message ?? 'invalid'}`
  })
  const listed = issues.slice(0, MAX_LISTED_ISSUES).join('; ')
  const more =
    issues.length > MAX_LISTED_ISSUES ? ` (and ${issues.length - MAX_LISTED_ISSUES} more)` : ''
  return `Invalid ${where}: ${listed}${more}`
}

/**
 * Installs the error handler and the not-found handler: every failure leaves as
 * `{ error: { code, message } }` with the status of its code. Server faults are logged with
 * their cause at `error`; client faults at `info`, without a stack.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const pdfxError = toPdfxError(error)
    if (pdfxError.status >= 500) {
      request.log.error({ err: error }, 'request failed')
    } else {
      request.log.info({ code: pdfxError.code, message: pdfxError.message }, 'request refused')
    }
    if (isRateLimitedError(pdfxError)) {
      setRateLimitHeaders(reply, pdfxError.rateLimit)
      reply.header('retry-after', String(pdfxError.retryAfterSeconds))
    }
    if (pdfxError.code === 'unauthorized') reply.header('www-authenticate', 'Bearer')
    return reply.status(pdfxError.status).send(pdfxError.toBody())
  })
  app.setNotFoundHandler((request, reply) => {
    const error = new PdfxError(
      'not_found',
      `No route ${request.method} ${request.url.split('?')[0]}`,
    )
    return reply.status(error.status).send(error.toBody())
  })
}
