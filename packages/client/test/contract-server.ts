/**
 * A real, listening @pdfx/server for the contract tests (the server package's own test harness:
 * in-memory database, extraction children, a loopback PDF origin), and a recording fetch.
 */
import type { LimitOverrides } from '@pdfx/server'
import {
  type LiveServer,
  ManualClock,
  startLiveServer,
  TIMEOUT_MS,
} from '../../server/test/app/harness.js'
import type { FetchLike } from '../src/index.js'

export { ManualClock, TIMEOUT_MS }

/** A server, the PDF origin it fetches from, and the clock its limits run on. */
export type ContractServer = LiveServer

/** Starts one extraction child, the PDF origin and the server (with `limits` if given). */
export function startContractServer(
  options: { limits?: LimitOverrides } = {},
): Promise<LiveServer> {
  return startLiveServer(options)
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
