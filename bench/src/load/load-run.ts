import autocannon from 'autocannon'
import { percentile } from './percentile'

/** One kind of request sent over and over to one server. */
export interface LoadTarget {
  /** Full URL: `http://127.0.0.1:<port>/path`. */
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** Headers that change from one request to the next (built for each request sent). */
  varyHeaders?: () => Record<string, string>
}

/** What a bounded run of autocannon measured, over every response whatever its status. */
export interface LoadFigures {
  seconds: number
  /** Responses received, every status. */
  responses: number
  /** responses / seconds; several targets' responses are added up. */
  requestsPerSecond: number
  /** Latency from sending a request to the end of its response, in milliseconds. */
  p50Ms: number
  p99Ms: number
  /** Responses per HTTP status. */
  statuses: Record<string, number>
  /** Responses outside 200-299. */
  non2xx: number
  /** Connection errors and timeouts (no response at all). */
  errors: number
}

/**
 * How long `runLoad` runs: for `seconds` (requests still in flight then are cut off, their
 * connections closed), or until `requests` responses have arrived (nothing is cut off).
 */
export type LoadLength = { seconds: number; requests?: undefined } | { requests: number }

/** Options of `runLoad`. */
export type LoadOptions = LoadLength & {
  /** Connections in all, shared out among the targets (at least one each). */
  connections: number
  /** Longest wait for one response before autocannon counts a timeout, in seconds. */
  timeoutSeconds?: number
}

const DEFAULT_TIMEOUT_SECONDS = 10

/** The raw outcome of one `runLoad`; `summarizeLoad` turns one or more into figures. */
export interface LoadSample {
  seconds: number
  statuses: Record<string, number>
  errors: number
  /** Latency of every response, in milliseconds, in no particular order. */
  latenciesMs: number[]
}

/**
 * Sends requests to every target at once, for a time or a number of requests (shared out like
 * the connections), with the connections shared out among the targets; each connection sends its
 * next request when the last one is answered (no pipelining). Latencies come from autocannon's
 * per-response event, in fractions of a millisecond (its own histogram keeps whole milliseconds
 * and 2xx responses only).
 */
export async function runLoad(
  targets: readonly LoadTarget[],
  options: LoadOptions,
): Promise<LoadSample> {
  if (targets.length === 0) throw new Error('runLoad needs at least one target')
  const latenciesMs: number[] = []
  const results = await Promise.all(
    targets.map((target, index) => {
      const connections = connectionsOf(index, targets.length, options.connections)
      const length: LoadLength =
        options.requests === undefined
          ? { seconds: options.seconds }
          : // autocannon refuses fewer requests than connections.
            {
              requests: Math.max(
                connections,
                connectionsOf(index, targets.length, options.requests),
              ),
            }
      return runOne(target, connections, length, options.timeoutSeconds, latenciesMs)
    }),
  )
  const statuses: Record<string, number> = {}
  let errors = 0
  let seconds = 0
  for (const result of results) {
    for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
      statuses[status] = (statuses[status] ?? 0) + (count ?? 0)
    }
    errors += result.errors
    // The targets run side by side: the run lasts as long as the longest of them.
    seconds = Math.max(seconds, result.duration)
  }
  return { seconds, statuses, errors, latenciesMs }
}

/** Figures of one or more runs of the same load, taken as one run of their summed length. */
export function summarizeLoad(samples: readonly LoadSample[]): LoadFigures {
  const statuses: Record<string, number> = {}
  let seconds = 0
  let errors = 0
  for (const sample of samples) {
    for (const [status, count] of Object.entries(sample.statuses)) {
      statuses[status] = (statuses[status] ?? 0) + count
    }
    seconds += sample.seconds
    errors += sample.errors
  }
  const latenciesMs = samples.flatMap((sample) => sample.latenciesMs)
  const counts = Object.entries(statuses)
  const responses = counts.reduce((sum, [, count]) => sum + count, 0)
  const ok = counts
    .filter(([status]) => status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0)
  return {
    seconds,
    responses,
    requestsPerSecond: responses / seconds,
    p50Ms: percentile(latenciesMs, 0.5),
    p99Ms: percentile(latenciesMs, 0.99),
    statuses,
    non2xx: responses - ok,
    errors,
  }
}

/** Connections of target `index` of `targets` when `total` are shared out evenly (at least 1). */
export function connectionsOf(index: number, targets: number, total: number): number {
  return Math.max(1, Math.floor(total / targets) + (index < total % targets ? 1 : 0))
}

function runOne(
  target: LoadTarget,
  connections: number,
  length: LoadLength,
  timeoutSeconds: number | undefined,
  latencies: number[],
): Promise<autocannon.Result> {
  const { varyHeaders } = target
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        connections,
        ...(length.requests === undefined
          ? { duration: length.seconds }
          : { amount: length.requests }),
        timeout: timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
        method: target.method ?? 'GET',
        ...(target.headers && { headers: target.headers }),
        ...(target.body !== undefined && { body: target.body }),
        ...(varyHeaders && {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                headers: { ...request.headers, ...varyHeaders() },
              }),
            },
          ],
        }),
      },
      (error: unknown, result) => (error ? reject(error) : resolve(result)),
    )
    instance.on('response', (_client, _status, _bytes, responseTimeMs) => {
      latencies.push(responseTimeMs)
    })
  })
}

/**
 * Sends one request of `target` with fetch and checks that it answers `status`, so that a run
 * never measures a route that only refuses. Returns the response body as text.
 */
export async function sendOnce(target: LoadTarget, status: number): Promise<string> {
  const response = await fetch(target.url, {
    method: target.method ?? 'GET',
    headers: { ...target.headers, ...target.varyHeaders?.() },
    ...(target.body !== undefined && { body: target.body }),
  })
  const body = await response.text()
  if (response.status !== status) {
    const path = new URL(target.url).pathname
    throw new Error(
      `${target.method ?? 'GET'} ${path} answered ${response.status}, not ${status}: ${body.slice(0, 300)}`,
    )
  }
  return body
}
