import { afterEach, describe, expect, it } from 'vitest'
import { closedLoopbackPort } from '../../server/test/fetch/loopback-server.js'
import {
  Pdfx,
  PdfxApiError,
  PdfxConnectionError,
  type PdfxOptions,
  PdfxResponseError,
  PdfxTimeoutError,
} from '../src/index.js'
import {
  errorBody,
  type Reply,
  recordingSleep,
  type ScriptedServer,
  smallDocument,
  startScriptedServer,
} from './scripted-server.js'

const servers: ScriptedServer[] = []

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

/** A scripted server and a client on it whose waits return at once and are recorded. */
async function setup(replies: Reply[], options: PdfxOptions = {}) {
  const server = await startScriptedServer(replies)
  servers.push(server)
  const { sleep, waits } = recordingSleep()
  const pdfx = new Pdfx({ baseUrl: server.url, apiKey: 'pdfx_test', sleep, ...options })
  return { server, pdfx, waits }
}

const EMPTY_LIST = { status: 200, body: { links: [] } }
const REVOKED = {
  status: 200,
  body: { id: 'lnk_abcdefghijklmnop', slug: 'q3-report', disabled: true },
}
const DOC = { status: 200, body: smallDocument() }
const LINK_REQUEST = { url: 'https://example.com/q3.pdf' }

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the call succeeded'),
    (reason: unknown) => reason,
  )
}

describe('idempotent calls (GET, DELETE)', () => {
  it('retry 5xx with growing, jittered backoff', async () => {
    const unavailable = { status: 503, body: errorBody('unavailable') }
    const { server, pdfx, waits } = await setup([unavailable, unavailable, EMPTY_LIST])
    expect(await pdfx.links.list()).toEqual({ links: [] })
    expect(server.received).toHaveLength(3)
    expect(waits).toHaveLength(2)
    expect(waits[0]).toBeGreaterThanOrEqual(250)
    expect(waits[0]).toBeLessThanOrEqual(500)
    expect(waits[1]).toBeGreaterThanOrEqual(500)
    expect(waits[1]).toBeLessThanOrEqual(1_000)
  })

  it('stop after maxRetries and hand over the last error', async () => {
    const { server, pdfx } = await setup([{ status: 500, body: errorBody('internal') }])
    const error = await rejection(pdfx.links.list())
    expect(error).toBeInstanceOf(PdfxApiError)
    expect(error).toMatchObject({ status: 500, code: 'internal', requestId: 'req-3' })
    expect(server.received).toHaveLength(3)
  })

  it('take maxRetries per call', async () => {
    const { server, pdfx } = await setup([{ status: 500, body: errorBody('internal') }])
    await rejection(pdfx.links.list({ maxRetries: 0 }))
    expect(server.received).toHaveLength(1)
  })

  it('wait for Retry-After when a 503 carries one', async () => {
    const busy = { status: 503, body: errorBody('unavailable'), headers: { 'retry-after': '2' } }
    const { pdfx, waits } = await setup([busy, EMPTY_LIST])
    await pdfx.links.list()
    expect(waits).toHaveLength(1)
    expect(waits[0]).toBeGreaterThanOrEqual(2_000)
    expect(waits[0]).toBeLessThanOrEqual(2_200)
  })

  it('back off on a 429 without Retry-After', async () => {
    const { pdfx, waits } = await setup([
      { status: 429, body: errorBody('rate_limited') },
      EMPTY_LIST,
    ])
    await pdfx.links.list()
    expect(waits).toHaveLength(1)
    expect(waits[0]).toBeLessThanOrEqual(500)
  })

  it('do not wait on their own for a Retry-After past the cap', async () => {
    const refused = {
      status: 429,
      body: errorBody('rate_limited'),
      headers: { 'retry-after': '3600' },
    }
    const { server, pdfx, waits } = await setup([refused, EMPTY_LIST])
    const error = await rejection(pdfx.links.list())
    expect(error).toMatchObject({ code: 'rate_limited', retryAfter: 3600 })
    expect(server.received).toHaveLength(1)
    expect(waits).toEqual([])
  })

  it('never retry an answer a repeat would not change', async () => {
    const { server, pdfx } = await setup([{ status: 404, body: errorBody('not_found') }, REVOKED])
    await expect(pdfx.links.revoke('q3-report')).rejects.toMatchObject({ status: 404 })
    expect(server.received).toHaveLength(1)
  })

  it('retry a dropped connection', async () => {
    const { server, pdfx } = await setup(['reset', EMPTY_LIST])
    await pdfx.links.list()
    expect(server.received).toHaveLength(2)
  })

  it('retry a refused connection, then say it was never sent', async () => {
    const port = await closedLoopbackPort()
    const { sleep, waits } = recordingSleep()
    const pdfx = new Pdfx({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'pdfx_test', sleep })
    const error = await rejection(pdfx.links.list())
    expect(error).toBeInstanceOf(PdfxConnectionError)
    expect(error).toMatchObject({ code: 'unavailable', status: 503, requestSent: false })
    expect((error as Error).message).toBe(
      `GET /api/v1/links: could not connect to http://127.0.0.1:${port} (fetch failed: connect ECONNREFUSED 127.0.0.1:${port})`,
    )
    expect(waits).toHaveLength(2)
  })

  it('retry timeouts, also when the body stalls after the headers', async () => {
    const { server, pdfx } = await setup(['stall', 'stall-body', EMPTY_LIST], { timeoutMs: 150 })
    expect(await pdfx.links.list()).toEqual({ links: [] })
    expect(server.received).toHaveLength(3)
  })

  it('hand over a PdfxTimeoutError when every attempt timed out', async () => {
    const { server, pdfx } = await setup(['stall'], { timeoutMs: 100 })
    const error = await rejection(pdfx.links.list())
    expect(error).toBeInstanceOf(PdfxTimeoutError)
    expect(error).toMatchObject({ code: 'timeout', status: 504, timeoutMs: 100 })
    expect((error as Error).message).toBe('GET /api/v1/links got no answer within 100 ms')
    expect(server.received).toHaveLength(3)
  })

  it('revoke sends DELETE with a JSON content type and body, and the key', async () => {
    const { server, pdfx } = await setup([{ status: 503, body: errorBody('unavailable') }, REVOKED])
    expect(await pdfx.links.revoke('q3-report')).toEqual(REVOKED.body)
    expect(server.received).toHaveLength(2)
    expect(server.received[1]).toMatchObject({
      method: 'DELETE',
      path: '/api/v1/links/q3-report',
      body: '{}',
      headers: { 'content-type': 'application/json', authorization: 'Bearer pdfx_test' },
    })
  })
})

