// `pnpm test:durability` (vitest.durability.config.ts): the real server process under a mixed load
// of link creations, revocations, visits with dwell events and extractions, killed with SIGKILL
// at random moments and restarted on the same data. Afterwards every acknowledged write must be
// there, refused ones must have left nothing, and the usage counters must match the usage ledger.
//
// PDFX_DURABILITY_KILLS (default 10) sets the kills per database; PDFX_DURABILITY_SEED repeats a
// run's choices (operations, sizes, kill delays; the timing of a real process stays its own).
// A kill here is a crashed process, not a lost machine: what the kernel has accepted survives it,
// so this proves the commit order (bytes before rows, one transaction per change), not fsync.

import { createHash, randomInt } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type Store, type StoreOptions } from '../../src/store/index.js'
import { createTestDatabase, postgresUrl } from '../services.js'
import {
  activeLinks,
  createRandom,
  type DocumentOrigin,
  extract,
  Ledger,
  type LoadAccount,
  type Random,
  send,
  startDocumentOrigin,
  startLoad,
  visitIdOf,
  visitorHeaders,
} from './load.js'
import { type KillAftermath, startServerProcess } from './server-process.js'
import { type BlobAccess, fileBlobs, tableBlobs, verifyDurability } from './verify.js'

const KILLS = wholeNumber('PDFX_DURABILITY_KILLS', 10, 1)
/** The server runs this long (after it listens) before each kill, in milliseconds. */
const MIN_UP_MS = 1_000
const MAX_UP_MS = 5_000
/** How long the extraction children of a killed server get to notice and exit, in milliseconds. */
const CHILD_GRACE_MS = 20_000
/** Link, visit and event requests in flight at once (extractions come on top, one at a time). */
const WORKERS = 4
/** Links the final check opens through the restarted server's viewer, and revoked ones it asks for. */
const READ_BACK_LINKS = 30
const READ_BACK_REVOKED = 10
/** Extractions after the last restart, which no kill interrupts. */
const FINAL_EXTRACTIONS = 4
// About a minute per database at 10 kills on two cores; the margin is for slow CI machines.
const TIMEOUT_MS = 150_000 + KILLS * 12_000

const postgres = await postgresUrl()

let origin: DocumentOrigin
beforeAll(async () => {
  origin = await startDocumentOrigin()
})
afterAll(async () => {
  await origin?.close()
})

/** Where one run keeps its data, and how the server and the check reach it. */
interface Target {
  name: string
  dataDir: string
  env: Record<string, string>
  storeOptions: StoreOptions
  blobs(store: Store): BlobAccess
}

