import { buffer } from 'node:stream/consumers'
import type { BlobReader } from '../src/links/blob-store.js'

/**
 * Reads to its end a PDF opened with `BlobStore.open` or `LinkStore.openPdf`: its bytes, or null
 * when there was nothing to open.
 */
export async function readWhole(opened: Promise<BlobReader | null>): Promise<Uint8Array | null> {
  const reader = await opened
  return reader === null ? null : new Uint8Array(await buffer(reader.stream))
}
