import { pipeline, Readable, Transform, Writable } from 'node:stream'
import { constants, createInflate, inflateSync } from 'node:zlib'
import { PdfxError } from '@pdfx/schema'

/**
 * Largest size one Flate stream may inflate to, in bytes. pdf.js inflates a content stream into
 * memory in full (its chunks, then one array: twice the size) and then lexes it byte by byte,
 * with no limit of its own. No text page comes near this; a 600 dpi A3 RGB scan (208 MB) fits.
 */
export const MAX_INFLATED_STREAM_BYTES = 256 * 1024 * 1024
/**
 * Largest size all Flate streams of one document may inflate to together, in bytes: many streams
 * just under the limit above would otherwise cost minutes, here and in pdf.js. A 25 MB file of
 * ordinary (2-10x) Flate data stays far below it.
 */
export const MAX_INFLATED_DOCUMENT_BYTES = 4 * 1024 * 1024 * 1024
/** Flate filters chained on one stream that are followed; a real file uses one. */
const MAX_LAYERS = 4
/** Output inflated synchronously before a stream is measured by streaming instead, in bytes. */
const QUICK_INFLATE_BYTES = 4 * 1024 * 1024
/** Output chunk of the streaming inflater, in bytes; larger chunks mean fewer round trips. */
const STREAM_CHUNK_BYTES = 1024 * 1024
/**
 * Deflate's largest expansion, output bytes per compressed byte: its longest match (258 bytes)
 * coded in two bits. zlib documents the same bound.
 */
const MAX_DEFLATE_RATIO = 1032
/** Compressed bytes inflated to look for a nested zlib header (at most ~1032x as many out). */
const PEEK_INPUT_BYTES = 256

const STREAM_KEYWORD = Buffer.from('stream', 'latin1')
const END = Buffer.from('end', 'latin1')
const CR = 0x0d
const LF = 0x0a

/** Limits of `assertNoFlateBomb`; the defaults above unless a test narrows them. */
export interface FlateLimits {
  streamBytes: number
  documentBytes: number
}

/**
 * Refuses a decompression bomb with `pdf_too_complex` before pdf.js sees the file: every stream
 * whose data starts with a zlib header (as FlateDecode data must) is inflated and counted,
 * without keeping the output, along with any Flate layers chained inside it, unless it is too
 * short to reach the stream limit at deflate's largest expansion. The data is found
 * the way pdf.js finds it (after the end of line that follows the `stream` keyword), and read to
 * the end of its zlib stream whatever /Length says, so a lying /Length cannot hide a bomb.
 *
 * A guard in front of pdf.js, not a limit inside it: streams that are not plain zlib data from
 * the start (encrypted streams, LZW, run-length, Flate behind ASCIIHex/ASCII85) are not measured,
 * and zlib stops at corrupt data where pdf.js's own inflater may read on. For untrusted input,
 * still isolate the extraction in a process with a memory limit, as the server does.
 */
export async function assertNoFlateBomb(
  bytes: Uint8Array,
  limits: FlateLimits = {
    streamBytes: MAX_INFLATED_STREAM_BYTES,
    documentBytes: MAX_INFLATED_DOCUMENT_BYTES,
  },
): Promise<void> {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  // A stream that starts in the file's last `tail` bytes has fewer compressed bytes than that, so
  // one layer of it cannot inflate past the stream limit, and the streams there together (they
  // share those bytes) no further than the part of the document budget set aside for them. Such
  // a stream is only peeked at for a nested layer: a one-page PDF is seldom inflated twice.
  const tail = Math.min(file.length, Math.floor(limits.streamBytes / MAX_DEFLATE_RATIO))
  const budget = { left: limits.documentBytes - tail * MAX_DEFLATE_RATIO }
  for (let at = file.indexOf(STREAM_KEYWORD); at >= 0; at = file.indexOf(STREAM_KEYWORD, at + 1)) {
    if (at >= END.length && file.subarray(at - END.length, at).equals(END)) continue
    const start = dataStart(file, at + STREAM_KEYWORD.length)
    if (!isZlibHeader(file, start)) continue
    const data = file.subarray(start)
    if (data.length <= tail && opensWithoutLayer(data)) continue
    await measure(data, 1, limits.streamBytes, budget)
  }
}

