import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A real HTTP listener on a loopback address that counts every TCP connection it accepts. */
export interface LoopbackServer {
  /** `http://host:port` without a trailing slash. */
  origin: string
  port: number
  /** TCP connections accepted so far; zero proves the fetcher never dialled this listener. */
  connections(): number
  /** Request paths in arrival order. */
  paths: string[]
  close(): Promise<void>
}

/** Handles one request of a test server. */
export type Handler = (request: IncomingMessage, response: ServerResponse) => void

/** A small but well-formed PDF: the fetcher only sniffs, so hand-written bytes are enough. */
export const PDF_BYTES = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
)

/** Starts a listener on `host` (loopback only: tests never send traffic anywhere else). */
export async function startLoopbackServer(
  handler: Handler,
  host: '127.0.0.1' | '127.0.0.2' = '127.0.0.1',
): Promise<LoopbackServer> {
  const paths: string[] = []
  let connections = 0
  const server = createServer((request, response) => {
    paths.push(request.url ?? '')
    handler(request, response)
  })
  server.on('connection', () => {
    connections++
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://${host}:${port}`,
    port,
    connections: () => connections,
    paths,
    close: async () => {
      // Keep-alive and dripping sockets would otherwise hold close() open.
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A port on 127.0.0.1 that was just bound and released, so connecting to it is refused. */
export async function closedLoopbackPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Serves `body` as a PDF with a 200 status. */
export function servePdf(body: Uint8Array, headers: Record<string, string> = {}): Handler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/pdf', ...headers })
    response.end(body)
  }
}
