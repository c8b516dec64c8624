import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import {
  CHILD_RESULT_PREFIX,
  type ChildRequest,
  type ChildResult,
  type NodeToolId,
  type UnpdfPdfjs,
} from './child-protocol'
import type { ComparePdf } from './compare-corpus'
import { runMeasured } from './measured-process'
import type { ToolRun } from './tool-run'

const CHILD_FILE = fileURLToPath(new URL('./tool-child.ts', import.meta.url))

let unpdfPdfjs: UnpdfPdfjs | undefined

/**
 * Which pdf.js unpdf runs on here (see {@link UnpdfPdfjs}). Asked of a fresh `node`: in this
 * process pdfjs-dist's legacy build has already polyfilled `Promise.try`.
 */
export function unpdfPdfjsBuild(): UnpdfPdfjs {
  unpdfPdfjs ??=
    spawnSync(process.execPath, ['-e', 'process.exit(typeof Promise.try === "function" ? 0 : 1)'])
      .status === 0
      ? 'bundled'
      : 'pdfjs-dist-legacy'
  return unpdfPdfjs
}

/** The big JavaScript of a tool, as file URLs: pdfjs-dist for pdfx and bare pdf.js, unpdf's bundle. */
function heavyModuleUrls(tool: NodeToolId): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
  const pdfjs = ['pdf.mjs', 'pdf.worker.mjs'].map(
    (name) => pathToFileURL(join(root, 'legacy/build', name)).href,
  )
  if (tool !== 'unpdf') return pdfjs
  const unpdf = import.meta.resolve('unpdf')
  return unpdfPdfjsBuild() === 'bundled'
    ? [unpdf, import.meta.resolve('unpdf/pdfjs')]
    : [unpdf, ...pdfjs]
}

/**
 * Node flags of a tool's child: our TypeScript through tsx, with the tool's library imported
 * first by plain Node. Node runs `--import` flags in order, so the library sits in the module
 * cache before tsx registers; through tsx it would cost a few hundred MB of RSS that no user of
 * the built package pays (see speed/memory-report.ts). tsx still adds about 30 MB of baseline,
 * to every Node tool alike.
 */
function childNodeFlags(tool: NodeToolId): string[] {
  return [
    '--conditions=@pdfx/source',
    ...[...heavyModuleUrls(tool), import.meta.resolve('tsx')].flatMap((url) => ['--import', url]),
  ]
}

/** Runs one Node tool over every PDF in a fresh child process (tool-child.ts). */
export async function runNodeTool(
  tool: NodeToolId,
  pdfs: readonly ComparePdf[],
  outDir: string,
): Promise<ToolRun> {
  const request: ChildRequest = {
    files: pdfs.map((pdf) => ({ path: pdf.path, stem: pdf.stem })),
    outDir,
    unpdfPdfjs: unpdfPdfjsBuild(),
  }
  // Without NODE_OPTIONS: the loader this benchmark runs under must not load before pdf.js.
  const { NODE_OPTIONS: _loader, ...env } = process.env
  const run = await runMeasured(process.execPath, [...childNodeFlags(tool), CHILD_FILE, tool], {
    input: JSON.stringify(request),
    env,
  })
  const line = run.stdout
    .split('\n')
    .reverse()
    .find((entry) => entry.startsWith(CHILD_RESULT_PREFIX))
  if (run.code !== 0 || line === undefined) {
    throw new Error(
      `The ${tool} child exited with ${run.signal ?? `code ${run.code}`}: ${run.stderr.slice(-2000)}`,
    )
  }
  const result = JSON.parse(line.slice(CHILD_RESULT_PREFIX.length)) as ChildResult
  return {
    readingSeconds: result.documents.reduce((sum, document) => sum + document.seconds, 0),
    wallSeconds: run.wallSeconds,
    peakRssBytes: Math.max(run.peakRssBytes, result.peakRssBytes),
    baselineRssBytes: result.baselineRssBytes,
    startupMs: result.readyMs,
    reportedPages: result.documents.reduce((sum, document) => sum + document.pages, 0),
    failures: result.documents.flatMap((document) =>
      document.error === undefined ? [] : [{ stem: document.stem, error: document.error }],
    ),
    warnings: result.documents.flatMap((document) =>
      document.warnings.map((warning) => ({ stem: document.stem, warning })),
    ),
  }
}
