/**
 * The decompression-bomb guard of @pdfx/core on small inputs, with its limits narrowed to a few
 * megabytes so that every path (quick, streaming, nested, per document) runs in milliseconds.
 */
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { assertNoFlateBomb, type FlateLimits } from './flate-guard.js'

const MiB = 1024 * 1024
/** The guard's quick path inflates up to 4 MiB in one call; these limits sit above it. */
const LIMITS: FlateLimits = { streamBytes: 8 * MiB, documentBytes: 20 * MiB }

/** A file-like byte string: one stream object per data, `eol` after each `stream` keyword. */
function fileWith(
  datas: readonly Uint8Array[],
  eol = '\n',
  lengthOf = (data: Uint8Array) => data.length,
) {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')]
  datas.forEach((data, index) => {
    parts.push(
      Buffer.from(
        `${index + 1} 0 obj << /Length ${lengthOf(data)} /Filter /FlateDecode >> stream${eol}`,
      ),
      Buffer.from(data),
      Buffer.from('\nendstream endobj\n'),
    )
  })
  return new Uint8Array(Buffer.concat(parts))
}

const zeros = (bytes: number) => deflateSync(Buffer.alloc(bytes))

describe('assertNoFlateBomb', () => {
  it('lets streams up to the limit through, small and large', async () => {
    await expect(assertNoFlateBomb(fileWith([zeros(1000)]), LIMITS)).resolves.toBeUndefined()
    // Past the quick path, measured by streaming.
    await expect(assertNoFlateBomb(fileWith([zeros(8 * MiB)]), LIMITS)).resolves.toBeUndefined()
  })

  it('refuses a stream that inflates past the limit with pdf_too_complex', async () => {
    for (const size of [8 * MiB + 1, 64 * MiB]) {
      await expect(assertNoFlateBomb(fileWith([zeros(size)]), LIMITS)).rejects.toMatchObject({
        code: 'pdf_too_complex',
        message: 'The PDF has a compressed stream that inflates to more than 8 MB',
      })
    }
  })

  it('counts layers of Flate nested in one stream', async () => {
    // Both layers are small in the file; the inner one is the bomb.
    const nested = deflateSync(zeros(64 * MiB))
    expect(nested.length).toBeLessThan(4096)
    await expect(assertNoFlateBomb(fileWith([nested]), LIMITS)).rejects.toMatchObject({
      code: 'pdf_too_complex',
    })
    await expect(
      assertNoFlateBomb(fileWith([deflateSync(zeros(MiB))]), LIMITS),
    ).resolves.toBeUndefined()
  })

  it('follows a nested layer that empty blocks keep out of a first look', async () => {
    // Stored deflate blocks of no bytes (5 bytes each) put off the first output past any peek;
    // the stream is far too short to reach the limit itself, but the layer inside it is a bomb.
    const stored = deflateSync(deflateSync(zeros(64 * MiB)), { level: 0 })
    const emptyBlocks = Buffer.from('000000ffff', 'hex')
    const delayed = Buffer.concat([
      stored.subarray(0, 2),
      ...Array.from({ length: 200 }, () => emptyBlocks),
      stored.subarray(2),
    ])
    expect(delayed.length).toBeLessThan(LIMITS.streamBytes / 1032)
    await expect(assertNoFlateBomb(fileWith([delayed]), LIMITS)).rejects.toMatchObject({
      code: 'pdf_too_complex',
    })
  })

  it('refuses many streams under the limit that add up past the document limit', async () => {
    const seven = zeros(7 * MiB)
    await expect(assertNoFlateBomb(fileWith([seven, seven]), LIMITS)).resolves.toBeUndefined()
    await expect(assertNoFlateBomb(fileWith([seven, seven, seven]), LIMITS)).rejects.toMatchObject({
      code: 'pdf_too_complex',
      message: 'The compressed streams of the PDF inflate to more than the limit for one document',
    })
  })

  it('finds data after CR, CRLF and junk before the end of line, whatever /Length says', async () => {
    const bomb = zeros(64 * MiB)
    for (const eol of ['\r', '\r\n', ' junk\n']) {
      await expect(assertNoFlateBomb(fileWith([bomb], eol), LIMITS)).rejects.toMatchObject({
        code: 'pdf_too_complex',
      })
    }
    // A /Length of 10 does not stop the count: pdf.js may read past it.
    await expect(
      assertNoFlateBomb(
        fileWith([bomb], '\n', () => 10),
        LIMITS,
      ),
    ).rejects.toMatchObject({ code: 'pdf_too_complex' })
  })

  it('ignores data that is not zlib and zlib data that breaks off', async () => {
    const text = new TextEncoder().encode('BT /F1 12 Tf (stream) Tj ET')
    const broken = zeros(64 * MiB).subarray(0, 20)
    const corrupt = Uint8Array.from([0x78, 0x9c, 0xff, 0xff, 0xff, 0xff])
    await expect(
      assertNoFlateBomb(fileWith([text, broken, corrupt]), LIMITS),
    ).resolves.toBeUndefined()
  })
})
