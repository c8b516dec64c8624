// Serves examples/sample/report.pdf on 127.0.0.1, so the examples need nothing from the internet.
// The server fetches it from there, so start the server with PDFX_FETCH_ALLOW=127.0.0.1/32.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'

/** Starts the origin; returns the PDF's URL and a close function. */
export async function serveSample() {
  const pdf = await readFile(new URL('../sample/report.pdf', import.meta.url))
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/pdf' })
    response.end(pdf)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  return {
    url: `http://127.0.0.1:${port}/report.pdf`,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}
