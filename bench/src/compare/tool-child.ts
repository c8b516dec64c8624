// Child process of `pnpm bench:compare`, started by runNodeTool: loads one tool (argv[2]), then
// reads every PDF of the request on stdin from disk, one after the other, writes each output to
// `<outDir>/<stem>.md` and prints a ChildResult line. A fresh process per tool and round makes
// its peak RSS that tool's alone.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ownPeakRssBytes } from '../peak-rss'
import {
  CHILD_RESULT_PREFIX,
  type ChildDocument,
  type ChildRequest,
  type ChildResult,
  isNodeToolId,
} from './child-protocol'
import { loadNodeTool } from './node-tools'

const tool = process.argv[2]
if (!isNodeToolId(tool)) {
  throw new Error(
    `usage: tool-child.ts pdfjs|fast|hybrid|unpdf < request.json (got ${String(tool)})`,
  )
}

const chunks: Buffer[] = []
for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChildRequest

const read = await loadNodeTool(tool, request.unpdfPdfjs)
// performance.now() counts from the start of this process
const readyMs = performance.now()
const baselineRssBytes = process.memoryUsage().rss

const documents: ChildDocument[] = []
for (const file of request.files) {
  const started = performance.now()
  try {
    const output = await read(new Uint8Array(await readFile(file.path)))
    if (output.text !== undefined)
      await writeFile(join(request.outDir, `${file.stem}.md`), output.text)
    const seconds = (performance.now() - started) / 1000
    documents.push({ stem: file.stem, pages: output.pages, seconds, warnings: output.warnings })
  } catch (error) {
    const seconds = (performance.now() - started) / 1000
    const message = error instanceof Error ? error.message : String(error)
    documents.push({ stem: file.stem, pages: 0, seconds, warnings: [], error: message })
  }
}

const result: ChildResult = {
  tool,
  readyMs,
  baselineRssBytes,
  documents,
  peakRssBytes: ownPeakRssBytes(),
}
process.stdout.write(`${CHILD_RESULT_PREFIX}${JSON.stringify(result)}\n`)
