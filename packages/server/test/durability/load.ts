import { createHash, randomBytes } from 'node:crypto'
import type { Plan } from '@pdfx/schema'
import { type LoopbackServer, startLoopbackServer } from '../fetch/loopback-server.js'
import { reportPdf } from '../isolation/fixtures.js'
import { BROWSER_UA } from '../viewer/viewer-fixture.js'

/**
 * What the client knows about a write: `acked` (a 2xx answer arrived: it must be durable),
 * `refused` (a 4xx answer: it must have left nothing), `in-doubt` (the server died or failed
 * before answering: either is allowed).
 */
export type Outcome = 'acked' | 'refused' | 'in-doubt'

/** An account the load runs as, created before the first start. */
export interface LoadAccount {
  id: string
  apiKey: string
  plan: Plan
  /** Credits added before the load. */
  credits: number
  /** Pages charged before the load (through `chargePages`, so with their usage rows). */
  seedPages: number
}

/** One link creation the client asked for: one document with its own bytes. */
export interface LinkCreation {
  path: string
  sha256: string
  sizeBytes: number
  accountId: string
  outcome: Outcome
  /** From the answer, when acknowledged. */
  id?: string
  slug?: string
}

/** An acknowledged visit and the dwell the server acknowledged (or maybe stored) for it. */
export interface VisitWrite {
  id: string
  linkId: string
  slug: string
  token: string
  /** Page → milliseconds of batches answered 204. */
  ackedMs: Map<number, number>
  /** Page → milliseconds of batches whose answer never came. */
  doubtMs: Map<number, number>
}

/** Pages the extractions of one account were charged: certainly, and perhaps. */
export interface ChargeTally {
  acked: number
  doubt: number
  refusals: number
}

type Operation = 'create' | 'revoke' | 'visit' | 'events' | 'extract'
type GeneralOperation = Exclude<Operation, 'extract'>

/** Every write the load sent, by what the client heard back. */
export class Ledger {
  readonly creations = new Map<string, LinkCreation>()
  /** Acknowledged links by id. */
  readonly links = new Map<string, LinkCreation>()
  /** Links a revocation was sent for, whatever came back: the load leaves them alone after. */
  readonly revokeSent = new Set<string>()
  readonly revoked = new Set<string>()
  readonly visits = new Map<string, VisitWrite>()
  visitsInDoubt = 0
  readonly charges = new Map<string, ChargeTally>()
  readonly outcomes: Record<Operation, Record<Outcome, number>> = {
    create: { acked: 0, refused: 0, 'in-doubt': 0 },
    revoke: { acked: 0, refused: 0, 'in-doubt': 0 },
    visit: { acked: 0, refused: 0, 'in-doubt': 0 },
    events: { acked: 0, refused: 0, 'in-doubt': 0 },
    extract: { acked: 0, refused: 0, 'in-doubt': 0 },
  }
  /** Refusals by operation and status, to tell expected ones (402, 429) from surprises. */
  readonly statuses = new Map<string, number>()

  count(operation: Operation, outcome: Outcome, status?: number): void {
    this.outcomes[operation][outcome]++
    if (status !== undefined && outcome !== 'acked') {
      const key = `${operation} ${status}`
      this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1)
    }
  }

  chargesOf(accountId: string): ChargeTally {
    let tally = this.charges.get(accountId)
    if (tally === undefined) {
      tally = { acked: 0, doubt: 0, refusals: 0 }
      this.charges.set(accountId, tally)
    }
    return tally
  }
}

/** A small, seedable PRNG (mulberry32): the same seed gives the same choices and kill delays. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  }
}

/** Uniform choices from a seeded generator. */
export interface Random {
  /** In [0, 1). */
  next(): number
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T | undefined
}

/** The loopback origin the server fetches from: one fresh document per link, reports to extract. */
export interface DocumentOrigin {
  readonly origin: string
  /** Serves new bytes of `sizeBytes` under a new path; each document has a distinct SHA-256. */
  addDocument(sizeBytes: number): { url: string; path: string; sha256: string; sizeBytes: number }
  close(): Promise<void>
}

