/** The typed SDK for the hosted pdfx API is being built (issue 7); it re-exports the wire types. */
export type { DocLink, ErrorBody, ExtractedDocument } from '@pdfx/schema'
export { PdfxError } from '@pdfx/schema'
