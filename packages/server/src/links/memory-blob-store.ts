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
    async get(key) {
      assertBlobKey(key)
      return blobs.get(key)?.bytes.slice() ?? null
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