/** Pages of the report documents the extractions use (`/report-<pages>.pdf`). */
export const REPORT_PAGES = [1, 2, 3] as const

export async function startDocumentOrigin(): Promise<DocumentOrigin> {
  const documents = new Map<string, Uint8Array>()
  for (const pages of REPORT_PAGES) documents.set(`/report-${pages}.pdf`, await reportPdf(pages))
  let next = 0
  const origin: LoopbackServer = await startLoopbackServer((request, response) => {
    const bytes = documents.get(request.url ?? '')
    if (bytes === undefined) {
      response.writeHead(404)
      response.end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/pdf' })
    response.end(bytes)
    // Each link document is fetched once; only its hash is needed afterwards.
    if (request.url?.startsWith('/doc-')) documents.delete(request.url)
  })
  return {
    origin: origin.origin,
    addDocument(sizeBytes) {
      next++
      const path = `/doc-${next}.pdf`
      // Only `%PDF-` at the start matters to the server: Doc Links store the bytes as they are.
      const bytes = Buffer.concat([
        Buffer.from(`%PDF-1.4\n% durability document ${next}\n`),
        randomBytes(sizeBytes),
        Buffer.from('\n%%EOF\n'),
      ])
      documents.set(path, bytes)
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      return { url: `${origin.origin}${path}`, path, sha256, sizeBytes: bytes.byteLength }
    },
    close: () => origin.close(),
  }
}

/** What a load against one server process needs. */
export interface LoadOptions {
  url: string
  ledger: Ledger
  random: Random
  origin: DocumentOrigin
  /** Accounts that create links and extract (pro, so that no free slot limit interferes). */
  linkAccounts: readonly LoadAccount[]
  /** Accounts that only extract (a free one near its quota, to be refused now and then). */
  extractAccounts: readonly LoadAccount[]
  /** Requests in flight at once. */
  workers: number
}

/** A running load; `stop` lets no new operation start and waits for those under way. */
export interface RunningLoad {
  stop(): Promise<void>
}

// Relative weights of the operations of the general workers: creations and visits dominate, as
// in real use. Extractions have a worker of their own: the first of each server process waits
// seconds for an extraction child to start, and would hold a general worker that long.
const WEIGHTS: [GeneralOperation, number][] = [
  ['create', 35],
  ['revoke', 10],
  ['visit', 25],
  ['events', 30],
]
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0)
/** Documents between these sizes, log-uniformly: many small ones, some of a megabyte. */
const MIN_DOCUMENT_BYTES = 2_000
const MAX_DOCUMENT_BYTES = 500_000
/** One request may wait this long; an extraction may have to start a child from sources. */
const REQUEST_TIMEOUT_MS = 60_000
/** Most dwell in one batch, under the 2 s the server allows without scaling it down. */
const MAX_BATCH_MS = 1_500

/**
 * Starts `workers` loops of random link, visit and event operations, and one loop of
 * extractions, against the server at `url`.
 */
export function startLoad(options: LoadOptions): RunningLoad {
  let stopping = false
  const loop = async (operation: () => Promise<void>) => {
    while (!stopping) {
      await operation()
      // A short pause keeps the per-key request limits (60 a minute on pro) out of the picture.
      await new Promise((resolve) => setTimeout(resolve, options.random.int(0, 40)))
    }
  }
  const loops = [
    ...Array.from({ length: options.workers }, () =>
      loop(() => runOperation(options, () => stopping)),
    ),
    loop(() => extract(options)),
  ]
  return {
    async stop() {
      stopping = true
      await Promise.all(loops)
    },
  }
}

function chooseOperation(random: Random): GeneralOperation {
  let left = random.next() * TOTAL_WEIGHT
  for (const [operation, weight] of WEIGHTS) {
    left -= weight
    if (left < 0) return operation
  }
  return 'create'
}

