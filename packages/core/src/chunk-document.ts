import type { Chunk, ExtractedDocument } from '@pdfx/schema'
import { type ChunkOptions, chunkElements } from './pipeline/chunks.js'

/** Chunks an already extracted document (it must have its elements) under a token budget. */
export function chunkDocument(
  document: Pick<ExtractedDocument, 'elements'>,
  options: ChunkOptions,
): Chunk[] {
  return chunkElements(document.elements, options)
}