describe('durability under SIGKILL', () => {
  it(`keeps every acknowledged write on SQLite across ${KILLS} kills`, {
    timeout: TIMEOUT_MS,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pdfx-durability-'))
    try {
      await runDurability({
        name: 'sqlite',
        dataDir,
        env: { PDFX_DATA_DIR: dataDir },
        storeOptions: { dataDir },
        blobs: () => fileBlobs(dataDir),
      })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  const skipReason = postgres.url === null ? postgres.reason : undefined
  if (skipReason !== undefined) {
    process.stderr.write(`[durability] postgres skipped: ${skipReason}\n`)
  }
  it.skipIf(skipReason !== undefined)(
    `keeps every acknowledged write on PostgreSQL across ${KILLS} kills${skipReason ? ` (skipped: ${skipReason})` : ''}`,
    { timeout: TIMEOUT_MS },
    async () => {
      if (postgres.url === null) throw new Error(postgres.reason)
      const database = await createTestDatabase(postgres.url)
      const dataDir = mkdtempSync(join(tmpdir(), 'pdfx-durability-'))
      try {
        await runDurability({
          name: 'postgres',
          dataDir,
          env: { PDFX_DATA_DIR: dataDir, PDFX_DATABASE_URL: database.url },
          storeOptions: { databaseUrl: database.url },
          blobs: (store) => tableBlobs(store),
        })
      } finally {
        await database.drop()
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
  )
})

async function runDurability(target: Target): Promise<void> {
  const seed = wholeNumber('PDFX_DURABILITY_SEED', randomInt(2 ** 31), 0)
  const random = createRandom(seed)
  const startedAt = Date.now()
  log(target, `seed ${seed}, ${KILLS} kills (PDFX_DURABILITY_SEED=${seed} repeats the choices)`)
  const { linkAccounts, extractAccounts } = await createAccounts(target)
  const accounts = [...linkAccounts, ...extractAccounts]
  const ledger = new Ledger()
  const env = {
    ...target.env,
    PDFX_FETCH_ALLOW: '127.0.0.1/32',
    // The load sends visits from many addresses through the loopback "proxy", so that the
    // per-network viewer limits count each simulated reader on its own.
    PDFX_TRUST_PROXY: '127.0.0.1',
  }

  const aftermaths: KillAftermath[] = []
  let tempFilesAfterKills = 0
  for (let cycle = 1; cycle <= KILLS; cycle++) {
    const server = await startServerProcess(env)
    const load = startLoad({
      url: server.url,
      ledger,
      random,
      origin,
      linkAccounts,
      extractAccounts,
      workers: WORKERS,
    })
    await sleep(random.int(MIN_UP_MS, MAX_UP_MS))
    // No new operation starts from here; those in flight lose their answer to the kill.
    const stopped = load.stop()
    aftermaths.push(await server.kill(CHILD_GRACE_MS))
    await stopped
    if (target.name === 'sqlite')
      tempFilesAfterKills += fileBlobs(target.dataDir).tempFiles().length
  }

  // One more start: it must come up on whatever the kills left, clear their temporary files and
  // serve the acknowledged documents byte for byte; then a graceful stop. A few extractions here
  // make sure that acknowledged charges are among the checked ones whatever the kills hit.
  const server = await startServerProcess(env)
  let readBack: ReadBack
  try {
    readBack = await readBackThroughViewer(server.url, ledger, random)
    // As pro accounts only: the free one may be out of pages by now.
    const options = { url: server.url, ledger, random, origin, linkAccounts, extractAccounts: [] }
    for (let count = 0; count < FINAL_EXTRACTIONS; count++) await extract(options)
  } finally {
    const code = await server.stop()
    expect(code, server.output()).toBe(0)
  }

  const store = await openStore(target.storeOptions)
  let verification: Awaited<ReturnType<typeof verifyDurability>>
  try {
    verification = await verifyDurability(store, target.blobs(store), ledger, accounts)
  } finally {
    await store.close()
  }

  const children = aftermaths.reduce((sum, each) => sum + each.childrenBefore, 0)
  const slowest = Math.max(...aftermaths.map((each) => each.childrenGoneAfterMs ?? Infinity))
  const survivors = aftermaths.flatMap((each) => each.survivors)
  const zombies = aftermaths.reduce((sum, each) => sum + each.zombies.length, 0)
  log(
    target,
    [
      `${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
      `outcomes ${JSON.stringify(ledger.outcomes)}`,
      `refusals ${JSON.stringify(Object.fromEntries(ledger.statuses))}`,
      `checked ${JSON.stringify(verification.facts)}`,
      `read back ${readBack.served} documents through the viewer, ${readBack.gone} revoked links answered 404`,
      `temporary files left by the kills ${tempFilesAfterKills} (removed by the next start)`,
      `children of killed servers ${children}, all gone after ${slowest === Infinity ? 'never' : `${slowest} ms`}, survivors ${survivors.length}, unreaped zombies ${zombies}`,
    ].join('\n  '),
  )

  expect(readBack.problems).toEqual([])
  expect(verification.problems).toEqual([])
  // Without the acknowledged writes the checks above prove little.
  expect(ledger.links.size).toBeGreaterThan(KILLS)
  expect(ledger.visits.size).toBeGreaterThan(0)
  expect(ledger.outcomes.extract.acked).toBeGreaterThan(0)
  // An extraction child that outlives its server burns CPU and memory for nobody.
  expect(survivors.map((each) => `${each.pid} ${each.command} ${each.state}`)).toEqual([])
}

/**
 * Pro accounts that create links and extract, and a free account 7 pages short of its quota and
 * credits, so that some extractions are refused (charges that must leave no usage row).
 */
async function createAccounts(target: Target): Promise<{
  linkAccounts: LoadAccount[]
  extractAccounts: LoadAccount[]
}> {
  const store = await openStore(target.storeOptions)
  try {
    const linkAccounts: LoadAccount[] = []
    for (let index = 0; index < 5; index++) {
      const { account, apiKey } = await store.createAccount({
        email: `pro${index}@durability.example`,
        plan: 'pro',
      })
      linkAccounts.push({ id: account.id, apiKey, plan: 'pro', credits: 0, seedPages: 0 })
    }
    const { account, apiKey } = await store.createAccount({
      email: 'free@durability.example',
      plan: 'free',
    })
    const credits = 4
    const seedPages = 497
    await store.addCredits(account.id, credits)
    const seeded = await store.chargePages(account.id, seedPages)
    if (!seeded.ok) throw new Error('could not charge the seed pages')
    return {
      linkAccounts,
      extractAccounts: [{ id: account.id, apiKey, plan: 'free', credits, seedPages }],
    }
  } finally {
    await store.close()
  }
}

interface ReadBack {
  served: number
  gone: number
  problems: string[]
}

/** Opens acknowledged links through the viewer and compares the PDF it serves with what was given. */
async function readBackThroughViewer(
  url: string,
  ledger: Ledger,
  random: Random,
): Promise<ReadBack> {
  const problems: string[] = []
  let served = 0
  let gone = 0
  const links = shuffle(activeLinks(ledger), random).slice(0, READ_BACK_LINKS)
  for (const link of links) {
    const client = visitorHeaders(random)
    const page = await send(`${url}/d/${link.slug}`, {
      headers: { ...client, accept: 'text/html' },
    })
    const config = /id="pdfx-viewer-config">(.*?)<\/script>/s.exec(
      page === 'lost' ? '' : String(page.body),
    )?.[1]
    if (config === undefined) {
      problems.push(`the viewer page of ${link.id} did not load`)
      continue
    }
    const visit = await send(`${url}/d/${link.slug}/visits`, {
      method: 'POST',
      headers: { ...client, 'content-type': 'application/json' },
      body: JSON.stringify({ ticket: JSON.parse(config).ticket }),
    })
    if (visit === 'lost' || visit.status !== 200) {
      problems.push(`no visit of ${link.id}`)
      continue
    }
    const { visitToken, fileUrl } = visit.body as { visitToken: string; fileUrl: string }
    const visitId = visitIdOf(visitToken)
    ledger.visits.set(visitId, {
      id: visitId,
      linkId: link.id ?? '',
      slug: link.slug ?? '',
      token: visitToken,
      ackedMs: new Map(),
      doubtMs: new Map(),
    })
    const file = await fetch(`${url}${fileUrl}`, { headers: client })
    const bytes = new Uint8Array(await file.arrayBuffer())
    if (file.status !== 200 || createHash('sha256').update(bytes).digest('hex') !== link.sha256) {
      problems.push(`the viewer served other bytes for ${link.id} (${file.status})`)
    } else {
      served++
    }
  }
  const revoked = shuffle([...ledger.revoked], random).slice(0, READ_BACK_REVOKED)
  for (const id of revoked) {
    const link = ledger.links.get(id)
    const page = await send(`${url}/d/${link?.slug}`, { headers: { accept: 'text/html' } })
    if (page === 'lost' || page.status !== 404) problems.push(`revoked link ${id} still serves`)
    else gone++
  }
  return { served, gone, problems }
}

function shuffle<T>(items: T[], random: Random): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = random.int(0, index)
    const swap = items[index] as T
    items[index] = items[other] as T
    items[other] = swap
  }
  return items
}

function wholeNumber(name: string, fallback: number, min: number): number {
  const value = process.env[name]
  if (value === undefined || value === '') return fallback
  if (!/^\d+$/.test(value) || Number(value) < min) {
    throw new Error(`${name} must be a whole number ≥ ${min}, got "${value}"`)
  }
  return Number(value)
}

function log(target: Target, text: string): void {
  // Reporters hide a test's console output on success; stderr shows what a run found.
  process.stderr.write(`[durability] ${target.name}: ${text}\n`)
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
