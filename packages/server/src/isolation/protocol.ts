import type { ExtractOptions } from '@pdfx/core'
import type { ErrorCode, ExtractedDocument } from '@pdfx/schema'

/** Extraction options as they cross the process boundary: an AbortSignal cannot be cloned. */
export type WireExtractOptions = Omit<ExtractOptions, 'signal'>

/** Parent → child: extract one document. A child runs one job at a time. */
export interface ExtractRequest {
  type: 'extract'
  id: number
  bytes: Uint8Array
  options: WireExtractOptions
}

/** Child → parent: the child has loaded the engine and takes jobs from now on. */
export interface ReadyMessage {
  type: 'ready'
}

/** Child → parent: the job produced a document. */
export interface DoneMessage {
  type: 'done'
  id: number
  document: ExtractedDocument
}

/**
 * Child → parent: the job failed. `code` and `message` come from a PdfxError and may be shown to
 * users; `detail` (the stack of anything else) is for logs only and never reaches a message.
 */
export interface FailedMessage {
  type: 'failed'
  id: number
  code: ErrorCode
  message: string
  detail?: string
}

/** Every message a child sends. */
export type ChildMessage = ReadyMessage | DoneMessage | FailedMessage
