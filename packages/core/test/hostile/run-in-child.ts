import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** What run-case.ts reports about one case. */
export interface ChildReport {
  outcome:
    | { kind: 'document'; pages: number; markdown: string; title?: string }
    | { kind: 'error'; code: string; message: string }
    /** Anything thrown that is not a PdfxError: a bug in the engine's error mapping. */
    | { kind: 'crash'; message: string }
  /** Time `extract` took, in milliseconds (module loading excluded). */
  elapsedMs: number
  /** Peak resident set of the child, in megabytes (its own VmHWM: see run-case.ts). */
  maxRssMb: number
}

/** How a child run ended when it did not report: killed by the watchdog or the deadline, or died. */
export interface ChildFailure {
  failure: 'over-memory' | 'deadline' | 'died'
  detail: string
  /** Highest resident set the watchdog saw, in megabytes. */
  seenRssMb: number
}

export interface RunInChildOptions {
  /** The child is killed once its resident set passes this, in megabytes. */
  maxMemoryMb: number
  /** The child is killed after this long, in milliseconds. */
  deadlineMs: number
}

/** How often the watchdog reads the child's resident set, in milliseconds. */
const RSS_POLL_MS = 50

/**
 * Runs one case of the corpus through `extract` in a fresh Node process (TypeScript sources
 * through tsx, like the server's extraction children), with a resident-set watchdog and a
 * deadline, so that a runaway case fails the test instead of taking the runner down with it.
 */
export function runInChild(
  name: string,
  options: RunInChildOptions,
): Promise<ChildReport | ChildFailure> {
  const script = fileURLToPath(new URL('./run-case.ts', import.meta.url))
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  const child = spawn(
    process.execPath,
    // The heap limit is not what bounds a bomb (decoded bytes live outside the V8 heap); the
    // watchdog is. It keeps a runaway heap from growing past the watchdog between two readings.
    [
      '--import',
      tsx,
      '--conditions=@pdfx/source',
      `--max-old-space-size=${options.maxMemoryMb}`,
      script,
      name,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  let killedFor: ChildFailure['failure'] | undefined
  let seenRssMb = 0
  const watchdog = setInterval(() => {
    const rssMb = child.pid === undefined ? undefined : readStatusMb(child.pid, 'VmRSS')
    if (rssMb === undefined) return
    seenRssMb = Math.max(seenRssMb, rssMb)
    if (rssMb > options.maxMemoryMb && killedFor === undefined) {
      killedFor = 'over-memory'
      child.kill('SIGKILL')
    }
  }, RSS_POLL_MS)
  const deadline = setTimeout(() => {
    killedFor ??= 'deadline'
    child.kill('SIGKILL')
  }, options.deadlineMs)
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearInterval(watchdog)
      clearTimeout(deadline)
      const line = stdout.trim().split('\n').pop() ?? ''
      if (killedFor === undefined && code === 0 && line.startsWith('{')) {
        resolve(JSON.parse(line) as ChildReport)
        return
      }
      resolve({
        failure: killedFor ?? 'died',
        detail: `exit code ${code}, signal ${signal}; stderr: ${stderr.slice(-2000)}`,
        seenRssMb: Math.round(seenRssMb),
      })
    })
  })
}

/**
 * A memory figure of a process from /proc (Linux), in megabytes; undefined when unreadable.
 * VmRSS is its resident set now, VmHWM the highest it has been.
 */
export function readStatusMb(pid: number | 'self', field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)
    return match?.[1] === undefined ? undefined : Number(match[1]) / 1024
  } catch {
    return undefined
  }
}
