/**
 * The peak resident set size ("high water mark") in a `/proc/<pid>/status` text, in bytes, or
 * undefined when the line is missing (a zombie has released its memory and shows none).
 */
export function parseVmHwmBytes(status: string): number | undefined {
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status)
  return match?.[1] === undefined ? undefined : Number(match[1]) * 1024
}
