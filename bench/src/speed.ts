// pnpm bench [--quick] [--no-server] [--startup-only] [--json OUT]
//
// First the start-up of the built `pdfx --help` against `node -e 0`, in fresh processes.
// Throughput of @pdfx/core's extract() against bare pdf.js reading the text of the same PDFs
// (../shared/corpus/realworld and dpbench), then peak RSS of one extraction of the largest
// corpus PDF and of generated 100- and 500-page documents, each in a fresh child process, then
// extraction requests per second through the HTTP server against extract() in this process.
// Targets are reported, never asserted: the exit code is 0 unless something crashed.
import { writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { extract } from '@pdfx/core'
import { scriptArgs } from './script-args'
import { type CliStartup, measureCliStartup } from './speed/cli-startup'
import {
  type CorpusPdf,
  readCorpusPdf,
  readCorpusPdfs,
  SPEED_SETS,
  type SpeedSet,
} from './speed/corpus-files'
import { judgeFlatness, type MemoryGrowth, measureGrowth, peakIncreaseMib } from './speed/flatness'
import { buildTextPdf } from './speed/generated-pdf'
import { describeMachine } from './speed/machine'
import { type MemoryReader, type MemoryReport, measureInChild } from './speed/memory-report'
import {
  type PageReader,
  summarizeTimes,
  type TimingSummary,
  timeInterleaved,
} from './speed/pass-timing'
import { readTextWithPdfJs } from './speed/pdfjs-text'
import { measureServerThroughput, type ServerThroughput } from './speed/server-throughput'
import { formatTable } from './speed/text-table'

/** Rounds of every reader over the corpus; each PDF counts with its fastest round. */
const ROUNDS = 3
const TARGET_FAST_RATIO = 0.8
const TARGET_HYBRID_RATIO = 0.4
const TARGET_PEAK_RSS_MIB = 400
/** The largest corpus PDF (104 pages, 2.2 MB): the peak-RSS target is set on it. */
const LARGEST_PDF = { set: 'realworld', name: 'govdocs_316267_vha_coding_handbook.pdf' } as const
const SHORT_PAGES = 100
const LONG_PAGES = 500
const MIB = 2 ** 20
/** HTTP extraction req/s over direct extract() req/s: the HTTP path costs under 15%. */
const TARGET_SERVER_RATIO = 0.85
/** Timed requests per round and path in the server benchmark, from SERVER_CLIENTS clients. */
const SERVER_REQUESTS = 40
const SERVER_CLIENTS = 2
/** dpbench PDFs the server benchmark requests, alternately (the first ones by name). */
const SERVER_PDFS = 2
/** Timed starts of `pdfx --help` (and as many of `node -e 0`); the median counts. */
const STARTUP_RUNS = 20
/** `pdfx --help` must answer this fast, in milliseconds: it may not load pdf.js (issue target). */
const TARGET_STARTUP_MS = 150

type ReaderId = 'pdfjs' | 'fast' | 'hybrid'

interface Reader {
  id: ReaderId
  label: string
  read: PageReader
}

const READERS: readonly Reader[] = [
  { id: 'pdfjs', label: 'pdf.js getTextContent', read: readTextWithPdfJs },
  { id: 'fast', label: 'extract fast', read: readWith('fast') },
  { id: 'hybrid', label: 'extract hybrid', read: readWith('hybrid') },
]

function readWith(mode: 'fast' | 'hybrid'): PageReader {
  return async (bytes) => (await extract(bytes, { mode })).source.pages
}

/** One reader's figures over one corpus folder, or over all of them (`set: 'all'`). */
interface Throughput extends TimingSummary {
  reader: ReaderId
  set: SpeedSet | 'all'
  /** Pages over bestSeconds. */
  pagesPerSecond: number
}

interface MemoryRow {
  document: string
  report: MemoryReport
}

interface Verdict {
  name: string
  value: string
  target: string
  pass: boolean
}

function usage(): string {
  return [
    'usage: pnpm bench [options]',
    `  --quick         dpbench only, one round instead of ${ROUNDS}`,
    '  --no-server     skip the HTTP server against direct extract() comparison',
    '  --startup-only  only the start-up of `pdfx --help` against `node -e 0`',
    '  --json OUT      also write the figures as JSON to OUT',
  ].join('\n')
}

function progress(message: string): void {
  console.error(`[bench] ${message}`)
}

/** Times every reader over every PDF, `rounds` times, and sums per corpus folder and overall. */
async function measureThroughput(
  pdfs: readonly CorpusPdf[],
  sets: readonly SpeedSet[],
  rounds: number,
): Promise<Throughput[]> {
  const times = await timeInterleaved(
    pdfs,
    READERS.map((reader) => reader.read),
    rounds,
    (round, seconds) => {
      const totals = READERS.map(
        (reader, index) => `${reader.label} ${seconds[index]?.toFixed(1)} s`,
      )
      progress(`round ${round + 1}/${rounds}: ${totals.join(', ')}`)
    },
  )
  const rows: Throughput[] = []
  for (const [index, reader] of READERS.entries()) {
    const readerTimes = times[index] ?? []
    const groups: [SpeedSet | 'all', typeof readerTimes][] = sets.map((set) => [
      set,
      readerTimes.filter((entry) => entry.pdf.set === set),
    ])
    if (sets.length > 1) groups.push(['all', readerTimes])
    for (const [set, group] of groups) {
      const summary = summarizeTimes(group)
      rows.push({
        reader: reader.id,
        set,
        ...summary,
        pagesPerSecond: summary.pages / summary.bestSeconds,
      })
    }
  }
  return rows
}

/** One child measurement per document and reader, and what they say about growth. */
interface MemoryFigures {
  rows: MemoryRow[]
  /** extract fast on the largest corpus PDF: the peak-RSS target. */
  largest: MemoryReport
  growth: { extract: MemoryGrowth; pdfjs: MemoryGrowth }
  /** Raw peak RSS of the long generated document over the short one. */
  peakRatio: { extract: number; pdfjs: number }
}

async function measureMemory(largest: CorpusPdf): Promise<MemoryFigures> {
  progress(`generating ${SHORT_PAGES}- and ${LONG_PAGES}-page PDFs with pdf-lib`)
  const documents = [
    { document: largest.name.replace(/\.pdf$/, ''), bytes: largest.bytes },
    { document: `generated, ${SHORT_PAGES} pages`, bytes: await buildTextPdf(SHORT_PAGES) },
    { document: `generated, ${LONG_PAGES} pages`, bytes: await buildTextPdf(LONG_PAGES) },
  ]
  const rows: MemoryRow[] = []
  const reports: Record<MemoryReader, MemoryReport>[] = []
  for (const { document, bytes } of documents) {
    progress(`peak RSS of ${document}: extract fast, then pdf.js, each in a fresh process`)
    const extractReport = await measureInChild(bytes, 'extract')
    const pdfjsReport = await measureInChild(bytes, 'pdfjs')
    rows.push({ document, report: extractReport }, { document, report: pdfjsReport })
    reports.push({ extract: extractReport, pdfjs: pdfjsReport })
  }
  const [corpus, short, long] = reports
  if (!corpus || !short || !long) throw new Error('A memory measurement is missing')
  return {
    rows,
    largest: corpus.extract,
    growth: {
      extract: measureGrowth(short.extract, long.extract),
      pdfjs: measureGrowth(short.pdfjs, long.pdfjs),
    },
    peakRatio: {
      extract: long.extract.peakRssBytes / short.extract.peakRssBytes,
      pdfjs: long.pdfjs.peakRssBytes / short.pdfjs.peakRssBytes,
    },
  }
}

function mib(bytes: number): string {
  return (bytes / MIB).toFixed(0)
}

function labelOf(reader: ReaderId): string {
  return READERS.find((entry) => entry.id === reader)?.label ?? reader
}

/** Pages per second of extract relative to bare pdf.js, over the whole timed corpus. */
interface Ratios {
  fastToPdfjs: number
  hybridToPdfjs: number
}

function ratiosOf(overall: ReadonlyMap<ReaderId, Throughput>): Ratios {
  const rate = (reader: ReaderId): number => overall.get(reader)?.pagesPerSecond ?? Number.NaN
  return {
    fastToPdfjs: rate('fast') / rate('pdfjs'),
    hybridToPdfjs: rate('hybrid') / rate('pdfjs'),
  }
}

/** Compares the figures with the project's targets. */
function judge(
  ratios: Ratios,
  memory: MemoryFigures,
  server: ServerThroughput | undefined,
  startup: CliStartup,
): Verdict[] {
  const { fastToPdfjs: fastRatio, hybridToPdfjs: hybridRatio } = ratios
  const peakRssMib = memory.largest.peakRssBytes / MIB
  const flatness = judgeFlatness(memory.growth.extract, memory.growth.pdfjs)
  return [
    judgeStartup(startup),
    {
      name: 'pages/s, extract fast / pdf.js',
      value: fastRatio.toFixed(2),
      target: `>= ${TARGET_FAST_RATIO.toFixed(2)}`,
      pass: fastRatio >= TARGET_FAST_RATIO,
    },
    {
      name: 'pages/s, extract hybrid / pdf.js',
      value: hybridRatio.toFixed(2),
      target: `>= ${TARGET_HYBRID_RATIO.toFixed(2)}`,
      pass: hybridRatio >= TARGET_HYBRID_RATIO,
    },
    {
      name: `peak RSS, extract fast, ${memory.largest.pages}-page corpus PDF`,
      value: `${peakRssMib.toFixed(0)} MiB`,
      target: `<= ${TARGET_PEAK_RSS_MIB} MiB`,
      pass: peakRssMib <= TARGET_PEAK_RSS_MIB,
    },
    {
      name: 'peak RSS growth per 100 pages, extract fast',
      value: `${memory.growth.extract.perHundredPagesMib.toFixed(1)} MiB`,
      target: `<= ${flatness.limitPerHundredPagesMib.toFixed(1)} MiB (flat)`,
      pass: flatness.pass,
    },
    ...(server
      ? [
          {
            name: `req/s, HTTP extract / direct extract (${server.clients} clients)`,
            value: server.ratio.toFixed(2),
            target: `>= ${TARGET_SERVER_RATIO.toFixed(2)}`,
            pass: server.ratio >= TARGET_SERVER_RATIO,
          },
        ]
      : []),
  ]
}

function judgeStartup(startup: CliStartup): Verdict {
  return {
    name: 'start-up, pdfx --help (median)',
    value: `${startup.helpMedianMs.toFixed(0)} ms`,
    target: `< ${TARGET_STARTUP_MS} ms`,
    pass: startup.helpMedianMs < TARGET_STARTUP_MS,
  }
}

function formatStartup(startup: CliStartup): string {
  const runs = (values: readonly number[]) => values.map((ms) => ms.toFixed(0)).join(' ')
  const table = formatTable(
    [
      { title: 'command', align: 'left' },
      { title: 'median ms', align: 'right' },
      { title: 'each run (ms)', align: 'left' },
    ],
    [
      ['node -e 0', startup.nodeMedianMs.toFixed(0), runs(startup.nodeRunsMs)],
      [
        'node packages/cli/bin/pdfx.js --help',
        startup.helpMedianMs.toFixed(0),
        runs(startup.helpRunsMs),
      ],
    ],
  )
  const caCerts =
    startup.nodeWithCaCertsMs === undefined
      ? []
      : [
          `This machine sets NODE_EXTRA_CA_CERTS: every Node process reads that certificate file as it starts`,
          `(node -e 0 with it: ${startup.nodeWithCaCertsMs.toFixed(0)} ms, median of 5). The starts above are timed without it.`,
        ]
  return [
    `Start-up: ${startup.runs} starts of each command in fresh processes, taking turns, after one untimed`,
    `start of each; spawn to exit, wall clock. pdfx --help / node -e 0 = ${startup.ratio.toFixed(2)}.`,
    ...caCerts,
    '',
    table,
  ].join('\n')
}

async function measureStartup(): Promise<CliStartup> {
  progress(`start-up: ${STARTUP_RUNS} starts each of pdfx --help and node -e 0`)
  return measureCliStartup(STARTUP_RUNS)
}

function formatThroughput(throughputs: readonly Throughput[]): string {
  return formatTable(
    [
      { title: 'reader', align: 'left' },
      { title: 'set', align: 'left' },
      { title: 'pages', align: 'right' },
      { title: 'best s', align: 'right' },
      { title: 'median s', align: 'right' },
      { title: 'pages/s', align: 'right' },
      { title: 'each round (s)', align: 'left' },
    ],
    throughputs.map((row) => [
      labelOf(row.reader),
      row.set,
      String(row.pages),
      row.bestSeconds.toFixed(2),
      row.medianSeconds.toFixed(2),
      row.pagesPerSecond.toFixed(1),
      row.roundSeconds.map((seconds) => seconds.toFixed(2)).join(' '),
    ]),
  )
}

function formatMemory(memory: MemoryFigures): string {
  const { extract, pdfjs } = memory.growth
  const table = formatTable(
    [
      { title: 'document', align: 'left' },
      { title: 'reader', align: 'left' },
      { title: 'pages', align: 'right' },
      { title: 'seconds', align: 'right' },
      { title: 'baseline MiB', align: 'right' },
      { title: 'peak RSS MiB', align: 'right' },
      { title: 'above baseline', align: 'right' },
      { title: 'peak heap MiB', align: 'right' },
    ],
    memory.rows.map(({ document, report }) => [
      document,
      report.reader === 'extract' ? 'extract fast' : 'pdf.js',
      String(report.pages),
      report.seconds.toFixed(2),
      mib(report.baselineRssBytes),
      mib(report.peakRssBytes),
      peakIncreaseMib(report).toFixed(0),
      mib(report.sampledPeakHeapUsedBytes),
    ]),
  )
  return [
    "Peak memory: one read per row, each in a fresh child process. Peak RSS is the child's own VmHWM;",
    'the baseline is Node, tsx and the loaded code before reading; peak heap is polled every 5 ms.',
    '',
    table,
    '',
    `Peak RSS growth per 100 pages (${SHORT_PAGES} -> ${LONG_PAGES} generated pages, above baseline): extract fast ${extract.perHundredPagesMib.toFixed(1)} MiB, pdf.js alone ${pdfjs.perHundredPagesMib.toFixed(1)} MiB.`,
    'Flat = extract keeps no whole-document buffers of its own beyond what pdf.js keeps while a document is',
    `open: at most 1.5 x pdf.js's growth + 2 MiB. Raw peak ratio ${LONG_PAGES}/${SHORT_PAGES} pages: extract ${memory.peakRatio.extract.toFixed(2)}, pdf.js ${memory.peakRatio.pdfjs.toFixed(2)}.`,
  ].join('\n')
}

function formatServer(server: ServerThroughput): string {
  const rates = (values: readonly number[]) => values.map((rate) => rate.toFixed(1)).join(' ')
  const table = formatTable(
    [
      { title: 'path', align: 'left' },
      { title: 'requests', align: 'right' },
      { title: 'best s', align: 'right' },
      { title: 'req/s', align: 'right' },
      { title: 'each round (req/s)', align: 'left' },
    ],
    [
      ['POST /api/v1/extract, loopback', server.http, server.httpRoundRates] as const,
      ['extract() in this process', server.direct, server.directRoundRates] as const,
    ].map(([path, run, roundRates]) => [
      path,
      String(run.requests),
      run.seconds.toFixed(2),
      run.requestsPerSecond.toFixed(1),
      rates(roundRates),
    ]),
  )
  return [
    `Server: ${server.clients} clients, each sending its next request when the last is answered, over`,
    `${server.documents.join(', ')} (alternately, extract fast, markdown + elements).`,
    'HTTP: openServer with a SQLite store in a temporary directory, a pro key, the in-process rate',
    `limiter and a pool of ${server.poolSize} extraction child processes; the server fetches each PDF from a`,
    'loopback origin. Direct: extract() on the bytes in memory, on this thread. One untimed warm-up,',
    'then the paths take turns each round; the fastest round of each counts.',
    '',
    table,
  ].join('\n')
}

function formatVerdicts(verdicts: readonly Verdict[]): string {
  return formatTable(
    [
      { title: 'check', align: 'left' },
      { title: 'value', align: 'right' },
      { title: 'target', align: 'left' },
      { title: 'result', align: 'left' },
    ],
    verdicts.map((verdict) => [
      verdict.name,
      verdict.value,
      verdict.target,
      verdict.pass ? 'PASS' : 'FAIL',
    ]),
  )
}

async function measureServer(
  pdfs: readonly CorpusPdf[],
  rounds: number,
): Promise<ServerThroughput> {
  const chosen = pdfs.filter((pdf) => pdf.set === 'dpbench').slice(0, SERVER_PDFS)
  progress(
    `server: ${SERVER_REQUESTS} requests per round from ${SERVER_CLIENTS} clients, HTTP against direct extract`,
  )
  return measureServerThroughput(chosen, {
    requests: SERVER_REQUESTS,
    clients: SERVER_CLIENTS,
    rounds,
    onProgress: progress,
  })
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: scriptArgs(),
    options: {
      quick: { type: 'boolean', default: false },
      json: { type: 'string' },
      'no-server': { type: 'boolean', default: false },
      'startup-only': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(usage())
    return
  }
  const sets: readonly SpeedSet[] = values.quick ? ['dpbench'] : SPEED_SETS
  const rounds = values.quick ? 1 : ROUNDS
  const machine = describeMachine()
  const started = performance.now()
  // Measured first, while nothing else of the benchmark runs: start-up is a few tens of ms.
  const startup = await measureStartup()
  if (values['startup-only']) {
    console.log(
      ['', formatStartup(startup), '', formatVerdicts([judgeStartup(startup)])].join('\n'),
    )
    return
  }

  const pdfs = await readCorpusPdfs(sets)
  const largest =
    pdfs.find((pdf) => pdf.set === LARGEST_PDF.set && pdf.name === LARGEST_PDF.name) ??
    (await readCorpusPdf(LARGEST_PDF.set, LARGEST_PDF.name))

  // The first document through each reader pays for importing pdf.js through tsx, loading its
  // in-process worker and a cold JIT: one untimed read per reader keeps that out of the figures.
  const warmUp = pdfs[0]
  if (!warmUp) throw new Error('No PDF to benchmark')
  progress(`warming up on ${warmUp.set}/${warmUp.name}`)
  for (const reader of READERS) await reader.read(warmUp.bytes)

  const throughputs = await measureThroughput(pdfs, sets, rounds)
  const memory = await measureMemory(largest)
  const server = values['no-server'] ? undefined : await measureServer(pdfs, rounds)
  const totalSeconds = (performance.now() - started) / 1000

  const overallSet = sets.length > 1 ? 'all' : sets[0]
  const overall = new Map(
    throughputs.filter((row) => row.set === overallSet).map((row) => [row.reader, row]),
  )
  const ratios = ratiosOf(overall)
  const verdicts = judge(ratios, memory, server, startup)
  // Both readers must have read the same pages, or their pages/s do not compare.
  const pdfjsPages = overall.get('pdfjs')?.pages
  const mismatched = [...overall.values()].filter((row) => row.pages !== pdfjsPages)
  const counts = sets.map((set) => {
    const row = throughputs.find((entry) => entry.reader === 'pdfjs' && entry.set === set)
    return `${set} (${row?.documents} PDFs, ${row?.pages} pages)`
  })
  console.log(
    [
      '',
      'pdfx speed benchmark',
      `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGib} GiB, Node ${machine.node}, ${machine.platform}`,
      `corpus:  ${counts.join(', ')}, bytes in memory`,
      `method:  one untimed warm-up read per reader, then ${rounds} round(s) over every PDF, the readers taking`,
      "         turns on each PDF (who goes first rotates); best s sums each PDF's fastest round, since other",
      '         load only adds time; pages/s = pages / best s',
      '',
      formatThroughput(throughputs),
      ...mismatched.map(
        (row) =>
          `warning: ${labelOf(row.reader)} read ${row.pages} pages where pdf.js read ${pdfjsPages}`,
      ),
      '',
      formatMemory(memory),
      '',
      ...(server ? [formatServer(server), ''] : []),
      formatStartup(startup),
      '',
      formatVerdicts(verdicts),
      '',
      `Targets are reported, not enforced. Total ${totalSeconds.toFixed(0)} s.`,
    ].join('\n'),
  )

  if (values.json !== undefined) {
    const figures = {
      machine,
      quick: values.quick,
      rounds,
      totalSeconds,
      throughput: throughputs,
      ratios,
      memory,
      server,
      startup,
      targets: verdicts,
    }
    await writeFile(values.json, `${JSON.stringify(figures, null, 2)}\n`)
    progress(`wrote ${values.json}`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
