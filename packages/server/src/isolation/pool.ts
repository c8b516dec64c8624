import { type ChildProcess, fork } from 'node:child_process'
import { availableParallelism } from 'node:os'
import type { ExtractOptions } from '@pdfx/core'
import { ErrorCodeSchema, type ExtractedDocument, PdfxError } from '@pdfx/schema'
import { resolveChildCommand } from './child-command.js'
import type { ChildMessage, ExtractRequest, WireExtractOptions } from './protocol.js'
import { canReadRss, readRssMb } from './rss.js'

/** Default longest time one document may run in a child, in milliseconds. */
export const DEFAULT_DEADLINE_MS = 60_000
/** Default largest resident set of one child while it extracts, in megabytes. */
export const DEFAULT_MAX_MEMORY_MB = 1024

/** How often the resident set of each busy child is read, in milliseconds. */
const MEMORY_POLL_MS = 100
/**
 * Smallest V8 heap given to a child, in megabytes. Running from sources, tsx's loader thread alone
 * fails below about 100 MB; lower memory limits are enforced by the resident-set watchdog.
 */
const MIN_HEAP_MB = 256
/** A child that has not loaded the engine after this long is killed, in milliseconds. */
const STARTUP_TIMEOUT_MS = 30_000
/** An idle child that has used up this share of its memory headroom is replaced. */
const RECYCLE_FRACTION = 0.5
/** Children dying before they are ready this many times in a row fail the waiting jobs. */
const MAX_STARTUP_FAILURES = 3

/** Options of `createExtractionPool`. */
export interface ExtractionPoolOptions {
  /** Most child processes; default `os.availableParallelism()`. */
  size?: number
  /** Longest one document may take once a child has it, in milliseconds; default 60 000. */
  deadlineMs?: number
  /** Largest resident set of a child while it extracts, in megabytes; default 1024. */
  maxMemoryMb?: number
  /**
   * Start every child now instead of when jobs first need them (default false): a server
   * pays the start-up (about a quarter of a second each, built) before its first request.
   */
  prestart?: boolean
}

/** Counters and the current state of a pool, for health checks and metrics. */
export interface ExtractionPoolStats {
  /** Most children the pool runs. */
  size: number
  /** Process ids of the live children (starting, idle or busy). */
  pids: number[]
  starting: number
  idle: number
  busy: number
  /** Jobs waiting for a child. */
  queued: number
  /** Children started since the pool was created, replacements included. */
  spawned: number
  /** Jobs that produced a document. */
  completed: number
  /** Jobs the engine refused with an error (not a PDF, encrypted, damaged...). */
  failed: number
  /** Jobs whose child was killed because the deadline passed. */
  timedOut: number
  /** Jobs whose child was killed because it used more memory than allowed. */
  overMemory: number
  /** Jobs whose child died on its own while extracting (crash, V8 out of memory, killed by others). */
  crashed: number
  /** Jobs that left the queue or lost their child because their signal aborted. */
  aborted: number
}

/** A pool of child processes that run `extract` of @pdfx/core off the server's event loop. */
export interface ExtractionPool {
  /**
   * Extracts one document in a child process. Rejects with the engine's PdfxError, with
   * `pdf_too_complex` when the document passes the deadline or memory limit or kills its child,
   * with `unavailable` once the pool is closed, and with the signal's reason when it aborts.
   */
  extract(
    bytes: Uint8Array,
    options?: ExtractOptions,
    signal?: AbortSignal,
  ): Promise<ExtractedDocument>
  stats(): ExtractionPoolStats
  /** Refuses new jobs, fails queued ones with `unavailable`, lets running ones finish, stops every child. */
  close(): Promise<void>
}

interface Job {
  id: number
  bytes: Uint8Array
  options: WireExtractOptions
  signal: AbortSignal | undefined
  resolve: (document: ExtractedDocument) => void
  reject: (error: unknown) => void
  /** The child running this job, once dispatched. */
  worker: Worker | undefined
  settled: boolean
}