describe('extraction (POST, not charged when it fails)', () => {
  it('is retried on 429 after Retry-After', async () => {
    const refused = {
      status: 429,
      body: errorBody('rate_limited'),
      headers: { 'retry-after': '1' },
    }
    const { server, pdfx, waits } = await setup([refused, DOC])
    expect((await pdfx.extract({ url: 'https://example.com/a.pdf' })).id).toBe('doc_1')
    expect(server.received).toHaveLength(2)
    expect(waits[0]).toBeGreaterThanOrEqual(1_000)
    expect(waits[0]).toBeLessThanOrEqual(1_100)
  })

  it.each([500, 502, 503])('is not retried on %i: the work may have been done', async (status) => {
    const { server, pdfx } = await setup([{ status, body: errorBody('internal') }, DOC])
    await expect(pdfx.extract({ url: 'https://example.com/a.pdf' })).rejects.toMatchObject({
      status,
    })
    expect(server.received).toHaveLength(1)
  })

  it('is not retried when the connection drops after the request went out', async () => {
    const { server, pdfx } = await setup(['reset', DOC])
    const error = await rejection(pdfx.extract({ url: 'https://example.com/a.pdf' }))
    expect(error).toBeInstanceOf(PdfxConnectionError)
    expect(error).toMatchObject({ requestSent: true })
    expect((error as Error).message).toMatch(
      /^POST \/api\/v1\/extract: the connection to http:\/\/127\.0\.0\.1:\d+ broke before the answer arrived \(fetch failed/,
    )
    expect(server.received).toHaveLength(1)
  })

  it('is not retried after a timeout', async () => {
    const { server, pdfx } = await setup(['stall', DOC], { timeoutMs: 100 })
    const error = await rejection(pdfx.extract({ url: 'https://example.com/a.pdf' }))
    expect(error).toBeInstanceOf(PdfxTimeoutError)
    expect(server.received).toHaveLength(1)
  })

  it('is retried when the connection was refused: the server never saw it', async () => {
    const port = await closedLoopbackPort()
    const { sleep, waits } = recordingSleep()
    const pdfx = new Pdfx({ baseUrl: `http://127.0.0.1:${port}`, apiKey: null, sleep })
    const error = await rejection(pdfx.extract({ url: 'https://example.com/a.pdf' }))
    expect(error).toMatchObject({ code: 'unavailable', requestSent: false })
    expect(waits).toHaveLength(2)
  })
})

describe('link creation (POST without an idempotency key)', () => {
  it.each<[string, Reply]>([
    ['429', { status: 429, body: errorBody('rate_limited'), headers: { 'retry-after': '1' } }],
    ['503', { status: 503, body: errorBody('unavailable') }],
    ['a dropped connection', 'reset'],
  ])('is never retried, even after %s', async (_name, reply) => {
    const { server, pdfx, waits } = await setup([reply, { status: 200, body: {} }])
    await rejection(pdfx.links.create(LINK_REQUEST))
    expect(server.received).toHaveLength(1)
    expect(waits).toEqual([])
  })

  it('is never retried, even when the connection was refused', async () => {
    const port = await closedLoopbackPort()
    const { sleep, waits } = recordingSleep()
    const pdfx = new Pdfx({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'pdfx_test', sleep })
    await expect(pdfx.links.create(LINK_REQUEST)).rejects.toMatchObject({ requestSent: false })
    expect(waits).toEqual([])
  })
})

describe('answers that are not what the client expects', () => {
  it('an error page from a proxy becomes a PdfxApiError by its status', async () => {
    const { pdfx } = await setup([
      { status: 502, body: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } },
    ])
    const error = await rejection(pdfx.links.list({ maxRetries: 0 }))
    expect(error).toBeInstanceOf(PdfxApiError)
    expect(error).toMatchObject({ status: 502, code: 'unavailable' })
    expect((error as Error).message).toBe('HTTP 502 Bad Gateway (GET /api/v1/links)')
  })

  it('an error code this client does not know keeps its message', async () => {
    const { pdfx } = await setup([{ status: 418, body: errorBody('brand_new', 'I am a teapot') }])
    const error = await rejection(pdfx.links.list())
    expect(error).toMatchObject({ status: 418, code: 'invalid_request' })
    expect((error as Error).message).toBe('I am a teapot (GET /api/v1/links)')
  })

  it('a document of another schema version is a PdfxResponseError, never retried', async () => {
    const { server, pdfx } = await setup([
      { status: 200, body: smallDocument({ schemaVersion: '2.0' }) },
    ])
    const error = await rejection(pdfx.extract({ url: 'https://example.com/a.pdf' }))
    expect(error).toBeInstanceOf(PdfxResponseError)
    expect(error).toMatchObject({ status: 200, code: 'internal', requestId: 'req-1' })
    const { issues, message } = error as PdfxResponseError
    expect(issues.map((issue) => issue.path)).toEqual([['schemaVersion']])
    expect(message).toContain('schemaVersion')
    expect(message).toContain('validateResponses: false')
    expect(server.received).toHaveLength(1)
  })

  it('validateResponses: false returns the body unchecked', async () => {
    const body = smallDocument({ schemaVersion: '2.0', newField: true })
    const { pdfx } = await setup([{ status: 200, body }], { validateResponses: false })
    expect(await pdfx.extract({ url: 'https://example.com/a.pdf' })).toEqual(body)
  })

  it('requested chunks that are missing are a PdfxResponseError', async () => {
    const { pdfx } = await setup([DOC])
    const error = await rejection(
      pdfx.extract({ url: 'https://example.com/a.pdf', outputs: ['markdown', 'chunks'] }),
    )
    expect(error).toBeInstanceOf(PdfxResponseError)
    expect((error as PdfxResponseError).issues).toEqual([
      { path: ['chunks'], message: 'chunks were requested but are missing' },
    ])
  })

  it('a body that is not JSON is a PdfxResponseError', async () => {
    const { pdfx } = await setup([{ status: 200, body: 'OK' }])
    const error = await rejection(pdfx.links.list())
    expect(error).toBeInstanceOf(PdfxResponseError)
    expect((error as Error).message).toBe('GET /api/v1/links answered with a body that is not JSON')
  })
})
