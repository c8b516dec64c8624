import { readFileSync } from 'node:fs'

/**
 * The peak resident set size ("high water mark") in a `/proc/<pid>/status` text, in bytes, or
 * undefined when the line is missing (a zombie has released its memory and shows none).
 */
export function parseVmHwmBytes(status: string): number | undefined {
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status)
  return match?.[1] === undefined ? undefined : Number(match[1]) * 1024
}

/**
 * This process's own peak RSS, in bytes. On Linux it is VmHWM, which starts afresh when the
 * process image is replaced: getrusage's maxrss (`process.resourceUsage().maxRSS`) does not, and
 * in a child that Node forked it is at least the parent's RSS at the fork, which is how a 50 MB
 * read in a child of a 220 MB benchmark came out as 220 MB. Elsewhere maxrss is all there is.
 */
export function ownPeakRssBytes(): number {
  let status: string | undefined
  try {
    status = readFileSync('/proc/self/status', 'utf8')
  } catch {
    // no /proc on this platform
  }
  const vmHwm = status === undefined ? undefined : parseVmHwmBytes(status)
  // maxRSS is in KiB on every platform Node supports
  return vmHwm ?? process.resourceUsage().maxRSS * 1024
}