async function runOperation(options: LoadOptions, stopping: () => boolean): Promise<void> {
  const operation = chooseOperation(options.random)
  switch (operation) {
    case 'create':
      return createLink(options)
    case 'revoke':
      return revokeLink(options)
    case 'visit':
      return startVisit(options, stopping)
    case 'events':
      return sendEvents(options)
  }
}

async function createLink({ url, ledger, random, origin, linkAccounts }: LoadOptions) {
  const account = random.pick(linkAccounts)
  if (account === undefined) return
  const ratio = random.next()
  const size = Math.round(MIN_DOCUMENT_BYTES * (MAX_DOCUMENT_BYTES / MIN_DOCUMENT_BYTES) ** ratio)
  const document = origin.addDocument(size)
  const creation: LinkCreation = {
    path: document.path,
    sha256: document.sha256,
    sizeBytes: document.sizeBytes,
    accountId: account.id,
    outcome: 'in-doubt',
  }
  ledger.creations.set(creation.sha256, creation)
  const answer = await send(`${url}/api/v1/links`, {
    method: 'POST',
    headers: apiHeaders(account),
    body: JSON.stringify({ url: document.url }),
  })
  creation.outcome = outcomeOf(answer)
  ledger.count('create', creation.outcome, statusOf(answer))
  if (creation.outcome === 'acked' && answer !== 'lost') {
    const body = answer.body as { id: string; slug: string }
    creation.id = body.id
    creation.slug = body.slug
    ledger.links.set(body.id, creation)
  }
}

async function revokeLink({ url, ledger, random, linkAccounts }: LoadOptions) {
  const candidates = [...ledger.links.values()].filter(
    (link) => link.id !== undefined && !ledger.revokeSent.has(link.id),
  )
  const link = random.pick(candidates)
  const account = linkAccounts.find((each) => each.id === link?.accountId)
  if (link?.id === undefined || account === undefined) return
  ledger.revokeSent.add(link.id)
  // The API wants the JSON content type on every change, as request-forgery protection.
  const answer = await send(`${url}/api/v1/links/${link.id}`, {
    method: 'DELETE',
    headers: apiHeaders(account),
  })
  const outcome = outcomeOf(answer)
  ledger.count('revoke', outcome, statusOf(answer))
  if (outcome === 'acked') ledger.revoked.add(link.id)
}

async function startVisit(options: LoadOptions, stopping: () => boolean) {
  const { url, ledger, random } = options
  const link = random.pick(activeLinks(ledger))
  if (link?.slug === undefined || link.id === undefined) return
  const client = visitorHeaders(random)
  const page = await send(`${url}/d/${link.slug}`, {
    headers: { ...client, accept: 'text/html' },
  })
  if (page === 'lost' || page.status !== 200 || stopping()) return
  const ticket = /<script type="application\/json" id="pdfx-viewer-config">(.*?)<\/script>/s.exec(
    String(page.body),
  )?.[1]
  if (ticket === undefined) throw new Error(`no viewer configuration in the page of ${link.slug}`)
  const answer = await send(`${url}/d/${link.slug}/visits`, {
    method: 'POST',
    headers: { ...client, 'content-type': 'application/json' },
    body: JSON.stringify({ ticket: JSON.parse(ticket).ticket }),
  })
  const outcome = outcomeOf(answer)
  ledger.count('visit', outcome, statusOf(answer))
  if (outcome === 'in-doubt') ledger.visitsInDoubt++
  if (outcome !== 'acked' || answer === 'lost') return
  const { visitToken } = answer.body as { visitToken: string }
  const visitId = visitIdOf(visitToken)
  ledger.visits.set(visitId, {
    id: visitId,
    linkId: link.id,
    slug: link.slug,
    token: visitToken,
    ackedMs: new Map(),
    doubtMs: new Map(),
  })
}

