import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildArgs, type ConvertOptions } from '@opendataloader/pdf'
import type { ComparePdf } from './compare-corpus'
import { runMeasured } from './measured-process'
import { medianOf, type ToolProbe, type ToolRun } from './tool-run'

/** The package folder of @opendataloader/pdf (its exports map hides package.json). */
function packageDir(): string {
  // dist/index.js -> the package folder
  return dirname(dirname(fileURLToPath(import.meta.resolve('@opendataloader/pdf'))))
}

/** The JAR the package runs; it ships inside the npm package. */
function jarPath(): string {
  return join(packageDir(), 'lib', 'opendataloader-pdf-cli.jar')
}

/** The JVM flags the package's own `convert()` passes before `-jar`. */
const JVM_FLAGS = ['-Djava.awt.headless=true', '-Dapple.awt.UIElement=true']

/**
 * Markdown, as opendataloader-bench runs the local engine (`format markdown, quiet`), without
 * writing image files: no other tool of the comparison writes images.
 */
const CONVERT_OPTIONS: ConvertOptions = { format: 'markdown', imageOutput: 'off', quiet: true }

/** Whether Java and the package's JAR are here, with both versions. */
export async function probeOpendataloader(): Promise<ToolProbe> {
  let jar: string
  try {
    jar = jarPath()
  } catch {
    return {
      available: false,
      reason: '@opendataloader/pdf is not installed (a bench devDependency)',
    }
  }
  if (!existsSync(jar)) return { available: false, reason: `its JAR is missing at ${jar}` }
  let java: string
  try {
    const run = await runMeasured('java', ['-version'])
    java = `${run.stderr}${run.stdout}`.split('\n')[0]?.trim() ?? 'java'
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    return {
      available: false,
      reason: 'java is not on PATH: run scripts/ensure-bench-tools.sh (a JRE, 11 or later)',
    }
  }
  const { version } = JSON.parse(await readFile(join(packageDir(), 'package.json'), 'utf8')) as {
    version: string
  }
  return { available: true, version: `@opendataloader/pdf ${version}, ${java}` }
}

/**
 * Median milliseconds of `java -jar <jar>` with no arguments (it prints its usage and exits):
 * the JVM's start and the CLI's first classes, which the comparison takes out of the reading time.
 */
export async function measureJvmStartup(runs: number): Promise<number> {
  const times: number[] = []
  for (let run = 0; run < runs; run++) {
    times.push((await runMeasured('java', [...JVM_FLAGS, '-jar', jarPath()])).wallSeconds)
  }
  return medianOf(times) * 1000
}

/**
 * Every PDF in one JVM, as the package recommends for batches (each `convert()` call starts a
 * JVM). The JVM is started here with the command line `convert()` builds (the package's own
 * `buildArgs`), so that it is this process's child and /proc shows its memory. Reading seconds
 * are its wall time less `jvmStartupMs`.
 */
export async function runOpendataloader(
  pdfs: readonly ComparePdf[],
  outDir: string,
  jvmStartupMs: number,
): Promise<ToolRun> {
  const args = [
    ...JVM_FLAGS,
    '-jar',
    jarPath(),
    ...buildArgs({ ...CONVERT_OPTIONS, outputDir: outDir }),
  ]
  const run = await runMeasured('java', [...args, ...pdfs.map((pdf) => pdf.path)])
  // The CLI goes on past a PDF it refuses, names it on stdout and exits with 1 at the end.
  const refused = new Map(
    [...`${run.stdout}\n${run.stderr}`.matchAll(/^Error: '(.+?)\.pdf' (.*)$/gm)].map((match) => [
      match[1],
      match[2],
    ]),
  )
  const written = new Set(await readdir(outDir))
  const failures: ToolRun['failures'] = []
  for (const pdf of pdfs) {
    if (written.has(`${pdf.stem}.md`)) continue
    const reason =
      refused.get(pdf.stem) ?? `no Markdown written (the JVM exited with ${run.signal ?? run.code})`
    failures.push({ stem: pdf.stem, error: reason })
  }
  return {
    readingSeconds: Math.max(0, run.wallSeconds - jvmStartupMs / 1000),
    wallSeconds: run.wallSeconds,
    peakRssBytes: run.peakRssBytes,
    baselineRssBytes: undefined,
    startupMs: undefined,
    reportedPages: undefined,
    failures,
    warnings: [],
  }
}
