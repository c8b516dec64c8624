// Child process of the load benchmark, started by startServerProcess: opens one pdfx server from
// the ServerSpec of the parent's first message, listens on a free loopback port and answers the
// parent's requests over the IPC channel. With the server in a process of its own, its RSS is the
// server's alone, and the load generator does not share its event loop.
import { loadConfig, openServer, type PdfxServer } from '@pdfx/server'
import type { ChildMessage, ParentMessage, ProcessMemory, ServerSpec } from './protocol'

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve()
    process.send(message, undefined, {}, () => resolve())
  })
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** RSS and heap after a full collection (the child runs with --expose-gc), so runs compare. */
function readMemory(): ProcessMemory {
  globalThis.gc?.()
  const usage = process.memoryUsage()
  return { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed }
}

async function open(spec: ServerSpec): Promise<{ server: PdfxServer; url: string }> {
  const server = await openServer(loadConfig(spec.env), {
    ...(spec.limits && { limits: spec.limits }),
    ...(spec.linkLimits && { linkLimits: spec.linkLimits }),
    poolOptions: { prestart: spec.prestart },
  })
  try {
    return { server, url: await server.app.listen({ host: '127.0.0.1', port: 0 }) }
  } catch (error) {
    await server.close()
    throw error
  }
}

let server: PdfxServer | undefined
let closing: Promise<void> | undefined

/** Closes the server and ends the process; the parent going away does the same. */
function shutdown(): Promise<void> {
  closing ??= (async () => {
    await server?.close()
  })()
  return closing
}

async function handle(message: ParentMessage): Promise<void> {
  if (message.type === 'open') {
    try {
      const opened = await open(message.spec)
      server = opened.server
      await send({ type: 'ready', url: opened.url })
    } catch (error) {
      await send({ type: 'failed', message: messageOf(error) })
      process.exit(1)
    }
    return
  }
  try {
    if (!server) throw new Error('The server is not open')
    if (message.type === 'account') {
      const { account, apiKey } = await server.store.createAccount({
        email: `load-${message.id}-${Date.now()}@example.com`,
        plan: message.plan,
      })
      if (message.credits > 0) await server.store.addCredits(account.id, message.credits)
      await send({ type: 'account', id: message.id, accountId: account.id, apiKey })
    } else if (message.type === 'memory') {
      await send({ type: 'memory', id: message.id, memory: readMemory() })
    } else {
      await shutdown()
      await send({ type: 'closed', id: message.id })
      process.exit(0)
    }
  } catch (error) {
    await send({ type: 'error', id: message.id, message: messageOf(error) })
  }
}

process.on('message', (message: ParentMessage) => void handle(message))
// An orphaned server would keep its port, database connections and pool children.
process.on('disconnect', () => {
  void shutdown().finally(() => process.exit(0))
})
