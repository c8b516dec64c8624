// Extracts a PDF through the REST API: `node examples/client/quick-start.mjs [pdf-url]`.
// Without a URL it extracts examples/sample/report.pdf, served from this machine.
// PDFX_BASE_URL (default http://localhost:8787) and PDFX_API_KEY (optional) are read by the client.
import { Pdfx, PdfxApiError } from '../../packages/client/dist/index.js'
import { serveSample } from './serve-sample.mjs'

const sample = process.argv[2] ? undefined : await serveSample()
const url = process.argv[2] ?? sample.url
const pdfx = new Pdfx()

try {
  const doc = await pdfx.extract({ url, outputs: ['markdown', 'chunks'], chunkTokens: 256 })
  console.log(`${doc.title ?? 'Untitled'}: ${doc.source.pages} pages, engine ${doc.source.engine}`)
  console.log(doc.markdown.split('\n').slice(0, 8).join('\n'))
  // `chunks` is typed Chunk[] here because the request asked for chunks.
  console.log(`\n${doc.chunks.length} chunks, the first in section "${doc.chunks[0]?.section}"`)
} catch (error) {
  if (!(error instanceof PdfxApiError)) throw error
  console.error(`${error.status} ${error.code}: ${error.message} (request ${error.requestId})`)
  process.exitCode = 1
} finally {
  await sample?.close()
}
