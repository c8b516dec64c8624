import { type Config, loadConfig } from './config.js'
import { openServer, type PdfxServer } from './server.js'

/**
 * Longest a shutdown may take before the process exits anyway, in milliseconds: requests in
 * flight get this long to finish (30 s is also what orchestrators wait before killing).
 */
const SHUTDOWN_GRACE_MS = 30_000

/** Command that creates the first account, printed at start-up for new installations. */
export const FIRST_ACCOUNT_HINT =
  'pnpm pdfx-server account create --email you@example.com --plan free --json'

/**
 * Starts the server from the environment: reads and checks the configuration, opens everything,
 * listens, and closes gracefully on SIGTERM or SIGINT (a second signal exits at once).
 * Resolves once listening, with the server and the address it listens on.
 */
export async function runServer(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<{ server: PdfxServer; address: string }> {
  const config: Config = loadConfig(env)
  const server = await openServer(config, { logger: { level: config.logLevel } })
  let address: string
  try {
    address = await server.app.listen({ host: config.host, port: config.port })
  } catch (error) {
    await server.close()
    throw error
  }
  // Plain lines on stderr for the person starting it; stdout carries the JSON log.
  process.stderr.write(
    `pdfx server listening on ${address} (public base URL ${config.baseUrl})\n` +
      `Create an account and its API key: ${FIRST_ACCOUNT_HINT}\n`,
  )
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      server.app.log.warn({ signal }, 'second signal: exiting without waiting')
      process.exit(1)
    }
    stopping = true
    server.app.log.info({ signal }, 'shutting down: finishing requests in flight')
    const deadline = setTimeout(() => {
      server.app.log.error('shutdown took too long: exiting')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS)
    deadline.unref()
    server.close().then(
      () => {
        clearTimeout(deadline)
        process.exitCode = 0
      },
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  return { server, address }
}
