import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { parseVmHwmBytes } from '../peak-rss'

/**
 * How often a measured process's `/proc/<pid>/status` is read, in milliseconds. VmHWM is the
 * kernel's own peak of the process, so a poll only misses growth in its last interval of life.
 */
export const POLL_INTERVAL_MS = 2

/** One finished process: how long it ran and the most memory it held. */
export interface MeasuredProcess {
  code: number | null
  signal: NodeJS.Signals | null
  /** Spawn to exit, wall clock. */
  wallSeconds: number
  /** Highest VmHWM read while it ran, in bytes; 0 where /proc is missing (not Linux). */
  peakRssBytes: number
  stdout: string
  stderr: string
}

/** Options of {@link runMeasured}. */
export interface RunMeasuredOptions {
  /** Written to the process's stdin, which is then closed. */
  input?: string
  env?: NodeJS.ProcessEnv
}

/**
 * Runs one command to its end and measures it from the outside: wall time from spawn to exit,
 * and peak RSS as the highest VmHWM read from /proc/<pid>/status every POLL_INTERVAL_MS while it
 * runs. Spawn errors (e.g. ENOENT) reject; a non-zero exit resolves, with its code.
 */
export function runMeasured(
  command: string,
  args: readonly string[],
  options: RunMeasuredOptions = {},
): Promise<MeasuredProcess> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env: options.env })
    let peakRssBytes = 0
    let polling = false
    let exited = false
    const poll = (): void => {
      // one read at a time: a slow read must not queue up behind itself
      if (polling || exited || child.pid === undefined) return
      polling = true
      readFile(`/proc/${child.pid}/status`, 'utf8')
        .then((status) => {
          peakRssBytes = Math.max(peakRssBytes, parseVmHwmBytes(status) ?? 0)
        })
        .catch(() => undefined) // gone between exit and this read, or no /proc
        .finally(() => {
          polling = false
        })
    }
    const timer = setInterval(poll, POLL_INTERVAL_MS)
    poll()
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text
    })
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text
    })
    let wallSeconds = 0
    let code: number | null = null
    let signal: NodeJS.Signals | null = null
    child.on('error', (error) => {
      clearInterval(timer)
      reject(error)
    })
    child.on('exit', (exitCode, exitSignal) => {
      wallSeconds = (performance.now() - started) / 1000
      exited = true
      clearInterval(timer)
      code = exitCode
      signal = exitSignal
    })
    // 'close' comes after 'exit' once stdout and stderr are drained
    child.on('close', () => {
      resolve({ code, signal, wallSeconds, peakRssBytes, stdout, stderr })
    })
    child.stdin.on('error', () => undefined) // a tool that exits without reading stdin
    child.stdin.end(options.input ?? '')
  })
}
