import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Pdfx, PdfxApiError } from '../src/index.js'
import {
  type ContractServer,
  clockSleep,
  recordingFetch,
  startContractServer,
  TIMEOUT_MS,
} from './contract-server.js'

// A real server that lets an anonymous client send one request a minute; the clock starts 20 s
// into a minute, so a refusal says `Retry-After: 40`.
let server: ContractServer

beforeAll(async () => {
  server = await startContractServer({ limits: { requestsPerWindow: { anonymous: 1 } } })
}, TIMEOUT_MS)

afterAll(async () => {
  await server?.close()
})

beforeEach(() => server.clock.nextMinute())

describe('429 then 200 from a real server', { timeout: TIMEOUT_MS }, () => {
  it('waits out Retry-After (with a little jitter), then extracts', async () => {
    const { fetch, sent } = recordingFetch()
    const { sleep, waits } = clockSleep(server.clock)
    const pdfx = new Pdfx({ baseUrl: server.url, apiKey: null, fetch, sleep })
    const url = `${server.origin.origin}/one.pdf`
    await pdfx.extract({ url })

    const doc = await pdfx.extract({ url })
    expect(doc.source.pages).toBe(1)
    expect(sent).toHaveLength(3)
    expect(waits).toHaveLength(1)
    expect(waits[0]).toBeGreaterThanOrEqual(40_000)
    expect(waits[0]).toBeLessThanOrEqual(44_000)
  })

  it('gives the 429 to the caller when retries are used up', async () => {
    const { fetch, sent } = recordingFetch()
    const { sleep, waits } = clockSleep(server.clock)
    const pdfx = new Pdfx({ baseUrl: server.url, apiKey: null, fetch, sleep, maxRetries: 0 })
    await pdfx.extract({ url: `${server.origin.origin}/one.pdf` })
    const error = await pdfx.extract({ url: `${server.origin.origin}/one.pdf` }).catch((e) => e)
    expect(error).toBeInstanceOf(PdfxApiError)
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 40 })
    expect(sent).toHaveLength(2)
    expect(waits).toEqual([])
  })

  it('stops waiting as soon as the signal aborts', async () => {
    const { fetch, sent } = recordingFetch()
    // The real timer: the client would wait 40 s for the window to reset.
    const pdfx = new Pdfx({ baseUrl: server.url, apiKey: null, fetch })
    await pdfx.extract({ url: `${server.origin.origin}/one.pdf` })
    const controller = new AbortController()
    const reason = new Error('user gave up')
    const started = Date.now()
    const call = pdfx.extract(
      { url: `${server.origin.origin}/one.pdf` },
      { signal: controller.signal },
    )
    setTimeout(() => controller.abort(reason), 100)
    await expect(call).rejects.toBe(reason)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(sent).toHaveLength(2)
  })
})
