import { ExtractedDocumentSchema, isPdfxError } from '@pdfx/schema'
import { extract } from '../../src/index.js'
import type { ChildReport } from './run-in-child.js'

/**
 * What `extract` made of a hostile input: a document that validates, a PdfxError, or anything
 * else (a crash). Shared by the in-process test and the child-process runner.
 */
export async function extractOutcome(input: Uint8Array): Promise<ChildReport['outcome']> {
  try {
    // A document that does not validate throws here and is reported as a crash.
    const document = ExtractedDocumentSchema.parse(await extract(input))
    return {
      kind: 'document',
      pages: document.source.pages,
      markdown: document.markdown,
      ...(document.title !== undefined && { title: document.title }),
    }
  } catch (error) {
    if (isPdfxError(error)) return { kind: 'error', code: error.code, message: error.message }
    return { kind: 'crash', message: error instanceof Error ? String(error.stack) : String(error) }
  }
}
