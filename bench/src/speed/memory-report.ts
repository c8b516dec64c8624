import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** What reads the PDF in the child: `@pdfx/core` extract (fast mode) or bare pdf.js text. */
export type MemoryReader = 'extract' | 'pdfjs'

/** What reading one PDF in a fresh child process used; sizes in bytes, times in seconds. */
export interface MemoryReport {
  reader: MemoryReader
  pages: number
  seconds: number
  /** After loading @pdfx/core and pdf.js, before reading. */
  baselineRssBytes: number
  baselineHeapUsedBytes: number
  /** Highest values seen by polling `process.memoryUsage()` while reading. */
  sampledPeakRssBytes: number
  sampledPeakHeapUsedBytes: number
  /** How many times memory was polled while reading. */
  samples: number
  /** Peak resident set size over the child's own life (see ownPeakRssBytes). */
  peakRssBytes: number
}

const CHILD_FILE = fileURLToPath(new URL('./memory-child.ts', import.meta.url))

/** pdf.js and its in-process worker, as the file URLs that @pdfx/core ends up importing. */
function pdfjsModuleUrls(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
  return ['pdf.mjs', 'pdf.worker.mjs'].map(
    (name) => pathToFileURL(join(root, 'legacy/build', name)).href,
  )
}

/**
 * Node flags of the child: TypeScript sources through tsx's loader (`node --import tsx`), with
 * pdf.js imported first by plain Node. Through tsx, pdf.js costs about 300 MB more RSS (tsx's
 * loader thread keeps transformed copies of its 3 MB of code, and source maps are on, which
 * parses pdf.js's 8 MB of .map files). Node runs `--import` flags in order, so pdf.js is in the
 * module cache before tsx registers, and what tsx still adds is about 30 MB of baseline.
 */
function childNodeFlags(): string[] {
  return [
    '--conditions=@pdfx/source',
    ...[...pdfjsModuleUrls(), import.meta.resolve('tsx')].flatMap((url) => ['--import', url]),
  ]
}

/** Reads `bytes` once with `reader` in a fresh Node process and returns what it used. */
export function measureInChild(bytes: Uint8Array, reader: MemoryReader): Promise<MemoryReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...childNodeFlags(), CHILD_FILE, reader], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    let stdout = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (text: string) => {
      stdout += text
    })
    child.on('error', reject)
    child.on('close', (code, signal) => {
      const line = stdout.trim().split('\n').at(-1) ?? ''
      if (code !== 0 || line === '') {
        reject(new Error(`The memory child exited with ${signal ?? `code ${code}`}: ${stdout}`))
        return
      }
      resolve(JSON.parse(line) as MemoryReport)
    })
    child.stdin.end(bytes)
  })
}
