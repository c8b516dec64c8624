import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Files below `root` as `/`-separated paths relative to it, sorted so output order does not depend
 * on the file system. Hidden entries (a leading `.`) are skipped as ripgrep does, and symbolic
 * links to folders are not followed, so a link loop cannot make the walk endless. `maxDepth` 1
 * lists only the files directly in `root`.
 */
export async function listFiles(
  root: string,
  maxDepth = Number.POSITIVE_INFINITY,
): Promise<string[]> {
  const files: string[] = []
  await walk(root, '', 1, maxDepth, files)
  return files.sort()
}

async function walk(
  root: string,
  prefix: string,
  depth: number,
  maxDepth: number,
  files: string[],
): Promise<void> {
  const entries = await readdir(join(root, prefix), { withFileTypes: true })
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`
    if (entry.isDirectory()) {
      if (depth < maxDepth) await walk(root, relative, depth + 1, maxDepth, files)
    } else if (entry.isFile()) {
      files.push(relative)
    } else if (entry.isSymbolicLink()) {
      const target = await stat(join(root, relative)).catch(() => undefined)
      if (target?.isFile()) files.push(relative)
    }
  }
}
