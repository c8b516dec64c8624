import type { CreateLinkRequestInput, Pdfx } from '@pdfx/client'
import { type Credentials, explainApiError, openClient } from '../api-client.js'
import { EXIT, type ExitCode } from '../exit-codes.js'
import { renderCreated, renderLinkList, renderLinkStats } from '../render-links.js'
import { formatError } from '../report-error.js'
import { stdoutWidth } from '../terminal.js'
import type { CreateFlags, JsonFlags, StatsFlags } from './links.js'

/** Runs `pdfx links create`: the public URL on stdout, details on stderr. */
export function runLinksCreate(url: string, flags: CreateFlags): Promise<ExitCode> {
  return withClient(async (client) => {
    const request: CreateLinkRequestInput = { url }
    if (flags.name !== undefined) request.name = flags.name
    if (flags.slug !== undefined) request.slug = flags.slug
    if (flags.expires !== undefined) request.expiresAt = flags.expires
    if (!flags.notify) request.notifyOnOpen = false
    if (!flags.download) request.allowDownload = false
    const link = await client.links.create(request)
    if (flags.json) {
      writeJson(link)
    } else {
      process.stdout.write(`${link.link}\n`)
      process.stderr.write(renderCreated(link))
    }
  })
}

/** Runs `pdfx links list`. */
export function runLinksList(flags: JsonFlags): Promise<ExitCode> {
  return withClient(async (client) => {
    const list = await client.links.list()
    if (flags.json) return writeJson(list)
    if (list.links.length === 0) {
      process.stderr.write('pdfx: no Doc Links yet; create one with "pdfx links create <url>"\n')
      return
    }
    process.stdout.write(renderLinkList(list.links, { nowMs: Date.now(), width: stdoutWidth() }))
  })
}

/** Runs `pdfx links stats`. */
export function runLinksStats(id: string, flags: StatsFlags): Promise<ExitCode> {
  return withClient(async (client) => {
    const stats = await client.links.get(id, { includeVisits: flags.visits ?? false })
    if (flags.json) return writeJson(stats)
    const width = stdoutWidth()
    process.stdout.write(renderLinkStats(stats, { nowMs: Date.now(), width }))
  })
}

/** Runs `pdfx links revoke`; revoking a revoked link succeeds again. */
export function runLinksRevoke(id: string, flags: JsonFlags): Promise<ExitCode> {
  return withClient(async (client) => {
    const revoked = await client.links.revoke(id)
    if (flags.json) return writeJson(revoked)
    process.stdout.write(`revoked ${revoked.id}\n`)
  })
}

/**
 * Opens a client with the saved or given key and runs `work`: exit 0 when it succeeds, else
 * `pdfx: error [code] message` on stderr and exit 1 (a missing key included).
 */
async function withClient(work: (client: Pdfx) => Promise<void>): Promise<ExitCode> {
  let credentials: Credentials | undefined
  try {
    const opened = await openClient({ requireKey: true })
    credentials = opened.credentials
    await work(opened.client)
    return EXIT.ok
  } catch (error) {
    const shown = credentials ? explainApiError(error, credentials) : error
    process.stderr.write(formatError(shown))
    return EXIT.failure
  }
}

function writeJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
}