/** Where pdf.js starts a stream's data: past the first CR, LF or CRLF after the keyword. */
function dataStart(file: Buffer, from: number): number {
  for (let at = from; at < file.length; at++) {
    if (file[at] === LF) return at + 1
    if (file[at] === CR) return file[at + 1] === LF ? at + 2 : at + 1
  }
  return file.length
}

/** A zlib header as pdf.js and zlib accept it: deflate, a valid check value, no preset dictionary. */
function isZlibHeader(data: Uint8Array, at: number): boolean {
  const cmf = data[at]
  const flg = data[at + 1]
  if (cmf === undefined || flg === undefined) return false
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0 && (flg & 0x20) === 0
}

/**
 * Inflates one zlib stream and the layers nested in it. Small streams (nearly all) are inflated
 * synchronously in one call; larger ones are counted by streaming, so memory stays flat.
 */
async function measure(
  data: Uint8Array,
  layer: number,
  streamBytes: number,
  budget: { left: number },
): Promise<void> {
  let inflated: Buffer
  try {
    // Z_SYNC_FLUSH: a truncated stream yields what it has, as pdf.js would read it.
    inflated = inflateSync(data, {
      finishFlush: constants.Z_SYNC_FLUSH,
      maxOutputLength: QUICK_INFLATE_BYTES,
    })
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      await measureByStreaming(data, layer, streamBytes, budget)
    }
    // Anything else is data zlib cannot read; pdf.js will find it damaged too.
    return
  }
  spend(inflated.length, inflated.length, streamBytes, budget)
  if (layer < MAX_LAYERS && isZlibHeader(inflated, 0)) {
    await measure(inflated, layer + 1, streamBytes, budget)
  }
}

/** Counts every layer's output through a chain of inflaters, stopping at the first limit passed. */
async function measureByStreaming(
  data: Uint8Array,
  layer: number,
  streamBytes: number,
  budget: { left: number },
): Promise<void> {
  const stages: NodeJS.ReadWriteStream[] = []
  let peek: Uint8Array = data
  for (let depth = layer; depth <= MAX_LAYERS; depth++) {
    let total = 0
    stages.push(
      createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: STREAM_CHUNK_BYTES }),
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          total += chunk.length
          try {
            spend(chunk.length, total, streamBytes, budget)
            done(null, chunk)
          } catch (error) {
            done(error as Error)
          }
        },
      }),
    )
    // Another layer follows when this one's output starts with a zlib header of its own.
    peek = peekInflated(peek)
    if (!isZlibHeader(peek, 0)) break
  }
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() })
  await new Promise<void>((resolve, reject) => {
    pipeline([Readable.from([data]), ...stages, discard], (error) => {
      if (error instanceof PdfxError) reject(error)
      else resolve() // zlib errors: the data ends there for zlib, as a bomb-free stream
    })
  })
}

/**
 * Whether a zlib stream's first output bytes show it holds no nested zlib stream. Empty blocks
 * ahead of them could keep those bytes out of a peek: then it cannot tell, and says no.
 */
function opensWithoutLayer(data: Uint8Array): boolean {
  const head = peekInflated(data)
  return head.length >= 2 && !isZlibHeader(head, 0)
}

/** The first output bytes of a zlib stream, from its first compressed bytes only. */
function peekInflated(data: Uint8Array): Uint8Array {
  try {
    return inflateSync(data.subarray(0, PEEK_INPUT_BYTES), {
      finishFlush: constants.Z_SYNC_FLUSH,
    })
  } catch {
    return new Uint8Array(0)
  }
}

function spend(bytes: number, streamTotal: number, streamBytes: number, budget: { left: number }) {
  budget.left -= bytes
  if (streamTotal > streamBytes) {
    throw new PdfxError(
      'pdf_too_complex',
      `The PDF has a compressed stream that inflates to more than ${megabytes(streamBytes)} MB`,
    )
  }
  if (budget.left < 0) {
    throw new PdfxError(
      'pdf_too_complex',
      'The compressed streams of the PDF inflate to more than the limit for one document',
    )
  }
}

function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024))
}
