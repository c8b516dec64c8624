import { describe, expect, it, vi } from 'vitest'
import { ErrorBodySchema, ErrorCodeSchema, errorStatus, isPdfxError, PdfxError } from './errors'

describe('errorStatus', () => {
  it('has exactly one status for each code, and nothing else', () => {
    expect(Object.keys(errorStatus).sort()).toEqual([...ErrorCodeSchema.options].sort())
    for (const status of Object.values(errorStatus)) {
      expect(Number.isInteger(status) && status >= 400 && status <= 599).toBe(true)
    }
  })

  it('keeps the statuses the architecture fixed', () => {
    expect(errorStatus).toEqual({
      invalid_request: 400,
      url_not_allowed: 400,
      unauthorized: 401,
      quota_exceeded: 402,
      plan_limit: 402,
      forbidden: 403,
      not_found: 404,
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
      timeout: 504,
    })
  })
})

describe('PdfxError', () => {
  it('carries its code, status, message and cause', () => {
    const cause = new Error('ECONNRESET')
    const error = new PdfxError('fetch_failed', 'The PDF could not be fetched.', { cause })
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('PdfxError')
    expect(error.code).toBe('fetch_failed')
    expect(error.status).toBe(424)
    expect(error.cause).toBe(cause)
    expect(String(error)).toBe('PdfxError: The PDF could not be fetched.')
  })

  it('renders the wire body without the cause', () => {
    const error = new PdfxError('slug_taken', 'The slug q3-report is taken.', {
      cause: new Error('UNIQUE'),
    })
    const body = error.toBody()
    expect(body).toEqual({ error: { code: 'slug_taken', message: 'The slug q3-report is taken.' } })
    expect(ErrorBodySchema.parse(body)).toEqual(body)
  })
})

describe('isPdfxError', () => {
  it('recognises instances and subclasses', () => {
    class PdfxTimeoutError extends PdfxError {
      override name = 'PdfxTimeoutError'
    }
    expect(isPdfxError(new PdfxError('internal', 'x'))).toBe(true)
    expect(isPdfxError(new PdfxTimeoutError('timeout', 'x'))).toBe(true)
  })

  it('recognises errors from a second copy of the module', async () => {
    vi.resetModules()
    const copy = await import('./errors')
    expect(copy.PdfxError).not.toBe(PdfxError)
    class CopiedSubclass extends copy.PdfxError {
      override name = 'PdfxApiError'
    }
    const foreign = new copy.PdfxError('not_found', 'No such link.')
    expect(foreign).not.toBeInstanceOf(PdfxError)
    expect(isPdfxError(foreign)).toBe(true)
    expect(isPdfxError(new CopiedSubclass('rate_limited', 'Slow down.'))).toBe(true)
    expect(copy.isPdfxError(new PdfxError('internal', 'x'))).toBe(true)
  })

  it.each([
    ['a plain Error', new Error('boom')],
    ['an error body', { error: { code: 'internal', message: 'x' } }],
    [
      'a look-alike with an unknown code',
      { name: 'PdfxError', code: 'teapot', message: 'x', toBody: () => ({}) },
    ],
    ['a plain object without methods', { name: 'PdfxError', code: 'internal', message: 'x' }],
    ['null', null],
    ['a string', 'PdfxError'],
  ])('refuses %s', (_, value) => {
    expect(isPdfxError(value)).toBe(false)
  })
})

describe('ErrorBodySchema', () => {
  it.each([
    ['an unknown code', { error: { code: 'teapot', message: 'x' } }],
    ['a missing message', { error: { code: 'internal' } }],
    ['an extra field', { error: { code: 'internal', message: 'x', stack: 'at ...' } }],
    ['a bare message', { message: 'x' }],
  ])('rejects %s', (_, body) => {
    expect(ErrorBodySchema.safeParse(body).success).toBe(false)
  })
})
