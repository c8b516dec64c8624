import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { median } from './pass-timing'

/** The built `pdfx` binary; start-up is measured on what users run, not on sources through tsx. */
const PDFX_BIN = fileURLToPath(new URL('../../../packages/cli/bin/pdfx.js', import.meta.url))
const PDFX_BUILT = fileURLToPath(new URL('../../../packages/cli/dist/bin.js', import.meta.url))

/** Wall-clock start-up of `pdfx --help` against a bare `node -e 0`, in fresh processes. */
export interface CliStartup {
  runs: number
  /** Median milliseconds from spawn to exit of `node packages/cli/bin/pdfx.js --help`. */
  helpMedianMs: number
  /** The same for `node -e 0`: what any Node program pays before its first line. */
  nodeMedianMs: number
  /** helpMedianMs over nodeMedianMs. */
  ratio: number
  helpRunsMs: number[]
  nodeRunsMs: number[]
  /**
   * Median start of `node -e 0` with this machine's NODE_EXTRA_CA_CERTS, when it sets one: Node
   * reads and parses that certificate file at every start, before any program's first line.
   */
  nodeWithCaCertsMs?: number
}

/**
 * A machine-wide setting that costs every Node process the same at start, whatever it runs: the
 * timed starts leave it out, as a machine without it starts, and report its cost apart.
 */
const EXTRA_CA_CERTS = 'NODE_EXTRA_CA_CERTS'
/** Starts of `node -e 0` with EXTRA_CA_CERTS, to report its cost. */
const CA_CERTS_RUNS = 5

/**
 * Starts `node -e 0` and `pdfx --help` alternately `runs` times each, after one untimed run of
 * each (the first start pays for a cold file cache), and takes the median of each.
 */
export async function measureCliStartup(runs: number): Promise<CliStartup> {
  if (!existsSync(PDFX_BUILT)) {
    throw new Error('packages/cli is not built: run `pnpm -F @pdfx/cli build` first')
  }
  const help = [PDFX_BIN, '--help']
  const bare = ['-e', '0']
  await timeRun(bare)
  await timeRun(help)
  const helpRunsMs: number[] = []
  const nodeRunsMs: number[] = []
  for (let run = 0; run < runs; run++) {
    nodeRunsMs.push(await timeRun(bare))
    helpRunsMs.push(await timeRun(help))
  }
  const helpMedianMs = median(helpRunsMs)
  const nodeMedianMs = median(nodeRunsMs)
  const startup: CliStartup = {
    runs,
    helpMedianMs,
    nodeMedianMs,
    ratio: helpMedianMs / nodeMedianMs,
    helpRunsMs,
    nodeRunsMs,
  }
  if (process.env[EXTRA_CA_CERTS]) {
    const withCerts: number[] = []
    for (let run = 0; run < CA_CERTS_RUNS; run++) withCerts.push(await timeRun(bare, true))
    startup.nodeWithCaCertsMs = median(withCerts)
  }
  return startup
}

/**
 * Milliseconds from spawning `node ...args` to its exit, without EXTRA_CA_CERTS unless
 * `withCaCerts`; a failing run is an error.
 */
function timeRun(args: readonly string[], withCaCerts = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    // Without NODE_OPTIONS: a loader the benchmark itself runs under (tsx) must not slow the child.
    const { NODE_OPTIONS: _loader, [EXTRA_CA_CERTS]: caCerts, ...env } = process.env
    if (withCaCerts && caCerts !== undefined) env[EXTRA_CA_CERTS] = caCerts
    const child = spawn(process.execPath, args, { stdio: 'ignore', env })
    child.on('error', reject)
    child.on('exit', (code) => {
      const elapsed = performance.now() - started
      if (code === 0) resolve(elapsed)
      else reject(new Error(`node ${args.join(' ')} exited with ${code}`))
    })
  })
}
