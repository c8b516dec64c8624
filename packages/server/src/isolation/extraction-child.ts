/**
 * Entry point of an extraction child process, forked by the pool in pool.ts. It runs one job at a
 * time and answers over the IPC channel; the parent enforces deadlines and memory limits by
 * killing this process, so nothing here needs to be interruptible.
 */
import { extract } from '@pdfx/core'
import { isPdfxError } from '@pdfx/schema'
import type { ChildMessage, ExtractRequest } from './protocol.js'
import { warmUpPdf } from './warm-up.js'

if (process.send === undefined) {
  throw new Error('extraction-child must be started by the extraction pool (no IPC channel)')
}

function reply(message: ChildMessage): void {
  process.send?.(message)
}

async function run(request: ExtractRequest): Promise<void> {
  let message: ChildMessage
  try {
    const document = await extract(request.bytes, request.options)
    message = { type: 'done', id: request.id, document }
  } catch (error) {
    message = isPdfxError(error)
      ? { type: 'failed', id: request.id, code: error.code, message: error.message }
      : unexpected(request.id, error)
  }
  try {
    reply(message)
  } catch (error) {
    // The document could not be cloned onto the channel: report that rather than crash.
    reply(unexpected(request.id, error))
  }
}

/** A failure that is not the document's fault: a fixed message, the details for logs only. */
function unexpected(id: number, error: unknown): ChildMessage {
  return {
    type: 'failed',
    id,
    code: 'internal',
    message: 'The extraction failed unexpectedly.',
    detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
  }
}

// An orphan would keep using memory and CPU for nobody: leave when the parent goes away.
process.on('disconnect', () => process.exit(0))
process.on('message', (message: ExtractRequest) => {
  if (message?.type === 'extract') void run(message)
})

// A failed warm-up is not fatal: the first real job then pays the loading costs instead.
await extract(warmUpPdf()).catch(() => undefined)
reply({ type: 'ready' })