async function sendEvents({ url, ledger, random }: LoadOptions) {
  const visits = [...ledger.visits.values()].filter((visit) => !ledger.revokeSent.has(visit.linkId))
  const visit = random.pick(visits)
  if (visit === undefined) return
  const pages: { page: number; ms: number }[] = []
  let total = 0
  for (let entry = random.int(1, 3); entry > 0; entry--) {
    const ms = random.int(1, Math.floor(MAX_BATCH_MS / 3))
    pages.push({ page: random.int(1, 4), ms })
    total += ms
  }
  if (total > MAX_BATCH_MS) throw new Error('a batch must stay under the clamp')
  const answer = await send(`${url}/d/${visit.slug}/events`, {
    method: 'POST',
    headers: { ...visitorHeaders(random), 'content-type': 'application/json' },
    body: JSON.stringify({ visitToken: visit.token, pages }),
  })
  const outcome = outcomeOf(answer)
  ledger.count('events', outcome, statusOf(answer))
  if (outcome === 'refused') return
  const into = outcome === 'acked' ? visit.ackedMs : visit.doubtMs
  for (const { page, ms } of pages) into.set(page, (into.get(page) ?? 0) + ms)
}

/** Extracts a report of 1-3 pages as a random account, and notes what it was charged. */
export async function extract({
  url,
  ledger,
  random,
  origin,
  linkAccounts,
  extractAccounts,
}: Omit<LoadOptions, 'workers'>): Promise<void> {
  const account = random.pick([...linkAccounts, ...extractAccounts, ...extractAccounts])
  const pages = random.pick(REPORT_PAGES)
  if (account === undefined || pages === undefined) return
  const answer = await send(`${url}/api/v1/extract`, {
    method: 'POST',
    headers: apiHeaders(account),
    body: JSON.stringify({ url: `${origin.origin}/report-${pages}.pdf` }),
  })
  const outcome = outcomeOf(answer)
  ledger.count('extract', outcome, statusOf(answer))
  const tally = ledger.chargesOf(account.id)
  if (outcome === 'acked' && answer !== 'lost') {
    const charged = (answer.body as { source: { pages: number } }).source.pages
    if (charged !== pages) throw new Error(`report-${pages}.pdf extracted as ${charged} pages`)
    tally.acked += pages
  } else if (outcome === 'in-doubt') {
    tally.doubt += pages
  } else {
    tally.refusals++
  }
}

/** Acknowledged links no revocation was sent for: they must serve. */
export function activeLinks(ledger: Ledger): LinkCreation[] {
  return [...ledger.links.values()].filter(
    (link) => link.id !== undefined && !ledger.revokeSent.has(link.id),
  )
}

/** The visit id inside a visit token (`<base64url JSON>.<signature>`, see view-tokens.ts). */
export function visitIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'))
  if (typeof payload.v !== 'string') throw new Error(`a visit token without a visit: ${token}`)
  return payload.v
}

/** A browser from an address of the benchmarking range, forwarded by the trusted loopback proxy. */
export function visitorHeaders(random: Random): Record<string, string> {
  return {
    'user-agent': BROWSER_UA,
    'x-forwarded-for': `198.18.${random.int(0, 255)}.${random.int(1, 254)}`,
  }
}

function apiHeaders(account: LoadAccount): Record<string, string> {
  return { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' }
}

/** A response read in full (JSON parsed when it is JSON), or `lost` when none came. */
export type Answer = { status: number; body: unknown } | 'lost'

/** Sends a request; any failure to get a whole answer (the server died) is `lost`. */
export async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    const text = await response.text()
    const json = (response.headers.get('content-type') ?? '').includes('application/json')
    return { status: response.status, body: json && text !== '' ? JSON.parse(text) : text }
  } catch {
    return 'lost'
  }
}

function outcomeOf(answer: Answer): Outcome {
  if (answer === 'lost' || answer.status >= 500) return 'in-doubt'
  return answer.status >= 200 && answer.status < 300 ? 'acked' : 'refused'
}

function statusOf(answer: Answer): number | undefined {
  return answer === 'lost' ? undefined : answer.status
}
