import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'

/** What a stored PDF is known by besides its key. */
export interface StoredBlob {
  sizeBytes: number
  /** SHA-256 of the bytes, lower-case hex. */
  sha256: string
}

/** A stored PDF being read: its size, and its bytes as they come, chunk by chunk. */
export interface BlobReader {
  sizeBytes: number
  stream: Readable
}

/**
 * Where the PDFs of Doc Links live (ARCHITECTURE: a directory by default, a PostgreSQL table when
 * the database is PostgreSQL, so that every instance sees the same files). Keys are the ids of
 * the links, which are safe as file names.
 */
export interface BlobStore {
  /** Stores the bytes durably under `key`, replacing nothing: a key is written once. */
  put(key: string, bytes: Uint8Array): Promise<StoredBlob>
  /**
   * The bytes under `key` as a stream, or null when there are none: serving a PDF to a viewer
   * holds a chunk of it in memory at a time, not the whole file.
   */
  open(key: string): Promise<BlobReader | null>
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>
  /** Every stored key with the time it was written. */
  list(): Promise<{ key: string; storedAt: Date }[]>
}

/** Blob keys are link ids; anything else could escape a directory or collide, so it is refused. */
export function assertBlobKey(key: string): void {
  if (!/^[a-z]{3}_[a-z0-9]{16,32}$/.test(key)) throw new Error(`Invalid blob key "${key}"`)
}

/** The lower-case hex SHA-256 that `StoredBlob.sha256` reports. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}
