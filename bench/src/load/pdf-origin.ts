import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A loopback HTTP origin serving one PDF from memory. */
export interface PdfOrigin {
  /** `http://127.0.0.1:<port>/document.pdf` */
  url: string
  close(): Promise<void>
}

/** Serves `bytes` at `/document.pdf` on a free port of 127.0.0.1 (anything else: 404). */
export async function startPdfOrigin(bytes: Uint8Array): Promise<PdfOrigin> {
  const server = createServer((request, response) => {
    if (request.url !== '/document.pdf') {
      response.writeHead(404).end()
      return
    }
    response
      .writeHead(200, { 'content-type': 'application/pdf', 'content-length': bytes.byteLength })
      .end(bytes)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/document.pdf`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Keep-alive connections of the servers' fetchers would otherwise hold close() open.
        server.closeAllConnections()
      }),
  }
}
