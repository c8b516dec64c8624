import type { Machine } from '../speed/machine'
import { formatTable } from '../speed/text-table'
import type { ScenarioFigures } from './scenario'
import type { SharedLimitFigures, TwoInstanceFigures } from './two-instances'

const MIB = 2 ** 20

/** Everything one run of `pnpm bench:load` measured (also its `--json` output). */
export interface LoadReport {
  machine: Machine
  seconds: number
  warmUpSeconds: number
  connections: number
  /** How many client addresses the events scenario's requests come from. */
  eventClientAddresses: number
  /** Warm-up of the extraction scenario, in answered requests per connection. */
  extractWarmUpRequests: number
  single: ScenarioFigures[]
  twoInstances: TwoInstanceFigures
  totalSeconds: number
}

function rate(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toFixed(1)
}

function ms(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)
}

function mib(bytes: number): string {
  return (bytes / MIB).toFixed(0)
}

function signedMib(bytes: number): string {
  const value = bytes / MIB
  return `${value >= 0 ? '+' : ''}${value.toFixed(1)}`
}

/** Statuses other than 2xx, most frequent first: `429 x12, 500 x1`. */
function otherStatuses(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .filter(([status]) => !status.startsWith('2'))
    .sort(([, a], [, b]) => b - a)
    .map(([status, count]) => `${status} x${count}`)
    .join(', ')
}

function scenarioTable(rows: readonly ScenarioFigures[]): string {
  return formatTable(
    [
      { title: 'route', align: 'left' },
      { title: 'inst', align: 'right' },
      { title: 'conns', align: 'right' },
      { title: 'req/s', align: 'right' },
      { title: 'p50 ms', align: 'right' },
      { title: 'p99 ms', align: 'right' },
      { title: 'responses', align: 'right' },
      { title: 'non-2xx', align: 'right' },
      { title: 'errors', align: 'right' },
      { title: 'RSS warm MiB', align: 'right' },
      { title: 'RSS end MiB', align: 'right' },
      { title: 'RSS growth', align: 'right' },
      { title: 'heap growth', align: 'right' },
    ],
    rows.map((row) => [
      row.name,
      String(row.instances),
      String(row.connections),
      rate(row.requestsPerSecond),
      ms(row.p50Ms),
      ms(row.p99Ms),
      String(row.responses),
      String(row.non2xx),
      String(row.errors),
      mib(row.memoryWarm.rssBytes),
      mib(row.memoryEnd.rssBytes),
      signedMib(row.memoryEnd.rssBytes - row.memoryWarm.rssBytes),
      signedMib(row.memoryEnd.heapUsedBytes - row.memoryWarm.heapUsedBytes),
    ]),
  )
}

/** One line per key figure of a scenario. */
function scenarioLine(row: ScenarioFigures): string {
  const others = otherStatuses(row.statuses)
  return [
    `${row.name}: ${rate(row.requestsPerSecond)} req/s, p50 ${ms(row.p50Ms)} ms, p99 ${ms(row.p99Ms)} ms,`,
    `${row.non2xx} non-2xx${others ? ` (${others})` : ''}, ${row.errors} errors,`,
    `RSS ${signedMib(row.memoryEnd.rssBytes - row.memoryWarm.rssBytes)} MiB after warm-up`,
  ].join(' ')
}

function sharedLimitLine(limit: SharedLimitFigures): string {
  const others = Object.entries(limit.other)
    .map(([status, count]) => `${status} x${count}`)
    .join(', ')
  const [a, b] = limit.acceptedPerInstance
  return (
    `shared limit, one pro key (${limit.limit}/min), ${limit.requests} requests across 2 instances: ` +
    `${limit.verdict}, ${limit.accepted} accepted (a ${a}, b ${b}), ${limit.refused} x 429` +
    (others ? `, other: ${others}` : '') +
    (limit.sameWindow ? '' : ' (the requests crossed a rate window boundary)')
  )
}

/** The human-readable report: method, tables, then one line per key figure. */
export function formatLoadReport(report: LoadReport): string {
  const { machine, twoInstances } = report
  const lines = [
    '',
    'pdfx load benchmark',
    `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGib} GiB, Node ${machine.node}, ${machine.platform}`,
    `method:  autocannon on loopback from this process, ${report.connections} connections in all, each sending its`,
    `         next request when answered; per scenario ${report.warmUpSeconds} s untimed warm-up, then ${report.seconds} s timed.`,
    '         Servers run in child processes; RSS and heap are read there after a full GC, after the',
    '         warm-up and at the end (summed over instances). Latency covers every response.',
    '',
    'One server: SQLite in a temporary directory, in-process rate limiter with generous limits,',
    'extraction pool started and loaded first. Events come from',
    `${report.eventClientAddresses} client addresses (X-Forwarded-For, loopback trusted as proxy): the route allows 240`,
    'batches a minute per client network. Extraction (a one-page PDF from a loopback origin) runs',
    `last and warms up with ${report.extractWarmUpRequests} answered requests per connection: a request cut off mid-extraction`,
    'kills its pool child.',
    '',
    scenarioTable(report.single),
    '',
  ]
  if (twoInstances.skipped !== undefined) {
    lines.push(`Two instances: skipped (${twoInstances.skipped}).`, '')
  } else {
    lines.push(
      `Two instances: a fresh database on the PostgreSQL at ${twoInstances.postgres}, rate limits in Redis at`,
      `${twoInstances.redis}, production limits. Each route on instance a alone for half the time, on a and b`,
      'at once (connections shared out) for the whole time, then on a alone for the other half; one',
      'load generator for both, on the same cores.',
      '',
      scenarioTable(twoInstances.scaling.flatMap((row) => [row.one, row.two])),
      '',
    )
  }
  lines.push('Key figures:', ...report.single.map(scenarioLine))
  if (twoInstances.skipped === undefined) {
    for (const row of twoInstances.scaling) {
      lines.push(
        `scaling ${row.route}, 2 instances / 1: ${row.ratio.toFixed(2)} (${rate(row.one.requestsPerSecond)} -> ${rate(row.two.requestsPerSecond)} req/s)`,
      )
    }
    lines.push(sharedLimitLine(twoInstances.sharedLimit))
  }
  lines.push('', `Figures are reported, never enforced. Total ${report.totalSeconds.toFixed(0)} s.`)
  return lines.join('\n')
}
