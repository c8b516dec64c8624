import { z } from 'zod'

/** Every error code a user can see; stable lower snake case, one HTTP status each. */
export const ErrorCodeSchema = z.enum([
  'invalid_request',
  'url_not_allowed',
  'unauthorized',
  'quota_exceeded',
  'plan_limit',
  'forbidden',
  'not_found',
  'link_expired',
  'slug_taken',
  'pdf_too_large',
  'not_a_pdf',
  'pdf_encrypted',
  'pdf_damaged',
  'pdf_too_complex',
  'fetch_failed',
  'rate_limited',
  'internal',
  'unavailable',
  'timeout',
])
/** A stable error code. */
export type ErrorCode = z.infer<typeof ErrorCodeSchema>

/** The HTTP status of each error code; a code without one is a compile error. */
export const errorStatus = {
  invalid_request: 400,
  url_not_allowed: 400,
  unauthorized: 401,
  quota_exceeded: 402,
  plan_limit: 402,
  forbidden: 403,
  not_found: 404,
  // The public routes of a Doc Link whose expiresAt has passed (ARCHITECTURE: 410).
  link_expired: 410,
  slug_taken: 409,
  pdf_too_large: 413,
  not_a_pdf: 415,
  pdf_encrypted: 422,
  pdf_damaged: 422,
  pdf_too_complex: 422,
  fetch_failed: 424,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  // Raised by clients whose own deadline passed; a gateway timeout is the closest HTTP meaning.
  timeout: 504,
} as const satisfies Record<ErrorCode, number>

/** Body of every error response: `{ error: { code, message } }`. */
export const ErrorBodySchema = z.strictObject({
  error: z.strictObject({
    code: ErrorCodeSchema,
    message: z.string().describe('Human-readable; never contains internal details.'),
  }),
})
/** An error response body. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>

// Symbol.for is shared by every copy of this module (ESM and CJS builds, duplicated installs), so
// errors thrown by one copy are still recognised by another.
const PDFX_ERROR_BRAND = Symbol.for('@pdfx/schema.PdfxError')

/** The one error class: every failure a user can see carries a code from ErrorCodeSchema. */
export class PdfxError extends Error {
  override name = 'PdfxError'
  readonly code: ErrorCode

  constructor(code: ErrorCode, message: string, options?: ErrorOptions) {
    super(message, options) // what went wrong underneath stays available as `cause`
    this.code = code
  }

  /** Marks instances for isPdfxError across module copies. */
  get [PDFX_ERROR_BRAND](): true {
    return true
  }

  /** HTTP status that belongs to the code. */
  get status(): number {
    return errorStatus[this.code]
  }

  /** The wire form of this error; the cause is deliberately left out. */
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message } }
  }
}

/** True for a PdfxError (or subclass) from any copy of this package, not only this one. */
export function isPdfxError(value: unknown): value is PdfxError {
  if (value instanceof PdfxError) return true
  if (typeof value !== 'object' || value === null) return false
  const candidate: {
    [PDFX_ERROR_BRAND]?: unknown
    name?: unknown
    code?: unknown
    message?: unknown
    toBody?: unknown
  } = value
  return (
    (candidate[PDFX_ERROR_BRAND] === true || candidate.name === 'PdfxError') &&
    ErrorCodeSchema.safeParse(candidate.code).success &&
    typeof candidate.message === 'string' &&
    typeof candidate.toBody === 'function'
  )
}
