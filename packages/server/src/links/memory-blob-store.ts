import { Readable } from 'node:stream'
import { assertBlobKey, type BlobStore, type StoredBlob, sha256Hex } from './blob-store.js'

/** PDFs in memory, for a server on an in-memory database: nothing of it outlives the process. */
export function createMemoryBlobStore(): BlobStore {
  const blobs = new Map<string, { bytes: Uint8Array; storedAt: Date }>()
  return {
    async put(key, bytes): Promise<StoredBlob> {
      assertBlobKey(key)
      blobs.set(key, { bytes: bytes.slice(), storedAt: new Date() })
      return {
        sizeBytes: bytes.byteLength,
        sha256: sha256Hex(bytes),
      }
    },
    async open(key) {
      assertBlobKey(key)
      const stored = blobs.get(key)
      if (stored === undefined) return null
      const { buffer, byteOffset, byteLength } = stored.bytes
      // A view of the stored bytes, not a copy: nothing ever writes to them.
      return {
        sizeBytes: byteLength,
        stream: Readable.from([Buffer.from(buffer, byteOffset, byteLength)]),
      }
    },
    async delete(key) {
      assertBlobKey(key)
      blobs.delete(key)
    },
    async list() {
      return [...blobs].map(([key, { storedAt }]) => ({ key, storedAt }))
    },
  }
}
