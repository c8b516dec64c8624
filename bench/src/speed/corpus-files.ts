import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The corpus folders timed by the speed benchmark, in the order they are read. */
export const SPEED_SETS = ['realworld', 'dpbench'] as const
export type SpeedSet = (typeof SPEED_SETS)[number]

/** One corpus PDF held in memory, so that timings never include disk reads. */
export interface CorpusPdf {
  set: SpeedSet
  name: string
  bytes: Uint8Array
}

/**
 * `<repo>/../shared/corpus/`, found from this file's location (bench/src/speed/), so the
 * benchmark works from any working directory. Fails with a message saying where it looked.
 */
export function speedCorpusDir(): string {
  const dir = fileURLToPath(new URL('../../../../shared/corpus/', import.meta.url))
  if (!existsSync(dir)) {
    throw new Error(
      `The benchmark corpus was not found at ${dir}: it lives next to the repository, in ../shared/corpus (see its README.md).`,
    )
  }
  return dir
}

/** Reads one corpus PDF, checked to exist. */
export async function readCorpusPdf(set: SpeedSet, name: string): Promise<CorpusPdf> {
  const path = join(speedCorpusDir(), set, name)
  if (!existsSync(path)) throw new Error(`The corpus file ${path} is missing.`)
  return { set, name, bytes: new Uint8Array(await readFile(path)) }
}

/** Reads every PDF of the given corpus folders, sorted by name within each folder. */
export async function readCorpusPdfs(sets: readonly SpeedSet[]): Promise<CorpusPdf[]> {
  const root = speedCorpusDir()
  const pdfs: CorpusPdf[] = []
  for (const set of sets) {
    const dir = join(root, set)
    if (!existsSync(dir)) throw new Error(`The corpus folder ${dir} is missing.`)
    const names = (await readdir(dir)).filter((name) => name.endsWith('.pdf')).sort()
    if (names.length === 0) throw new Error(`The corpus folder ${dir} holds no PDF.`)
    for (const name of names) {
      pdfs.push({ set, name, bytes: new Uint8Array(await readFile(join(dir, name))) })
    }
  }
  return pdfs
}