interface Worker {
  child: ChildProcess
  pid: number | undefined
  /** `stopping`: killed or told to stop, waiting for its exit. */
  state: 'starting' | 'idle' | 'busy' | 'stopping'
  job: Job | undefined
  everReady: boolean
  gone: boolean
  deadline: NodeJS.Timeout | undefined
  startup: NodeJS.Timeout | undefined
  readingRss: boolean
  /** Resident set when the child became ready, in megabytes. */
  baselineMb: number | undefined
  exited: Promise<void>
  markExited: () => void
}

type Outcome = 'timedOut' | 'overMemory' | 'aborted'

/**
 * Creates a pool of extraction child processes. Children start when jobs need them, are reused
 * across documents, and are replaced when they die; a document that runs past the deadline or
 * over the memory limit has its child killed, and the pool keeps serving.
 */
export function createExtractionPool(options: ExtractionPoolOptions = {}): ExtractionPool {
  const size = options.size ?? Math.max(1, availableParallelism())
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS
  const maxMemoryMb = options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a whole number ≥ 1')
  if (!(Number.isFinite(deadlineMs) && deadlineMs > 0)) {
    throw new RangeError('deadlineMs must be a positive number')
  }
  if (!(Number.isFinite(maxMemoryMb) && maxMemoryMb > 0)) {
    throw new RangeError('maxMemoryMb must be a positive number')
  }
  // Resolved once, up front, so that a missing child script fails at start-up and not per request.
  const command = resolveChildCommand()
  const execArgv = [
    ...command.execArgv,
    `--max-old-space-size=${Math.max(MIN_HEAP_MB, Math.ceil(maxMemoryMb))}`,
  ]

  const workers = new Set<Worker>()
  const queue: Job[] = []
  const counters = {
    spawned: 0,
    completed: 0,
    failed: 0,
    timedOut: 0,
    overMemory: 0,
    crashed: 0,
    aborted: 0,
  }
  let nextJobId = 1
  let startupFailures = 0
  let watchdog: NodeJS.Timeout | undefined
  let closed = false

  function spawnWorker(): Worker {
    const child = fork(command.modulePath, [], {
      execArgv,
      serialization: 'advanced', // structured clone: Uint8Array in, ExtractedDocument out
      // The child's stdout joins the parent's stderr so that nothing can interleave with logs
      // written to stdout.
      stdio: ['ignore', 2, 2, 'ipc'],
    })
    let markExited = () => {}
    const exited = new Promise<void>((resolve) => {
      markExited = resolve
    })
    const worker: Worker = {
      child,
      pid: child.pid,
      state: 'starting',
      job: undefined,
      everReady: false,
      gone: false,
      deadline: undefined,
      startup: undefined,
      readingRss: false,
      baselineMb: undefined,
      exited,
      markExited,
    }
    worker.startup = setTimeout(() => kill(worker), STARTUP_TIMEOUT_MS)
    workers.add(worker)
    counters.spawned++
    child.on('message', (message: ChildMessage) => onMessage(worker, message))
    child.on('exit', (code, signal) => onGone(worker, code, signal))
    child.on('error', (error) => {
      // Failed to spawn, to send or to kill. Without an 'error' listener this would throw in the
      // server; the child is stopped instead, and counts as gone once it has no process.
      kill(worker)
      if (child.pid === undefined) onGone(worker, null, null, error)
    })
    return worker
  }

  function onMessage(worker: Worker, message: ChildMessage): void {
    if (typeof message !== 'object' || message === null) return
    if (message.type === 'ready') {
      if (worker.state !== 'starting') return
      clearTimeout(worker.startup)
      worker.state = 'idle'
      worker.everReady = true
      startupFailures = 0
      if (canReadRss && worker.pid !== undefined) {
        void readRssMb(worker.pid).then((rssMb) => {
          worker.baselineMb = rssMb
        })
      }
      if (closed) kill(worker)
      else pump()
      return
    }
    const job = worker.job
    if (worker.state !== 'busy' || job === undefined || message.id !== job.id) return
    releaseJob(worker)
    if (message.type === 'done') {
      counters.completed++
      settle(job, undefined, message.document)
    } else {
      counters.failed++
      settle(job, childError(message))
    }
    if (closed) kill(worker)
    else {
      worker.state = 'idle'
      pump()
      if (canReadRss && worker.state === 'idle') void recycleIfBloated(worker)
    }
  }

  /**
   * Replaces an idle child that kept more than half of the headroom it started with (the memory
   * between its resident set when ready and the limit), so that the next document is not
   * measured against the leftovers of the last one.
   */
  async function recycleIfBloated(worker: Worker): Promise<void> {
    const baselineMb = worker.baselineMb
    if (worker.pid === undefined || baselineMb === undefined || baselineMb >= maxMemoryMb) return
    const rssMb = await readRssMb(worker.pid)
    const thresholdMb = baselineMb + (maxMemoryMb - baselineMb) * RECYCLE_FRACTION
    if (rssMb !== undefined && rssMb > thresholdMb && worker.state === 'idle') kill(worker)
  }

  function onGone(
    worker: Worker,
    code: number | null,
    signal: NodeJS.Signals | null,
    error?: Error,
  ): void {
    if (worker.gone) return
    worker.gone = true
    workers.delete(worker)
    clearTimeout(worker.startup)
    const job = worker.job
    if (job !== undefined) {
      releaseJob(worker)
      counters.crashed++
      settle(
        job,
        new PdfxError(
          'pdf_too_complex',
          'The PDF could not be processed: its extraction crashed.',
          {
            cause: error ?? new Error(`extraction child exited (code ${code}, signal ${signal})`),
          },
        ),
      )
    }
    worker.markExited()
    if (closed) return
    if (!worker.everReady) {
      startupFailures++
      if (startupFailures >= MAX_STARTUP_FAILURES) {
        startupFailures = 0
        const cause = error ?? new Error(`extraction child exited (code ${code}, signal ${signal})`)
        for (const waiting of queue.splice(0)) {
          settle(
            waiting,
            new PdfxError('unavailable', 'The extraction service cannot start.', { cause }),
          )
        }
      }
    } else {
      // Keep a warm replacement: starting a child costs far more than any small document.
      spawnWorker()
    }
    pump()
  }

  /** Gives queued jobs to idle children, and starts children for jobs nobody will take soon. */
  function pump(): void {
    if (closed) return
    while (queue.length > 0) {
      const idle = [...workers].find((worker) => worker.state === 'idle')
      if (idle === undefined) break
      dispatch(idle, queue.shift() as Job)
    }
    let starting = 0
    for (const worker of workers) if (worker.state === 'starting') starting++
    let missing = Math.min(queue.length - starting, size - workers.size)
    while (missing-- > 0) spawnWorker()
  }

  function dispatch(worker: Worker, job: Job): void {
    const request: ExtractRequest = {
      type: 'extract',
      id: job.id,
      bytes: job.bytes,
      options: job.options,
    }
    try {
      worker.child.send(request, (error) => {
        // The channel closed under us: the child is dying, and its exit fails the job.
        if (error) kill(worker)
      })
    } catch (error) {
      // Options that cannot be cloned are refused before anything reached the child.
      settle(
        job,
        new PdfxError('invalid_request', 'The extraction options cannot be used.', {
          cause: error,
        }),
      )
      return
    }
    worker.state = 'busy'
    worker.job = job
    job.worker = worker
    worker.deadline = setTimeout(() => {
      stop(worker, 'timedOut', tooComplex('The PDF took too long to process.'))
    }, deadlineMs)
    if (canReadRss) {
      watchdog ??= setInterval(pollMemory, MEMORY_POLL_MS)
      void checkMemory(worker) // at once too: a short job may end before the first tick
    }
  }

  function pollMemory(): void {
    let busy = 0
    for (const worker of workers) {
      if (worker.state !== 'busy') continue
      busy++
      void checkMemory(worker)
    }
    if (busy === 0) {
      clearInterval(watchdog)
      watchdog = undefined
    }
  }

  async function checkMemory(worker: Worker): Promise<void> {
    const job = worker.job
    if (job === undefined || worker.pid === undefined || worker.readingRss) return
    worker.readingRss = true
    const rssMb = await readRssMb(worker.pid)
    worker.readingRss = false
    if (rssMb !== undefined && rssMb > maxMemoryMb && worker.job === job) {
      stop(worker, 'overMemory', tooComplex('The PDF needs more memory than allowed.'))
    }
  }

  /** Fails the child's job with `error` and kills the child; its exit brings a replacement. */
  function stop(worker: Worker, outcome: Outcome, error: unknown): void {
    const job = worker.job
    if (job === undefined) return
    releaseJob(worker)
    counters[outcome]++
    settle(job, error)
    kill(worker)
  }

  function kill(worker: Worker): void {
    if (worker.gone) return
    worker.state = 'stopping'
    // SIGKILL: a child stuck in a pathological document may never run a signal handler.
    worker.child.kill('SIGKILL')
  }

  function releaseJob(worker: Worker): void {
    clearTimeout(worker.deadline)
    worker.deadline = undefined
    if (worker.job !== undefined) worker.job.worker = undefined
    worker.job = undefined
  }

  function settle(job: Job, error: unknown, document?: ExtractedDocument): void {
    if (job.settled) return
    job.settled = true
    job.signal?.removeEventListener('abort', onAbortOf.get(job) as () => void)
    onAbortOf.delete(job)
    if (document !== undefined) job.resolve(document)
    else job.reject(error)
  }

  const onAbortOf = new WeakMap<Job, () => void>()

  function extract(
    bytes: Uint8Array,
    extractOptions: ExtractOptions = {},
    signal?: AbortSignal,
  ): Promise<ExtractedDocument> {
    const { signal: optionSignal, ...wireOptions } = extractOptions
    const jobSignal =
      signal && optionSignal ? AbortSignal.any([signal, optionSignal]) : (signal ?? optionSignal)
    if (closed) {
      return Promise.reject(new PdfxError('unavailable', 'The extraction pool is closed.'))
    }
    if (jobSignal?.aborted) return Promise.reject(jobSignal.reason)
    return new Promise<ExtractedDocument>((resolve, reject) => {
      const job: Job = {
        id: nextJobId++,
        bytes,
        options: wireOptions,
        signal: jobSignal,
        resolve,
        reject,
        worker: undefined,
        settled: false,
      }
      if (jobSignal) {
        const onAbort = () => {
          const index = queue.indexOf(job)
          if (index >= 0) {
            queue.splice(index, 1)
            counters.aborted++
            settle(job, jobSignal.reason)
          } else if (job.worker !== undefined) {
            // The engine could stop at its next page, but a child stuck inside one page would
            // not: killing it answers at once and always works.
            stop(job.worker, 'aborted', jobSignal.reason)
          }
        }
        onAbortOf.set(job, onAbort)
        jobSignal.addEventListener('abort', onAbort, { once: true })
      }
      queue.push(job)
      pump()
    })
  }

  function stats(): ExtractionPoolStats {
    const states = { starting: 0, idle: 0, busy: 0, stopping: 0 }
    const pids: number[] = []
    for (const worker of workers) {
      states[worker.state]++
      if (worker.pid !== undefined && worker.state !== 'stopping') pids.push(worker.pid)
    }
    return {
      size,
      pids,
      starting: states.starting,
      idle: states.idle,
      busy: states.busy,
      queued: queue.length,
      ...counters,
    }
  }

  async function close(): Promise<void> {
    if (!closed) {
      closed = true
      for (const job of queue.splice(0)) {
        settle(job, new PdfxError('unavailable', 'The extraction pool is closed.'))
      }
      // Busy children finish their document (still under the deadline) and are stopped then.
      for (const worker of workers) if (worker.state !== 'busy') kill(worker)
    }
    await Promise.all([...workers].map((worker) => worker.exited))
    clearInterval(watchdog)
    watchdog = undefined
  }

  if (options.prestart) for (let i = 0; i < size; i++) spawnWorker()
  return { extract, stats, close }
}

function tooComplex(message: string): PdfxError {
  return new PdfxError('pdf_too_complex', message)
}

/** Rebuilds the child's error; anything not a PdfxError there is `internal` with a fixed message. */
function childError(message: Extract<ChildMessage, { type: 'failed' }>): PdfxError {
  const cause = message.detail === undefined ? undefined : new Error(message.detail)
  const code = ErrorCodeSchema.safeParse(message.code)
  if (!code.success || code.data === 'internal') {
    return new PdfxError(
      'internal',
      'The extraction failed unexpectedly.',
      cause ? { cause } : undefined,
    )
  }
  return new PdfxError(code.data, message.message, cause ? { cause } : undefined)
}
