import { parentPort, Worker } from 'node:worker_threads'
import { ErrorCodeSchema, PdfxError } from '@pdfx/schema'
import { toPdfxError } from './report-error.js'

// A small pool of worker threads, each running one job at a time. Extraction is CPU work on
// pdf.js's single thread: without workers, `--jobs` would only interleave documents on one core.
// Threads rather than child processes: they start faster and nothing here needs isolation from
// a hostile PDF beyond what a crash of one thread gives (its job fails, a new thread takes over).

/** The result of one job: its value, or the error it failed with. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: PdfxError }

/** How the pool is started. */
export interface WorkerPoolOptions {
  /** Most threads running at once; never more than there are items. */
  size: number
  /** The module each thread runs; it calls serveJobs. */
  workerUrl: URL
  /** Handed to every thread as `workerData` (structured-cloned once per thread). */
  workerData?: unknown
}

interface JobRequest<T> {
  index: number
  item: T
}

type JobReply<R> =
  | { index: number; ok: true; value: R }
  | { index: number; ok: false; code: string; message: string }

/**
 * Runs every item through a thread of the pool. `onSettled` is called once per item, as each
 * finishes (not in item order). Resolves when every item has settled; idle threads are ended as
 * soon as no work is left for them. A thread that dies mid-job fails that job with `internal`
 * and is replaced while items remain.
 */
export function runInWorkers<T, R>(
  items: readonly T[],
  options: WorkerPoolOptions,
  onSettled: (index: number, outcome: Outcome<R>) => void,
): Promise<void> {
  return new Promise((resolvePool) => {
    let next = 0
    let settled = 0
    if (items.length === 0) resolvePool()
    const settle = (index: number, outcome: Outcome<R>) => {
      onSettled(index, outcome)
      if (++settled === items.length) resolvePool()
    }

    const startThread = () => {
      const worker = new Worker(options.workerUrl, { workerData: options.workerData })
      let current: number | undefined
      let crash: Error | undefined
      const feed = () => {
        if (next >= items.length) {
          current = undefined
          void worker.terminate()
          return
        }
        current = next++
        worker.postMessage({ index: current, item: items[current] as T } satisfies JobRequest<T>)
      }
      worker.on('message', (reply: JobReply<R>) => {
        if (reply.index !== current) return
        feed()
        settle(reply.index, toOutcome(reply))
      })
      worker.on('error', (error) => {
        crash = error
      })
      worker.on('exit', (exitCode) => {
        if (current === undefined) return
        const index = current
        current = undefined
        const reason = crash?.message ?? `exit code ${exitCode}`
        if (next < items.length) startThread()
        settle(index, {
          ok: false,
          error: new PdfxError('internal', `the worker thread stopped: ${reason}`, {
            cause: crash,
          }),
        })
      })
      feed()
    }

    for (let count = 0; count < Math.min(options.size, items.length); count++) startThread()
  })
}

/**
 * The thread side: answers each job the pool sends with `handle`'s value, or with the error's
 * code and message (errors cross threads as plain data; the pool rebuilds the PdfxError).
 */
export function serveJobs<T, R>(handle: (item: T) => Promise<R>): void {
  const port = parentPort
  if (!port) throw new Error('serveJobs runs inside a worker thread')
  port.on('message', ({ index, item }: JobRequest<T>) => {
    handle(item).then(
      (value) => port.postMessage({ index, ok: true, value } satisfies JobReply<R>),
      (error: unknown) => {
        const { code, message } = toPdfxError(error)
        port.postMessage({ index, ok: false, code, message } satisfies JobReply<R>)
      },
    )
  })
}

function toOutcome<R>(reply: JobReply<R>): Outcome<R> {
  if (reply.ok) return { ok: true, value: reply.value }
  const code = ErrorCodeSchema.safeParse(reply.code)
  return { ok: false, error: new PdfxError(code.success ? code.data : 'internal', reply.message) }
}
