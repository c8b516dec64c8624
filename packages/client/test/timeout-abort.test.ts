import { isPdfxError } from '@pdfx/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Pdfx, PdfxTimeoutError } from '../src/index.js'
import {
  type ContractServer,
  recordingFetch,
  startContractServer,
  TIMEOUT_MS,
} from './contract-server.js'

let server: ContractServer
let key: string

beforeAll(async () => {
  server = await startContractServer()
  // A pro key: 60 requests a minute, so these tests never meet the rate limit.
  key = (await server.newKey('pro')).key
}, TIMEOUT_MS)

afterAll(async () => {
  await server?.close()
})

/** The origin answers `/slow.pdf` after `ms` milliseconds, so the server's answer waits too. */
const slowPdf = (ms: number) => `${server.origin.origin}/slow.pdf?ms=${ms}`

describe('timeouts against a real server', { timeout: TIMEOUT_MS }, () => {
  it('gives up after timeoutMs with a PdfxTimeoutError, and does not repeat an extraction', async () => {
    const { fetch, sent } = recordingFetch()
    const pdfx = new Pdfx({ baseUrl: server.url, apiKey: key, fetch, timeoutMs: 200 })
    const started = Date.now()
    const error = await pdfx.extract({ url: slowPdf(3_000) }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PdfxTimeoutError)
    expect(error).toMatchObject({ code: 'timeout', status: 504, timeoutMs: 200 })
    expect(isPdfxError(error)).toBe(true)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(sent).toHaveLength(1)
  })

  it('takes a per-call timeout over the client one', async () => {
    const pdfx = new Pdfx({ baseUrl: server.url, apiKey: key, timeoutMs: 200 })
    const doc = await pdfx.extract({ url: slowPdf(400) }, { timeoutMs: 10_000 })
    expect(doc.source.pages).toBe(1)
  })
})

describe('abort against a real server', { timeout: TIMEOUT_MS }, () => {
  it('rejects with the signal reason while the request is in flight', async () => {
    const pdfx = new Pdfx({ baseUrl: server.url, apiKey: key })
    const controller = new AbortController()
    const reason = new Error('user gave up')
    const started = Date.now()
    const call = pdfx.extract({ url: slowPdf(3_000) }, { signal: controller.signal })
    setTimeout(() => controller.abort(reason), 100)
    await expect(call).rejects.toBe(reason)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('sends nothing when the signal has already aborted', async () => {
    const { fetch, sent } = recordingFetch()
    const pdfx = new Pdfx({ baseUrl: server.url, apiKey: key, fetch })
    const signal = AbortSignal.abort(new Error('too late'))
    await expect(pdfx.extract({ url: slowPdf(0) }, { signal })).rejects.toThrow('too late')
    await expect(pdfx.links.list({ signal })).rejects.toThrow('too late')
    expect(sent).toEqual([])
  })

  it("passes AbortSignal.timeout's own reason through rather than a PdfxTimeoutError", async () => {
    const pdfx = new Pdfx({ baseUrl: server.url, apiKey: key })
    const error = await pdfx
      .extract({ url: slowPdf(3_000) }, { signal: AbortSignal.timeout(100) })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DOMException)
    expect((error as DOMException).name).toBe('TimeoutError')
  })
})
