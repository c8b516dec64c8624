import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type ManualClock,
  type PdfOrigin,
  startLiveServer,
  type TestServer,
  TIMEOUT_MS,
} from '../../server/test/app/harness.js'
import { closedLoopbackPort } from '../../server/test/fetch/loopback-server.js'

export { TIMEOUT_MS }

/**
 * A real, listening @pdfx/server (the server package's own test harness: in-memory database,
 * one extraction child, allowed to fetch from 127.0.0.1 only) and the loopback origin its PDFs
 * come from: `${origin.origin}/one.pdf` ("Invoice 42"), `/report-2.pdf`, `/page.pdf` (HTML)...
 */
export interface ApiServer {
  app: TestServer
  /** `http://127.0.0.1:port`: what PDFX_BASE_URL is set to. */
  url: string
  origin: PdfOrigin
  /** The server's clock, started at the real time; `nextMinute()` resets per-minute limits. */
  clock: ManualClock
  /** Creates an account and returns its first API key. */
  newKey(plan?: 'free' | 'pro'): Promise<string>
  close(): Promise<void>
}

/** Starts the PDF origin, one extraction child and the server, its clock at the real time. */
export async function startApiServer(): Promise<ApiServer> {
  const live = await startLiveServer({ clockStart: new Date().toISOString() })
  return { ...live, newKey: async (plan) => (await live.newKey(plan)).key }
}

/**
 * A fresh home and config folder for one pdfx run or a few: the environment that points
 * XDG_CONFIG_HOME, HOME and APPDATA into a temporary folder and clears PDFX_API_KEY and
 * PDFX_BASE_URL, plus where `pdfx login` writes there.
 */
export async function freshHome(): Promise<{
  dir: string
  env: Record<string, string>
  configFile: string
  remove(): Promise<void>
}> {
  const dir = await mkdtemp(join(tmpdir(), 'pdfx-cli-home-'))
  return {
    dir,
    env: {
      HOME: dir,
      XDG_CONFIG_HOME: join(dir, 'config'),
      APPDATA: join(dir, 'config'),
      PDFX_API_KEY: '',
      PDFX_BASE_URL: '',
    },
    configFile: join(dir, 'config', 'pdfx', 'config.json'),
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}

/** An http origin on 127.0.0.1 where nothing listens: a port that was free a moment ago. */
export async function deadOrigin(): Promise<string> {
  return `http://127.0.0.1:${await closedLoopbackPort()}`
}
