import { availableParallelism, cpus, totalmem } from 'node:os'

/** Where the figures were measured: they only compare with figures from the same machine. */
export interface Machine {
  cpu: string
  cores: number
  memoryGib: number
  node: string
  platform: string
}

/** Describes this machine and runtime. */
export function describeMachine(): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: availableParallelism(),
    memoryGib: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  }
}
