/**
 * A real, listening @pdfx/server for the contract tests (the server package's own test harness:
 * in-memory database, extraction children, a loopback PDF origin), and a recording fetch.
 */
import { createExtractionPool, type ExtractionPool, type LimitOverrides } from '@pdfx/server'
import {
  ManualClock,
  type PdfOrigin,
  startPdfOrigin,
  startTestServer,
  type TestServer,
  TIMEOUT_MS,
} from '../../server/test/app/harness.js'
import type { FetchLike } from '../src/index.js'

export { ManualClock, TIMEOUT_MS }

/** A server, the PDF origin it fetches from, and the clock its limits run on. */
export interface ContractServer {
  app: TestServer
  /** `http://127.0.0.1:port` of the API. */
  url: string
  origin: PdfOrigin
  clock: ManualClock
  /** Creates an account and returns its first API key. */
  newKey(plan?: 'free' | 'pro'): Promise<{ accountId: string; key: string }>
  close(): Promise<void>
}

/** Starts one extraction child, the PDF origin and the server (with `limits` if given). */
export async function startContractServer(
  options: { limits?: LimitOverrides } = {},
): Promise<ContractServer> {
  const pool: ExtractionPool = createExtractionPool({ size: 1, prestart: true })
  const clock = new ManualClock()
  const origin = await startPdfOrigin()
  const app = await startTestServer({
    pool,
    clock,
    ...(options.limits && { limits: options.limits }),
  })
  let accounts = 0
  return {
    app,
    url: app.url,
    origin,
    clock,
    async newKey(plan = 'free') {
      accounts++
      const created = await app.server.store.createAccount({
        email: `client-${accounts}-${Date.now()}@example.com`,
        plan,
      })
      return { accountId: created.account.id, key: created.apiKey }
    },
    async close() {
      await app.close()
      await origin.close()
      await pool.close()
    },
  }
}

/** One request as the client sent it. */
export interface SentRequest {
  method: string
  url: string
  headers: Headers
  body: string | undefined
}

/** The global fetch, recording every request; `change` may rewrite a request before it goes. */
export function recordingFetch(change?: (init: RequestInit) => RequestInit): {
  fetch: FetchLike
  sent: SentRequest[]
} {
  const sent: SentRequest[] = []
  return {
    sent,
    fetch: (url, init) => {
      const final = change ? change(init) : init
      sent.push({
        method: final.method ?? 'GET',
        url,
        headers: new Headers(final.headers),
        body: typeof final.body === 'string' ? final.body : undefined,
      })
      return fetch(url, final)
    },
  }
}

/** A Sleep that waits no real time but moves the server's clock, and records each wait. */
export function clockSleep(clock: ManualClock): {
  sleep: (ms: number) => Promise<void>
  waits: number[]
} {
  const waits: number[] = []
  return {
    waits,
    sleep: async (ms) => {
      waits.push(ms)
      clock.advance(ms)
    },
  }
}
