// pnpm bench:load [--duration S] [--connections N] [--json] [--no-scale]
//
// Bounded loopback load with autocannon against the pdfx server, each server in a child process
// of its own: GET /health, POST /api/v1/extract of a small generated PDF fetched from a loopback
// origin, the viewer page GET /d/<slug> and its event route POST /d/<slug>/events, each with
// requests per second, p50/p99 latency, non-2xx answers, errors and the server's RSS growth after
// the warm-up. Then, with PostgreSQL and Redis, two instances sharing them: throughput of /health
// and of the viewer page on one instance against both, and whether one pro key gets exactly its
// 60 requests a minute across both. Figures are reported, never enforced: the exit code is 0
// unless something crashed.
import { parseArgs } from 'node:util'
import { startPdfOrigin } from './load/pdf-origin'
import { formatLoadReport, type LoadReport } from './load/report'
import type { ScenarioOptions } from './load/scenario'
import {
  EVENT_CLIENT_ADDRESSES,
  EXTRACT_WARM_UP_REQUESTS,
  measureSingleServer,
} from './load/single-server'
import { measureTwoInstances, type TwoInstanceFigures } from './load/two-instances'
import { scriptArgs } from './script-args'
import { buildTextPdf } from './speed/generated-pdf'
import { describeMachine } from './speed/machine'

const DEFAULT_SECONDS = 5
const DEFAULT_CONNECTIONS = 10
/** Untimed load before each timed run: JIT, connection pools and caches settle in it. */
const WARM_UP_SECONDS = 1

function usage(): string {
  return [
    'usage: pnpm bench:load [options]',
    `  --duration S      timed seconds per scenario (default ${DEFAULT_SECONDS}), after ${WARM_UP_SECONDS} s of warm-up`,
    `  --connections N   connections in all (default ${DEFAULT_CONNECTIONS}); two instances share them`,
    '  --json            print the figures as JSON on stdout instead of the tables',
    '  --no-scale        skip the two instances on PostgreSQL and Redis',
  ].join('\n')
}

function progress(message: string): void {
  console.error(`[bench:load] ${message}`)
}

function parseOptions(): { options: ScenarioOptions; json: boolean; scale: boolean } | undefined {
  const { values } = parseArgs({
    args: scriptArgs(),
    options: {
      duration: { type: 'string' },
      connections: { type: 'string' },
      json: { type: 'boolean', default: false },
      'no-scale': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(usage())
    return undefined
  }
  const seconds = Number(values.duration ?? DEFAULT_SECONDS)
  const connections = Number(values.connections ?? DEFAULT_CONNECTIONS)
  if (!(Number.isFinite(seconds) && seconds > 0 && seconds <= 600)) {
    throw new Error(`--duration takes seconds from more than 0 to 600, not "${values.duration}"`)
  }
  if (!(Number.isInteger(connections) && connections >= 1 && connections <= 1000)) {
    throw new Error(
      `--connections takes a whole number from 1 to 1000, not "${values.connections}"`,
    )
  }
  return {
    options: { seconds, warmUpSeconds: WARM_UP_SECONDS, connections },
    json: values.json,
    scale: !values['no-scale'],
  }
}

async function main(): Promise<void> {
  const parsed = parseOptions()
  if (!parsed) return
  const { options, json, scale } = parsed
  const started = performance.now()
  // One page of prose (about 3,000 characters): a cheap but real extraction.
  const origin = await startPdfOrigin(await buildTextPdf(1))
  let twoInstances: TwoInstanceFigures = { skipped: '--no-scale' }
  let single: LoadReport['single']
  try {
    single = await measureSingleServer(origin.url, options, progress)
    if (scale) twoInstances = await measureTwoInstances(origin.url, options, progress)
  } finally {
    await origin.close()
  }
  const report: LoadReport = {
    machine: describeMachine(),
    seconds: options.seconds,
    warmUpSeconds: options.warmUpSeconds,
    connections: options.connections,
    eventClientAddresses: EVENT_CLIENT_ADDRESSES,
    extractWarmUpRequests: EXTRACT_WARM_UP_REQUESTS,
    single,
    twoInstances,
    totalSeconds: (performance.now() - started) / 1000,
  }
  console.log(json ? JSON.stringify(report, null, 2) : formatLoadReport(report))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
