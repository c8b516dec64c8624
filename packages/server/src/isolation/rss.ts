import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'

/**
 * True where another process's resident set can be read from `/proc` (Linux). Elsewhere the pool
 * has no memory watchdog and relies on the child's V8 heap limit alone.
 */
export const canReadRss: boolean = existsSync('/proc/self/status')

/**
 * Resident set size of a process in megabytes, read from `/proc/<pid>/status` (VmRSS, in kB).
 * Needs no cooperation from the process, so it works while that process's event loop is blocked.
 * Undefined when the process is gone or the value cannot be read.
 */
export async function readRssMb(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
    return match?.[1] === undefined ? undefined : Number(match[1]) / 1024
  } catch {
    return undefined
  }
}
