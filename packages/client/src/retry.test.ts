import { PdfxError } from '@pdfx/schema'
import { describe, expect, it } from 'vitest'
import { PdfxApiError, PdfxConnectionError, PdfxResponseError, PdfxTimeoutError } from './errors'
import { backoffMs, MAX_RETRY_AFTER_SECONDS, retryDelayMs, sleep } from './retry'

const low = () => 0
const high = () => 0.999999

function apiError(status: number, code: PdfxError['code'], retryAfter?: number): PdfxApiError {
  const headers = new Headers(retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) })
  return new PdfxApiError({ status, code, message: code, headers })
}

describe('backoffMs', () => {
  it('doubles from 500 ms, half fixed and half random, and stops growing at 8 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((retry) => backoffMs(retry, low))).toEqual([
      250, 500, 1000, 2000, 4000, 4000, 4000,
    ])
    expect(backoffMs(0, high)).toBeCloseTo(500)
    expect(backoffMs(10, high)).toBeCloseTo(8000)
  })
})

describe('retryDelayMs', () => {
  const refused = new PdfxConnectionError('refused', { requestSent: false })
  const dropped = new PdfxConnectionError('dropped', { requestSent: true })
  const timeout = new PdfxTimeoutError('slow', 100)
  const cases: [string, unknown, boolean, boolean][] = [
    // name, error, retried when idempotent, retried when unprocessed
    ['429', apiError(429, 'rate_limited', 3), true, true],
    ['500', apiError(500, 'internal'), true, false],
    ['502 from a proxy', apiError(502, 'unavailable'), true, false],
    ['504 from a proxy', apiError(504, 'timeout'), true, false],
    ['a refused connection', refused, true, true],
    ['a dropped connection', dropped, true, false],
    ['a timeout', timeout, true, false],
    ['400', apiError(400, 'invalid_request'), false, false],
    ['404', apiError(404, 'not_found'), false, false],
    ['422', apiError(422, 'pdf_damaged'), false, false],
    [
      'an unreadable answer',
      new PdfxResponseError({ status: 200, message: 'x', headers: new Headers() }),
      false,
      false,
    ],
    ['a plain PdfxError', new PdfxError('invalid_request', 'x'), false, false],
    ['an abort reason', new DOMException('aborted', 'AbortError'), false, false],
  ]

  it.each(cases)('%s', (_name, error, idempotent, unprocessed) => {
    expect(retryDelayMs(error, 'idempotent', 0, low) !== undefined).toBe(idempotent)
    expect(retryDelayMs(error, 'unprocessed', 0, low) !== undefined).toBe(unprocessed)
    expect(retryDelayMs(error, 'never', 0, low)).toBeUndefined()
  })

  it('waits Retry-After plus at most 10%', () => {
    expect(retryDelayMs(apiError(429, 'rate_limited', 3), 'unprocessed', 0, low)).toBe(3000)
    expect(retryDelayMs(apiError(429, 'rate_limited', 3), 'unprocessed', 0, high)).toBeCloseTo(3300)
  })

  it('leaves a Retry-After past the cap to the caller', () => {
    const atCap = apiError(429, 'rate_limited', MAX_RETRY_AFTER_SECONDS)
    const pastCap = apiError(429, 'rate_limited', MAX_RETRY_AFTER_SECONDS + 1)
    expect(retryDelayMs(atCap, 'idempotent', 0, low)).toBe(60_000)
    expect(retryDelayMs(pastCap, 'idempotent', 0, low)).toBeUndefined()
  })
})

describe('sleep', () => {
  it('rejects with the reason as soon as the signal aborts', async () => {
    const controller = new AbortController()
    const started = Date.now()
    const waiting = sleep(60_000, controller.signal)
    setTimeout(() => controller.abort('stop'), 10)
    await expect(waiting).rejects.toBe('stop')
    expect(Date.now() - started).toBeLessThan(1_000)
    await expect(sleep(10, AbortSignal.abort('already'))).rejects.toBe('already')
  })
})
