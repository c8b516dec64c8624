import { isPdfxError, PdfxError } from '@pdfx/schema'
import { describe, expect, it } from 'vitest'
import { errorFromResponse, PdfxApiError, parseRetryAfter } from './errors'

const response = (status: number, statusText: string, headers: Record<string, string> = {}) => ({
  status,
  statusText,
  headers: new Headers(headers),
})

describe('errorFromResponse', () => {
  it('reads code and message from the body, and keeps the status as received', () => {
    const error = errorFromResponse(
      response(429, 'Too Many Requests', { 'retry-after': '25', 'x-request-id': 'abc' }),
      JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down' } }),
      'POST /api/v1/extract',
    )
    expect(error).toBeInstanceOf(PdfxApiError)
    expect(error).toBeInstanceOf(PdfxError)
    expect(isPdfxError(error)).toBe(true)
    expect({ ...error, status: error.status, message: error.message, name: error.name }).toEqual({
      name: 'PdfxApiError',
      code: 'rate_limited',
      message: 'Slow down',
      status: 429,
      retryAfter: 25,
      requestId: 'abc',
      headers: expect.any(Headers),
    })
    expect(error.toBody()).toEqual({ error: { code: 'rate_limited', message: 'Slow down' } })
  })

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [405, 'invalid_request'],
    [429, 'rate_limited'],
    [500, 'internal'],
    [502, 'unavailable'],
    [503, 'unavailable'],
    [504, 'timeout'],
    [507, 'internal'],
  ])('reads the meaning of a foreign %i from its status', (status, code) => {
    const error = errorFromResponse(response(status, 'Nope'), '<html></html>', 'GET /x')
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status,
      code,
      message: `HTTP ${status} Nope (GET /x)`,
    })
  })
})

describe('parseRetryAfter', () => {
  it('reads whole seconds and HTTP dates', () => {
    expect(parseRetryAfter(null)).toBeUndefined()
    expect(parseRetryAfter('0')).toBe(0)
    expect(parseRetryAfter(' 25 ')).toBe(25)
    const now = Date.parse('2026-03-10T08:00:00Z')
    expect(parseRetryAfter('Tue, 10 Mar 2026 08:00:30 GMT', now)).toBe(30)
    expect(parseRetryAfter('Tue, 10 Mar 2026 07:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon')).toBeUndefined()
    expect(parseRetryAfter('-5')).toBeUndefined()
  })
})
