import { buffer } from 'node:stream/consumers'
import { expect } from 'vitest'
import type { BlobReader } from '../src/links/blob-store.js'

/**
 * Reads to its end a PDF opened with `BlobStore.open` or `LinkStore.openPdf`: its bytes, or null
 * when there was nothing to open.
 */
export async function readWhole(opened: Promise<BlobReader | null>): Promise<Uint8Array | null> {
  const reader = await opened
  return reader === null ? null : new Uint8Array(await buffer(reader.stream))
}

/**
 * Asserts that `actual` holds exactly `expected`: compared as bytes (toEqual would walk megabytes
 * one element at a time), and on a mismatch reported by length or by the first byte that differs.
 */
export function expectSameBytes(actual: Uint8Array | null, expected: Uint8Array): void {
  expect(actual).not.toBeNull()
  const bytes = actual as Uint8Array
  expect(bytes.byteLength).toBe(expected.byteLength)
  if (Buffer.compare(bytes, expected) === 0) return
  const at = bytes.findIndex((byte, i) => byte !== expected[i])
  expect.fail(
    `the bytes differ first at offset ${at}: ${bytes[at]} where ${expected[at]} was stored`,
  )
}
