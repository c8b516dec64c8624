/** @pdfx/client: the typed SDK of the pdfx REST API. Depends on @pdfx/schema only. */
export {
  type Chunk,
  type CreateLinkRequestInput,
  type DocLink,
  type DocLinkList,
  type DocLinkListItem,
  type DocLinkRevoked,
  type DocLinkStats,
  type Element,
  type ErrorBody,
  type ErrorCode,
  type ExtractedDocument,
  type ExtractedImage,
  type ExtractMode,
  isPdfxError,
  type OutputKind,
  PdfxError,
  type Visit,
} from '@pdfx/schema'
export { DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS, Pdfx, type PdfxOptions } from './client.js'
export {
  PdfxApiError,
  PdfxConnectionError,
  PdfxResponseError,
  PdfxTimeoutError,
  type ResponseIssue,
} from './errors.js'
export type { DefaultOutputs, ExtractParams, ExtractResult } from './extract.js'
export type { FetchLike, RequestOptions } from './http.js'
export { type GetLinkOptions, PdfxLinks } from './links.js'
export { DEFAULT_MAX_RETRIES, MAX_RETRY_AFTER_SECONDS, type Sleep } from './retry.js'
