import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** How to start an extraction child: the script to fork and the Node options it needs. */
export interface ChildCommand {
  modulePath: string
  execArgv: string[]
}

/**
 * Where the child script is, relative to the built module that holds the pool: tsup bundles the
 * pool into an entry or a shared chunk at the root of `dist/` and writes the child entry to
 * `dist/isolation/`; the other two places cover a pool module kept beside the child or bundled
 * into an entry one folder down.
 */
const BUILT_CHILD_CANDIDATES = [
  './isolation/extraction-child.js',
  './extraction-child.js',
  '../isolation/extraction-child.js',
]

/**
 * Finds the child script for the way this module itself is running. From sources (vitest, or
 * `tsx --conditions=@pdfx/source`) this file ends in `.ts`, so the child is the `.ts` file beside
 * it, run through tsx with the same source condition; from `dist/` it is the built child entry.
 */
export function resolveChildCommand(moduleUrl: string = import.meta.url): ChildCommand {
  if (fileURLToPath(moduleUrl).endsWith('.ts')) {
    return {
      modulePath: fileURLToPath(new URL('./extraction-child.ts', moduleUrl)),
      execArgv: ['--import', resolveTsxLoader(moduleUrl), '--conditions=@pdfx/source'],
    }
  }
  for (const candidate of BUILT_CHILD_CANDIDATES) {
    const modulePath = fileURLToPath(new URL(candidate, moduleUrl))
    if (existsSync(modulePath)) return { modulePath, execArgv: [] }
  }
  throw new Error(
    `The extraction child script was not found next to ${fileURLToPath(moduleUrl)}: is extraction-child.ts an entry of the tsup build?`,
  )
}

/**
 * tsx is a root devDependency, reachable from this package through the repository's top-level
 * node_modules. It is resolved here to an absolute URL because Node resolves `--import`
 * specifiers from the working directory, which need not be inside the repository.
 */
function resolveTsxLoader(moduleUrl: string): string {
  try {
    return pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href
  } catch (error) {
    throw new Error('Running the extraction pool from TypeScript sources needs tsx installed', {
      cause: error,
    })
  }
}
