// Every Doc Link method: `PDFX_API_KEY=pdfx_... node examples/client/links.mjs [pdf-url]`.
// Publishes a PDF as a tracked link, lists the library, reads the link's stats, and revokes it.
import { isPdfxError, Pdfx } from '../../packages/client/dist/index.js'
import { serveSample } from './serve-sample.mjs'

if (!process.env.PDFX_API_KEY) {
  console.error(
    'Doc Links need a key: pnpm pdfx-server account create --email you@example.com --plan free --json',
  )
  process.exit(2)
}

const sample = process.argv[2] ? undefined : await serveSample()
const url = process.argv[2] ?? sample.url
const pdfx = new Pdfx()

try {
  const link = await pdfx.links.create({ url, name: 'Field station report', notifyOnOpen: false })
  console.log(`created ${link.id}: ${link.link}`)

  const { links } = await pdfx.links.list()
  console.log(`library: ${links.length} link(s), newest "${links[0]?.name}"`)

  const stats = await pdfx.links.get(link.slug, { includeVisits: true })
  console.log(`stats: ${stats.totalViews} views, ${stats.visitors} visitors, plan ${stats.plan}`)

  const revoked = await pdfx.links.revoke(link.id)
  console.log(`revoked ${revoked.slug}: disabled=${revoked.disabled}`)
} catch (error) {
  if (!isPdfxError(error)) throw error
  console.error(`${error.code}: ${error.message}`)
  process.exitCode = 1
} finally {
  await sample?.close()
}
